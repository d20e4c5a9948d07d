package dev.stateful.inmemory.scenarios;

import static dev.stateful.inmemory.testing.TestObjects.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Upstream {@code ClaimPods} with the {@code isMemberOf} filter: orphans that match the selector and are named after the set are
 * adopted by patch; other pods are ignored; an owned pod that stops matching is released.
 */
@ExtendWith(InMemoryClusterExtension.class)
class AdoptionScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
    }

    private Pod userPod(String name) {
        return s.cluster().user().pods().create(pod(name));
    }

    @Test
    void anOrphanNamedAfterTheSetWithMatchingLabelsIsAdoptedByPatchNotRecreated() {
        Pod orphan = userPod("web-1");
        StatefulSet set = s.apply(SetManifest.web().replicas(3).withoutClaims());
        long mark = s.mark();

        s.sync();

        Pod adopted = s.pod("web-1");
        assertThat(adopted.metadata().uid()).isEqualTo(orphan.metadata().uid());
        assertThat(adopted.metadata().controllerRef()).hasValueSatisfying(ref -> {
            assertThat(ref.uid()).isEqualTo(set.metadata().uid());
            assertThat(ref.blockOwnerDeletion()).isTrue();
        });
        assertThat(s.controllerWrites(mark).verb(Verb.PATCH).kind(Kind.PODS).names()).containsExactly("web-1");
        assertThat(s.podsCreated(mark)).containsExactly("web-0");
    }

    @Test
    void anAdoptedPodIsNeverCreatedAgainAndEndsUpManagedLikeTheOthers() {
        userPod("web-1");
        s.apply(SetManifest.web().replicas(3).withoutClaims());

        s.settle();

        assertThat(s.podNames()).containsExactly("web-0", "web-1", "web-2");
        assertThat(s.podsCreated(0)).doesNotHaveDuplicates();
        assertThat(s.pod("web-1").metadata().labels()).containsEntry("statefulset.kubernetes.io/pod-name", "web-1")
                .containsEntry("controller-revision-hash", s.status().updateRevision());
        assertThat(s.status().readyReplicas()).isEqualTo(3);
    }

    @Test
    void aPodWithMatchingLabelsButAnotherSetsNameIsIgnored() {
        userPod("y-1");
        s.apply(SetManifest.web().replicas(2).withoutClaims());

        s.settle();

        assertThat(s.pod("y-1").metadata().ownerReferences()).isEmpty();
        assertThat(s.cluster().audit().query().filter(r -> r.name().equals("y-1")).by(Actor.CONTROLLER).isEmpty()).isTrue();
        assertThat(s.status().replicas()).isEqualTo(2);
    }

    @Test
    void anOwnedPodWhoseLabelsStopMatchingIsReleasedNotDeleted() {
        StatefulSet set = s.apply(SetManifest.web().replicas(3).withoutClaims());
        s.settle();
        Pod web2 = s.pod("web-2");
        s.cluster().user().pods().update(web2.withMetadata(web2.metadata().withLabels(Map.of("app", "debugging"))));
        long mark = s.mark();

        s.sync();

        Pod released = s.pod("web-2");
        assertThat(released.metadata().uid()).isEqualTo(web2.metadata().uid());
        assertThat(released.metadata().ownerReferences()).noneMatch(r -> r.uid().equals(set.metadata().uid()));
        assertThat(s.controllerWrites(mark).verb(Verb.PATCH).kind(Kind.PODS).names()).containsExactly("web-2");
        assertThat(s.podsDeleted(mark)).isEmpty();
    }
}
