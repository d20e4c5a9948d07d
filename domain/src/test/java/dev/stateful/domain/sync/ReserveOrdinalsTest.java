package dev.stateful.domain.sync;

import static dev.stateful.domain.sync.Plans.creates;
import static dev.stateful.domain.sync.Plans.deletes;
import static dev.stateful.domain.sync.Plans.ops;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.SetExtensions;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.testing.Fixtures;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@code spec.reserveOrdinals} of our own kind (kubernetes#83224): reserved ordinals get no pod, a pod
 * at one is removed like a scale-down victim, and {@code replicas} counts the pods that run.
 */
class ReserveOrdinalsTest {

    static StatefulSet reserving(StatefulSet set, Object... entries) {
        List<IntOrString> list = List.of(entries).stream()
                .map(e -> e instanceof Integer i ? IntOrString.of(i) : IntOrString.of((String) e)).toList();
        return set.as(SetKind.STATEFUL_DEV, new SetExtensions(false, null, list));
    }

    private static Map<String, String> uids(Cluster cluster) {
        return cluster.pods().stream().collect(Collectors.toMap(Pod::name, p -> p.metadata().uid()));
    }

    @Test
    void aReservedOrdinalGetsNoPodAndTheRangeGoesOnPastIt() {
        Cluster cluster = Cluster.of(reserving(Fixtures.statefulSet("web", 3), 1)).converge();

        assertThat(cluster.podNames()).containsExactlyInAnyOrder("web-0", "web-2", "web-3");
        assertThat(cluster.claims()).extracting(PersistentVolumeClaim::name).containsExactlyInAnyOrder("www-web-0", "www-web-2", "www-web-3");
        assertThat(cluster.set().status().replicas()).as("replicas counts the pods that run").isEqualTo(3);
        assertThat(cluster.set().status().readyReplicas()).isEqualTo(3);
    }

    @Test
    void reservingTheOrdinalOfARunningPodRemovesItAndTheNextFreeOrdinalReplacesIt() {
        Cluster cluster = Cluster.of(reserving(Fixtures.statefulSet("web", 3))).converge();
        Map<String, String> before = uids(cluster);

        cluster.replaceSet(set -> reserving(set, 1));
        Plan plan = cluster.sync();

        assertThat(creates(plan)).as("OrderedReady: the missing web-3 first").containsExactly("web-3");
        cluster.converge();
        assertThat(cluster.podNames()).containsExactlyInAnyOrder("web-0", "web-2", "web-3");
        assertThat(uids(cluster)).containsEntry("web-0", before.get("web-0")).containsEntry("web-2", before.get("web-2"));
        assertThat(cluster.claim("www-web-1")).as("whenScaled Retain keeps the claim").isPresent();
    }

    @Test
    void aPodAtAReservedOrdinalIsDeletedAsACondemnedPod() {
        Cluster cluster = Cluster.of(Fixtures.parallel(Fixtures.statefulSet("web", 3)).as(SetKind.STATEFUL_DEV, SetExtensions.NONE)).converge();

        cluster.replaceSet(set -> reserving(set, "0-1"));
        Plan plan = cluster.sync();

        assertThat(creates(plan)).containsExactlyInAnyOrder("web-3", "web-4");
        assertThat(deletes(plan, Operation.DeletePod.Cause.CONDEMNED)).containsExactly("web-1", "web-0");
    }

    @Test
    void underWhenScaledDeleteTheReservedPodsClaimGoesWithIt() {
        StatefulSet set = Fixtures.statefulSet("web", 3);
        set = set.withSpec(set.spec().withRetentionPolicy(new RetentionPolicy("Retain", "Delete")));
        Cluster cluster = Cluster.of(reserving(set)).converge();
        String web1 = cluster.pod("web-1").metadata().uid();

        cluster.replaceSet(s -> reserving(s, 1));
        cluster.converge();

        assertThat(cluster.podNames()).containsExactlyInAnyOrder("web-0", "web-2", "web-3");
        assertThat(cluster.claim("www-web-1")).as("owned by the deleted web-1 (" + web1 + "), garbage collected").isEmpty();
        assertThat(cluster.claim("www-web-0")).isPresent();
        assertThat(cluster.claim("www-web-3")).isPresent();
    }

    @Test
    void scalingDownRemovesTheHighestNonReservedOrdinalFirst() {
        Cluster cluster = Cluster.of(reserving(Fixtures.statefulSet("web", 4), 2, 3)).converge();
        assertThat(cluster.podNames()).containsExactlyInAnyOrder("web-0", "web-1", "web-4", "web-5");

        cluster.scale(2).converge();

        assertThat(cluster.podNames()).containsExactlyInAnyOrder("web-0", "web-1");
    }

    @Test
    void theRollingUpdateGoesOverTheNonReservedOrdinalsHighestFirstAndThePartitionCountsOrdinals() {
        Cluster cluster = Cluster.of(reserving(Fixtures.statefulSet("web", 3), 1)).converge();
        String oldRevision = cluster.set().status().currentRevision();
        cluster.edit(spec -> spec.withUpdateStrategy(UpdateStrategy.rollingUpdate(3, null))).image("nginx:1.27");

        assertThat(deletes(cluster.sync())).containsExactly("web-3");
        cluster.converge();
        assertThat(cluster.pod("web-2")).extracting(Observed::revision).as("below ordinal 3: kept").isEqualTo(oldRevision);

        cluster.edit(spec -> spec.withUpdateStrategy(UpdateStrategy.rollingUpdate(0, null)));
        assertThat(deletes(cluster.sync())).containsExactly("web-2");
        cluster.converge();
        assertThat(cluster.pods()).extracting(Observed::revision).containsOnly(cluster.set().status().updateRevision());
        assertThat(cluster.podNames()).containsExactlyInAnyOrder("web-0", "web-2", "web-3");
    }

    @Test
    void aHugeReservedRangeCostsOneIntervalNotAnOrdinalEach() {
        Cluster cluster = Cluster.of(Fixtures.parallel(reserving(Fixtures.statefulSet("web", 3), "1-2147483645")));

        Plan plan = cluster.sync();

        assertThat(creates(plan)).containsExactlyInAnyOrder("web-0", "web-2147483646", "web-2147483647");
        assertThat(plan.violations()).isEmpty();
    }

    @Test
    void aHugeSetWithReservedOrdinalsStillCreatesAtMostTheMissingPodsCapInOneSync() {
        Cluster cluster = Cluster.of(Fixtures.parallel(reserving(Fixtures.statefulSet("web", Integer.MAX_VALUE - 10), "0-9")));

        List<String> created = creates(cluster.sync());

        assertThat(created).hasSize(StatefulSetPlanner.MAX_MISSING_PODS_PER_SYNC);
        assertThat(created.get(0)).isEqualTo("web-10");
    }

    @Test
    void aRangeThatPushesTheHighestOrdinalPast32BitsIsRefused() {
        Cluster cluster = Cluster.of(reserving(Fixtures.statefulSet("web", 2), "1-2147483647"));

        Plan plan = cluster.sync();

        assertThat(creates(plan)).isEmpty();
        assertThat(plan.violations()).singleElement().satisfies(v -> assertThat(v.toString())
                .startsWith("spec.replicas: Invalid value: 2: with spec.reserveOrdinals skipped the highest ordinal would be 2147483648"));
    }

    @Test
    void anInvalidEntryRefusesTheSetRatherThanCreatingAPodTheUserMeantToReserve() {
        Cluster cluster = Cluster.of(reserving(Fixtures.statefulSet("web", 3), "5-2"));

        Plan plan = cluster.sync();

        assertThat(creates(plan)).isEmpty();
        assertThat(plan.violations()).extracting(Object::toString)
                .containsExactly("spec.reserveOrdinals[0]: Invalid value: \"5-2\": must be an ordinal (an integer from 0 to 2147483647)"
                        + " or a range \"a-b\" of ordinals with a <= b");
    }

    @Test
    void anAppsV1SetReservesNothing() {
        StatefulSet set = Fixtures.statefulSet("web", 3).as(SetKind.APPS_V1, new SetExtensions(false, null, List.of(IntOrString.of(1))));

        assertThat(set.extensions().reserveOrdinals()).isEmpty();
        assertThat(Cluster.of(set).converge().podNames()).containsExactlyInAnyOrder("web-0", "web-1", "web-2");
    }

    @Test
    void theClaimsASyncLooksUpAreThoseOfTheNonReservedOrdinals() {
        StatefulSet set = reserving(Fixtures.statefulSet("web", 2), 0);

        assertThat(Snapshot.claimNames(set, List.of()).orElseThrow()).containsExactly("www-web-1", "www-web-2");
        assertThat(ops(Cluster.of(set).sync(), Operation.CreatePod.class)).hasSize(1);
    }
}
