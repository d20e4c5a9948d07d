package dev.stateful.inmemory.faults;

import static dev.stateful.inmemory.testing.TestObjects.NS;
import static dev.stateful.inmemory.testing.TestObjects.claim;
import static dev.stateful.inmemory.testing.TestObjects.pod;
import static dev.stateful.inmemory.testing.TestObjects.statefulSet;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.audit.Outcome;
import dev.stateful.inmemory.audit.WriteRecord;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.EventRecorder;
import dev.stateful.ports.PodControl;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Faults injected into the controller's calls, and the audit trail they leave. */
class FaultInjectionTest {

    private final InMemoryCluster cluster = InMemoryCluster.create();
    private final PodControl pods = cluster.podControl();

    private List<Boolean> createPods(PodControl control, int count) {
        List<Boolean> succeeded = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            try {
                control.create(pod("web-" + i));
                succeeded.add(true);
            } catch (ApiException.Unavailable e) {
                succeeded.add(false);
            }
        }
        return succeeded;
    }

    @Test
    void theNthCallOfAVerbFailsAndOnlyThatOne() {
        cluster.faults().on(Verb.CREATE, Kind.PODS).nth(3).fail(ApiError.UNAVAILABLE);

        List<Boolean> outcomes = createPods(pods, 5);

        assertThat(outcomes).containsExactly(true, true, false, true, true);
        assertThat(cluster.user().pods().get(new ObjectKey(NS, "web-2"))).isEmpty();
        assertThat(cluster.audit().query().outcome(Outcome.INJECTED_FAILURE).names()).containsExactly("web-2");
    }

    @Test
    void callsAreCountedFromWhenTheRuleIsInstalled() {
        createPods(pods, 2);
        FaultRule rule = cluster.faults().on(Verb.CREATE, Kind.PODS).nth(1).fail(ApiError.UNAVAILABLE);

        Throwable error = catchThrowable(() -> pods.create(pod("web-9")));

        assertThat(error).isInstanceOf(ApiException.Unavailable.class).hasMessageContaining("injected fault");
        assertThat(rule.calls()).isEqualTo(1);
        assertThat(rule.fired()).isEqualTo(1);
    }

    @Test
    void theFirstNCallsFailThenTheVerbRecovers() {
        cluster.faults().on(Verb.CREATE, Kind.PODS).times(2).fail(ApiError.UNAVAILABLE);

        assertThat(createPods(pods, 4)).containsExactly(false, false, true, true);
    }

    @Test
    void aFractionOfCallsFailsAndTheSameSeedFailsTheSameCalls() {
        InMemoryCluster a = InMemoryCluster.builder().seed(99).build();
        InMemoryCluster b = InMemoryCluster.builder().seed(99).build();
        a.faults().on(Verb.CREATE, Kind.PODS).withProbability(0.3).fail(ApiError.UNAVAILABLE);
        b.faults().on(Verb.CREATE, Kind.PODS).withProbability(0.3).fail(ApiError.UNAVAILABLE);

        List<Boolean> first = createPods(a.podControl(), 200);
        List<Boolean> second = createPods(b.podControl(), 200);

        assertThat(first).isEqualTo(second);
        assertThat(first.stream().filter(ok -> !ok).count()).isBetween(40L, 80L);
    }

    @Test
    void latencyAdvancesTheClusterClockBeforeTheCallIsApplied() {
        cluster.faults().on(Verb.CREATE, Kind.PODS).delay(Duration.ofSeconds(3));

        Pod created = pods.create(pod("web-0"));

        assertThat(created.metadata().creationTimestamp()).isEqualTo(cluster.clock().instant());
        assertThat(cluster.clock().instant()).isEqualTo(InMemoryCluster.create().clock().instant().plusSeconds(3));
    }

    @Test
    void aWriteCanSucceedWhileTheCallerSeesUnavailable() {
        cluster.faults().on(Verb.CREATE, Kind.PODS).nth(1).failAfterWrite();

        assertThatThrownBy(() -> pods.create(pod("web-0")))
                .isInstanceOf(ApiException.Unavailable.class)
                .hasMessageContaining("the write was applied");
        assertThat(cluster.user().pods().get(new ObjectKey(NS, "web-0"))).isPresent();
        assertThatThrownBy(() -> pods.create(pod("web-0"))).isInstanceOf(ApiException.AlreadyExists.class);
        assertThat(cluster.audit().query().by(Actor.CONTROLLER).records()).extracting(WriteRecord::outcome)
                .containsExactly(Outcome.APPLIED_BUT_FAILED, Outcome.REJECTED);
    }

    @Test
    void anInjectedConflictOnAStatusWriteLeavesTheStatusUnchanged() {
        StatefulSet set = cluster.user().statefulSets().create(statefulSet("web", 1));
        cluster.faults().on(Verb.UPDATE_STATUS, Kind.STATEFULSETS).conflict();
        StatefulSetStatus status = new StatefulSetStatus(1, 1, 0, 0, 0, 0, "", "", 0, List.of());

        assertThatThrownBy(() -> cluster.statusWriter().updateStatus(set.withStatus(status))).isInstanceOf(ApiException.Conflict.class);
        assertThat(cluster.user().statefulSets().get(set.key()).orElseThrow().status()).isEqualTo(StatefulSetStatus.EMPTY);
    }

    @Test
    void aRuleForOneVerbAndKindLeavesOthersAlone() {
        cluster.faults().on(Verb.DELETE, Kind.PODS).fail(ApiError.FORBIDDEN);

        Pod created = pods.create(pod("web-0"));
        cluster.claimControl().create(claim("www-web-0"));

        assertThat(cluster.reader().claim(NS, "www-web-0")).isPresent();
        assertThatThrownBy(() -> pods.delete(NS, "web-0", created.metadata().uid())).isInstanceOf(ApiException.Forbidden.class);
    }

    @Test
    void aNamedRuleOnlyHitsThatObject() {
        cluster.faults().on(Verb.CREATE, Kind.PODS).named("web-1").fail(ApiError.INVALID);

        pods.create(pod("web-0"));

        assertThatThrownBy(() -> pods.create(pod("web-1"))).isInstanceOf(ApiException.Invalid.class);
    }

    @Test
    void uncachedReadsCanFailToo() {
        StatefulSet set = cluster.user().statefulSets().create(statefulSet("web", 1));
        cluster.faults().on(Verb.GET, Kind.STATEFULSETS).nth(1).fail(ApiError.UNAVAILABLE);

        assertThatThrownBy(() -> cluster.statusWriter().get(NS, "web")).isInstanceOf(ApiException.Unavailable.class);
        assertThat(cluster.statusWriter().get(NS, "web")).contains(set);
    }

    @Test
    void faultsOnlyAffectTheControllerNotTheUserOrTheKubelet() {
        cluster.faults().on(Verb.CREATE, Kind.PODS).fail(ApiError.UNAVAILABLE);
        cluster.faults().on(Verb.UPDATE_STATUS, Kind.PODS).fail(ApiError.UNAVAILABLE);

        cluster.user().pods().create(pod("web-0"));
        cluster.advance(Duration.ofMinutes(1));

        assertThat(cluster.user().pods().get(new ObjectKey(NS, "web-0")).orElseThrow().status().isReady()).isTrue();
    }

    @Test
    void aRemovedRuleStopsFiring() {
        FaultRule rule = cluster.faults().on(Verb.CREATE, Kind.PODS).fail(ApiError.UNAVAILABLE);

        rule.remove();

        assertThat(createPods(pods, 2)).containsExactly(true, true);
    }

    @Test
    void aDroppedEventIsLostSilently() {
        StatefulSet set = cluster.user().statefulSets().create(statefulSet("web", 1));
        cluster.faults().on(Verb.CREATE, Kind.EVENTS).nth(1).fail(ApiError.UNAVAILABLE);
        EventRecorder recorder = cluster.eventRecorder();

        recorder.record(set, EventRecorder.Type.Normal, "SuccessfulCreate", "lost");
        recorder.record(set, EventRecorder.Type.Normal, "SuccessfulCreate", "kept");

        assertThat(cluster.events().all()).extracting(e -> e.message()).containsExactly("kept");
    }

    @Test
    void theAuditLogShowsThatNoPodWasCreatedTwiceAndWhenNothingWasWritten() {
        createPods(pods, 3);
        long mark = cluster.audit().mark();

        List<String> created = cluster.audit().query().by(Actor.CONTROLLER).verb(Verb.CREATE).kind(Kind.PODS).tookEffect().names();

        assertThat(created).doesNotHaveDuplicates().hasSize(3);
        assertThat(cluster.audit().since(mark).isEmpty()).isTrue();
    }
}
