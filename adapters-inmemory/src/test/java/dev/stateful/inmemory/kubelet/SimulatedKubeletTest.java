package dev.stateful.inmemory.kubelet;

import static dev.stateful.inmemory.testing.TestObjects.NS;
import static dev.stateful.inmemory.testing.TestObjects.claim;
import static dev.stateful.inmemory.testing.TestObjects.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.PodStatus.PodCondition;
import dev.stateful.domain.storage.PodClaims;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.store.DeleteOptions;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The simulated pod lifecycle on the manual clock. */
class SimulatedKubeletTest {

    private static final KubeletTimings TIMINGS = new KubeletTimings(Duration.ofSeconds(2), Duration.ofSeconds(3),
            Duration.ofSeconds(5), Duration.ofSeconds(7), Duration.ofSeconds(11), Duration.ofSeconds(13));

    private final InMemoryCluster cluster = InMemoryCluster.builder().kubeletTimings(TIMINGS).build();
    private final Instant t0 = cluster.clock().instant();

    private Pod create(String name) {
        return cluster.user().pods().create(pod(name));
    }

    private Pod current(String name) {
        return cluster.user().pods().get(new ObjectKey(NS, name)).orElse(null);
    }

    private void advanceTo(Instant time) {
        cluster.advance(Duration.between(cluster.clock().instant(), time));
    }

    @Test
    void aNormalPodIsPendingThenRunningThenReadyOnSchedule() {
        create("web-0");

        advanceTo(t0.plusSeconds(1));
        String atOne = current("web-0").status().phase();
        advanceTo(t0.plusSeconds(4));
        PodStatus atFour = current("web-0").status();
        advanceTo(t0.plusSeconds(60));
        PodStatus atSixty = current("web-0").status();

        assertThat(atOne).isEqualTo(PodStatus.PENDING);
        assertThat(atFour.phase()).isEqualTo(PodStatus.RUNNING);
        assertThat(atFour.readyCondition()).contains(new PodCondition(PodCondition.READY, "False", t0.plusSeconds(2)));
        assertThat(atSixty.readyCondition()).contains(new PodCondition(PodCondition.READY, "True", t0.plusSeconds(5)));
    }

    @Test
    void withClaimsRequiredAPodWaitsPendingForAMissingClaimAndStartsOnceItExists() {
        cluster.kubelet().requireClaims(key -> cluster.stores().claims().get(key).filter(c -> !c.isTerminating()).isPresent());
        Pod withClaim = pod("web-0");
        cluster.user().pods().create(withClaim.withSpec(withClaim.spec().with("volumes",
                new Json.Arr(List.of(PodClaims.claimVolume("www", "www-web-0"))))));

        advanceTo(t0.plusSeconds(60));
        String withoutClaim = current("web-0").status().phase();
        cluster.user().claims().create(claim("www-web-0"));
        cluster.tick();
        PodStatus once = current("web-0").status();
        cluster.user().claims().delete(new ObjectKey(NS, "www-web-0"), DeleteOptions.DEFAULT);
        advanceTo(t0.plusSeconds(120));

        assertThat(withoutClaim).isEqualTo(PodStatus.PENDING);
        assertThat(once).isEqualTo(PodStatus.runningAndReady(t0.plusSeconds(60)));
        assertThat(current("web-0").status()).as("a started pod keeps running when its claim goes").isEqualTo(once);
    }

    @Test
    void advancingPastSeveralTransitionsStampsEachAtItsOwnTime() {
        create("web-0");

        cluster.advance(Duration.ofMinutes(10));

        assertThat(current("web-0").status().readyCondition().orElseThrow().lastTransitionTime()).isEqualTo(t0.plusSeconds(5));
        assertThat(cluster.clock().instant()).isEqualTo(t0.plus(Duration.ofMinutes(10)));
    }

    @Test
    void aPlainTickAppliesWhatIsDueAndStampsTheTickTime() {
        create("web-0");
        cluster.clock().advance(Duration.ofSeconds(30));

        cluster.kubelet().tick();

        assertThat(current("web-0").status()).isEqualTo(PodStatus.runningAndReady(t0.plusSeconds(30)));
    }

    @Test
    void inInstantModeOneTickMakesAPodRunningAndReady() {
        InMemoryCluster instant = InMemoryCluster.builder().instantKubelet().build();
        instant.user().pods().create(pod("web-0"));

        instant.tick();

        Pod ready = instant.user().pods().get(new ObjectKey(NS, "web-0")).orElseThrow();
        assertThat(ready.status()).isEqualTo(PodStatus.runningAndReady(instant.clock().instant()));
    }

    @Test
    void aNeverReadyPodRunsWithoutBecomingReady() {
        cluster.kubelet().behave("web-0", PodBehaviour.NEVER_READY);
        create("web-0");

        cluster.advance(Duration.ofHours(1));

        assertThat(current("web-0").status().phase()).isEqualTo(PodStatus.RUNNING);
        assertThat(current("web-0").status().isReady()).isFalse();
    }

    @Test
    void aCrashingPodFailsCrashAfterItsStart() {
        cluster.kubelet().behaveForImage("nginx:broken", PodBehaviour.CRASH);
        cluster.user().pods().create(pod("web-0", "nginx:broken"));

        advanceTo(t0.plusSeconds(6));
        String beforeCrash = current("web-0").status().phase();
        advanceTo(t0.plusSeconds(7));

        assertThat(beforeCrash).isEqualTo(PodStatus.RUNNING);
        assertThat(current("web-0").status().phase()).isEqualTo(PodStatus.FAILED);
        assertThat(current("web-0").status().readyCondition().orElseThrow().lastTransitionTime()).isEqualTo(t0.plusSeconds(2));
    }

    @Test
    void anEvictedPodSucceedsEvictAfterItsStartAndStaysSo() {
        cluster.kubelet().behave("web-0", PodBehaviour.EVICTED);
        create("web-0");

        advanceTo(t0.plusSeconds(8));
        PodStatus readyBefore = current("web-0").status();
        advanceTo(t0.plusSeconds(9));
        cluster.kubelet().behave("web-0", PodBehaviour.NORMAL);
        cluster.advance(Duration.ofMinutes(1));

        assertThat(readyBefore.isReady()).isTrue();
        assertThat(current("web-0").status().phase()).isEqualTo(PodStatus.SUCCEEDED);
        assertThat(current("web-0").status().isReady()).isFalse();
    }

    @Test
    void aNotReadyLaterPodLosesReadinessUnreadyAfterBecomingReady() {
        cluster.kubelet().behave("web-0", PodBehaviour.NOT_READY_LATER);
        create("web-0");

        advanceTo(t0.plusSeconds(15));
        boolean readyAtFifteen = current("web-0").status().isReady();
        advanceTo(t0.plusSeconds(16));

        assertThat(readyAtFifteen).isTrue();
        assertThat(current("web-0").status().phase()).isEqualTo(PodStatus.RUNNING);
        assertThat(current("web-0").status().readyCondition())
                .contains(new PodCondition(PodCondition.READY, "False", t0.plusSeconds(16)));
    }

    @Test
    void aTerminatingPodDisappearsOnTheNextTick() {
        Pod pod = create("web-0");
        cluster.user().pods().delete(ObjectKey.of(pod.metadata()), DeleteOptions.DEFAULT);

        boolean terminatingBeforeTick = current("web-0").isTerminating();
        cluster.kubelet().tick();

        assertThat(terminatingBeforeTick).isTrue();
        assertThat(current("web-0")).isNull();
    }

    @Test
    void aSlowlyTerminatingPodLingersForTheTerminationDelay() {
        cluster.kubelet().behave("web-0", PodBehaviour.SLOW_TERMINATION);
        Pod pod = create("web-0");
        cluster.user().pods().delete(ObjectKey.of(pod.metadata()), DeleteOptions.DEFAULT);

        cluster.advance(Duration.ofSeconds(12));
        boolean stillThere = current("web-0") != null;
        cluster.advance(Duration.ofSeconds(1));

        assertThat(stillThere).isTrue();
        assertThat(current("web-0")).isNull();
    }

    @Test
    void aPerNameBehaviourWinsOverAPerImageOne() {
        cluster.kubelet().behaveForImage("nginx:1.25", PodBehaviour.NEVER_READY);
        cluster.kubelet().behave("web-1", PodBehaviour.NORMAL);
        create("web-0");
        create("web-1");

        cluster.advance(Duration.ofMinutes(1));

        assertThat(current("web-0").status().isReady()).isFalse();
        assertThat(current("web-1").status().isReady()).isTrue();
    }

    @Test
    void manualPodsChangeOnlyWhenTheTestReportsAStatus() {
        cluster.kubelet().setDefaultBehaviour(PodBehaviour.MANUAL);
        create("web-0");

        cluster.advance(Duration.ofMinutes(1));
        String untouched = current("web-0").status().phase();
        cluster.kubelet().report(new ObjectKey(NS, "web-0"), PodStatus.RUNNING, true);

        assertThat(untouched).isEqualTo(PodStatus.PENDING);
        assertThat(current("web-0").status()).isEqualTo(PodStatus.runningAndReady(cluster.clock().instant()));
    }

    @Test
    void aPausedKubeletFreezesStatusesAndTermination() {
        Pod pod = create("web-0");
        cluster.kubelet().pause();

        cluster.advance(Duration.ofMinutes(1));
        cluster.user().pods().delete(ObjectKey.of(pod.metadata()), DeleteOptions.DEFAULT);
        cluster.advance(Duration.ofMinutes(1));

        assertThat(current("web-0").status().phase()).isEqualTo(PodStatus.PENDING);
        assertThat(current("web-0").isTerminating()).isTrue();
    }

    @Test
    void theKubeletWritesThroughStatusAsItsOwnActor() {
        create("web-0");

        cluster.advance(Duration.ofMinutes(1));

        assertThat(cluster.audit().query().by(Actor.KUBELET).records())
                .extracting(r -> r.verb() + " " + r.kind())
                .containsExactly(Verb.UPDATE_STATUS + " " + Kind.PODS, Verb.UPDATE_STATUS + " " + Kind.PODS);
    }

    @Test
    void theNextTransitionIsWhenSomethingWillHappen() {
        create("web-0");

        Instant first = cluster.nextTransition().orElseThrow();
        cluster.advance(Duration.ofMinutes(1));

        assertThat(first).isEqualTo(t0.plusSeconds(2));
        assertThat(cluster.nextTransition()).isEmpty();
    }
}
