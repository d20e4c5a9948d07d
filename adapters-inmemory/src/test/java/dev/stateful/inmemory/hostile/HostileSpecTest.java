package dev.stateful.inmemory.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.status.InvalidSpecCondition;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.domain.validation.SpecMutations;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.events.RecordedEvent;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.StatefulSetAdmission;
import dev.stateful.ports.reconcile.SyncResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Invalid StatefulSets that reach the controller (an API server that does not validate, like a
 * mock): each gets a Warning event and an InvalidSpec condition naming the field, nothing is
 * created for it, no exception escapes, and a valid set next to them still converges.
 */
class HostileSpecTest {

    static final int INVALID_SETS = 2_000;

    @Test
    void invalidSetsGetAnEventAndAConditionWhileValidSetsKeepReconciling() {
        long seed = Long.getLong("hostile.seed", new Random().nextLong());
        Random random = new Random(seed);
        InMemoryCluster cluster = InMemoryCluster.builder().seed(seed).instantKubelet().admission(StatefulSetAdmission.NONE).build();
        ControllerDriver driver = new ControllerDriver(cluster);
        cluster.user().statefulSets().create(Fixtures.statefulSet("good", 2).withMetadata(
                Fixtures.statefulSet("good", 2).metadata().withUid(null).withCreationTimestamp(null)));
        List<SpecMutations.Mutated> bad = new ArrayList<>();
        for (int i = 0; i < INVALID_SETS; i++) {
            SpecMutations.Mutated m = SpecMutations.invalid(random, "bad-" + i);
            bad.add(m);
            cluster.user().statefulSets().create(m.set().withMetadata(m.set().metadata().withCreationTimestamp(null)));
        }

        List<SyncResult> results = driver.settle().lastPass();

        String context = "seed=" + seed;
        assertThat(results).as(context).allSatisfy(r -> assertThat(r.error()).as(context + " " + r.key()).isEmpty());
        StatefulSet good = cluster.stores().statefulSets().get(new ObjectKey("default", "good")).orElseThrow();
        assertThat(good.status().readyReplicas()).as(context).isEqualTo(2);
        assertThat(InvalidSpecCondition.isSet(good.status())).isFalse();
        for (SpecMutations.Mutated m : bad) {
            String name = m.set().name();
            String why = context + " " + name + " " + m.descriptions();
            StatefulSet stored = cluster.stores().statefulSets().get(new ObjectKey("default", name)).orElseThrow();
            StatefulSetStatus.Condition condition = stored.status().conditions().stream()
                    .filter(c -> InvalidSpecCondition.TYPE.equals(c.type())).findFirst().orElseThrow(() -> new AssertionError("no condition, " + why));
            for (String path : m.invalidPaths()) {
                assertThat(condition.message()).as(why).contains(path);
            }
            assertThat(cluster.events().about("default", name)).as(why)
                    .anySatisfy(e -> assertThat(e.reason()).isEqualTo("FailedValidation"))
                    .allSatisfy(e -> assertThat(e.type()).isEqualTo("Warning"));
        }
        assertThat(cluster.stores().pods().list("default")).allSatisfy(p -> assertThat(p.name()).startsWith("good-"));
        assertThat(cluster.audit().query().by(Actor.CONTROLLER).kind(Kind.PODS).names()).allSatisfy(n -> assertThat(n).startsWith("good-"));
    }

    @Test
    void fixingTheSpecClearsTheConditionAndTheSetComesUp() {
        InMemoryCluster cluster = InMemoryCluster.builder().instantKubelet().admission(StatefulSetAdmission.NONE).build();
        ControllerDriver driver = new ControllerDriver(cluster);
        StatefulSet valid = Fixtures.statefulSet("web", 2);
        valid = valid.withMetadata(valid.metadata().withUid(null).withCreationTimestamp(null));
        cluster.user().statefulSets().create(valid.withSpec(valid.spec().withReplicas(-3)));
        driver.settle();
        StatefulSet stored = cluster.stores().statefulSets().get(new ObjectKey("default", "web")).orElseThrow();
        assertThat(stored.status().conditions()).singleElement().satisfies(c -> {
            assertThat(c.type()).isEqualTo("InvalidSpec");
            assertThat(c.message()).contains("spec.replicas");
        });
        assertThat(cluster.events().all()).extracting(RecordedEvent::reason).containsOnly("FailedValidation");

        cluster.user().statefulSets().update(stored.withSpec(stored.spec().withReplicas(2)));
        driver.settle();
        stored = cluster.stores().statefulSets().get(new ObjectKey("default", "web")).orElseThrow();
        assertThat(stored.status().conditions()).isEmpty();
        assertThat(stored.status().readyReplicas()).isEqualTo(2);
    }
}
