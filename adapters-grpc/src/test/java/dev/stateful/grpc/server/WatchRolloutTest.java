package dev.stateful.grpc.server;

import static dev.stateful.grpc.testing.ServiceHarness.WEB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.grpc.convert.Timestamps;
import dev.stateful.grpc.testing.Autopilot;
import dev.stateful.grpc.testing.Manifests;
import dev.stateful.grpc.testing.ServiceHarness;
import dev.stateful.grpc.testing.Sets;
import dev.stateful.grpc.v1.ApplyRequest;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.PauseRequest;
import dev.stateful.grpc.v1.PodChangeType;
import dev.stateful.grpc.v1.RolloutEvent;
import dev.stateful.grpc.v1.WatchRolloutRequest;
import dev.stateful.inmemory.kubelet.PodBehaviour;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** WatchRollout: progress streamed while the controller works, until done or stuck. */
class WatchRolloutTest {

    private final ServiceHarness harness = ServiceHarness.withWebRunning();
    private Autopilot autopilot;

    @AfterEach
    void close() {
        if (autopilot != null) {
            autopilot.close();
        }
        harness.close();
    }

    private List<RolloutEvent> watchToTheEnd(WatchRolloutRequest request, Duration deadline) {
        Iterator<RolloutEvent> stream = harness.stub.withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS).watchRollout(request);
        List<RolloutEvent> events = new ArrayList<>();
        stream.forEachRemaining(events::add);
        return events;
    }

    private static List<String> pods(List<RolloutEvent> events, PodChangeType type) {
        return events.stream().filter(RolloutEvent::hasPod).map(RolloutEvent::getPod)
                .filter(p -> p.getType() == type).map(p -> p.getPod().getName()).toList();
    }

    /** The first pod event of {@code type} for {@code name} whose revision passes {@code revision}; -1 when none. */
    private static int indexOf(List<RolloutEvent> events, PodChangeType type, String name, Predicate<String> revision) {
        for (int i = 0; i < events.size(); i++) {
            RolloutEvent e = events.get(i);
            if (e.hasPod() && e.getPod().getType() == type && e.getPod().getPod().getName().equals(name)
                    && revision.test(e.getPod().getPod().getRevision())) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void aRollingUpdateStreamsEachPodReplacedAndEndsWhenComplete() {
        Sets.setImage(harness.cluster, Sets.WEB, "nginx:1.26");
        String oldRevision = Sets.get(harness.cluster, Sets.WEB).status().updateRevision();
        Iterator<RolloutEvent> stream = harness.stub.withDeadlineAfter(30, TimeUnit.SECONDS)
                .watchRollout(WatchRolloutRequest.newBuilder().setRef(WEB).build());
        RolloutEvent first = stream.next();
        autopilot = Autopilot.withController(harness.cluster);
        List<RolloutEvent> events = new ArrayList<>(List.of(first));
        stream.forEachRemaining(events::add);

        assertThat(first.getProgress().getMessage()).isEqualTo("Waiting for statefulset spec update to be observed...");
        List<String> created = events.stream().filter(RolloutEvent::hasPod).map(RolloutEvent::getPod)
                .filter(p -> p.getType() == PodChangeType.POD_CHANGE_TYPE_CREATED && !p.getPod().getRevision().equals(oldRevision))
                .map(p -> p.getPod().getName()).toList();
        // a look sends what changed since the previous one, in pod order: the controller's order
        // (highest ordinal first, pinned by the planner's tests) shows only while the looks keep up
        // with it, which a loaded machine does not promise
        assertThat(created).containsExactlyInAnyOrder("web-2", "web-1", "web-0");
        assertThat(pods(events, PodChangeType.POD_CHANGE_TYPE_DELETED)).containsExactlyInAnyOrder("web-2", "web-1", "web-0");
        for (String pod : List.of("web-2", "web-1", "web-0")) {
            int deleted = indexOf(events, PodChangeType.POD_CHANGE_TYPE_DELETED, pod, oldRevision::equals);
            int replaced = indexOf(events, PodChangeType.POD_CHANGE_TYPE_CREATED, pod, revision -> !revision.equals(oldRevision));
            assertThat(deleted).as("%s: the old pod's deletion is sent before its replacement's creation", pod).isNotNegative().isLessThan(replaced);
        }
        assertThat(pods(events, PodChangeType.POD_CHANGE_TYPE_READY)).containsExactlyInAnyOrder("web-2", "web-1", "web-0");
        assertThat(events).filteredOn(RolloutEvent::hasProgress).extracting(e -> e.getProgress().getMessage())
                .contains("Waiting for 1 pods to be ready...");
        RolloutEvent last = events.get(events.size() - 1);
        assertThat(last.hasDone()).isTrue();
        assertThat(last.getDone().getMessage()).isEqualTo("partitioned roll out complete: 3 new pods have been updated...");
        assertThat(last.getDone().getStatus().getUpdatedReplicas()).isEqualTo(3);
        assertThat(harness.subscriptions.active()).isZero();
    }

    @Test
    void aRolloutThatStopsMovingIsReportedStuckWithWhatTheControllerWaitsFor() {
        harness.cluster.kubelet().behaveForImage("nginx:broken", PodBehaviour.NEVER_READY);
        Sets.setImage(harness.cluster, Sets.WEB, "nginx:broken");
        autopilot = Autopilot.withController(harness.cluster);

        List<RolloutEvent> events = watchToTheEnd(WatchRolloutRequest.newBuilder().setRef(WEB)
                .setProgressDeadline(Timestamps.of(Duration.ofMillis(500))).build(), Duration.ofSeconds(30));

        RolloutEvent last = events.get(events.size() - 1);
        assertThat(last.hasStuck()).isTrue();
        assertThat(last.getStuck().getReason()).startsWith("no progress for 0.5s: Waiting for 1 pods to be ready...");
        assertThat(last.getStuck().getWaitsList()).anySatisfy(w -> assertThat(w.getReason()).isEqualTo("waiting for web-2 to be Running and Ready"));
        assertThat(events).filteredOn(RolloutEvent::hasWaiting).extracting(e -> e.getWaiting().getReason())
                .contains("waiting for web-2 to be Running and Ready");
    }

    @Test
    void aSetOfOurKindWhoseRolloutExceededItsProgressDeadlineIsReportedStuckAsKubectlReportsADeployment() {
        harness.stub.apply(ApplyRequest.newBuilder().setManifest(Manifests.web(3, "nginx:1.25")
                .replace("apiVersion: apps/v1", "apiVersion: apps.stateful.dev/v1alpha1").replace("name: web", "name: db")
                .replace("  replicas: 3", "  replicas: 3\n  progressDeadlineSeconds: 60")).build());
        Sets.settle(harness.cluster);
        harness.cluster.kubelet().behaveForImage("nginx:broken", PodBehaviour.NEVER_READY);
        ObjectKey db = new ObjectKey("default", "db");
        Sets.setImage(harness.cluster, db, "nginx:broken");
        Sets.settle(harness.cluster); // the controller's requeue at the deadline moves the in-memory clock past it

        List<RolloutEvent> events = watchToTheEnd(WatchRolloutRequest.newBuilder().setRef(ObjectRef.newBuilder().setName("db"))
                .build(), Duration.ofSeconds(10));

        RolloutEvent last = events.get(events.size() - 1);
        assertThat(last.hasStuck()).isTrue();
        assertThat(last.getStuck().getReason()).isEqualTo("statefulset \"db\" exceeded its progress deadline");
    }

    @Test
    void aPausedSetOfOurKindIsNotReportedDoneButWaitingOnThePauseAsKubectlWaitsOnAPausedDeployment() {
        harness.stub.apply(ApplyRequest.newBuilder().setManifest(Manifests.web(3, "nginx:1.25")
                .replace("apiVersion: apps/v1", "apiVersion: apps.stateful.dev/v1alpha1").replace("name: web", "name: db")).build());
        Sets.settle(harness.cluster);
        ObjectRef db = ObjectRef.newBuilder().setName("db").build();
        harness.stub.pause(PauseRequest.newBuilder().setRef(db).build());
        Sets.setImage(harness.cluster, new ObjectKey("default", "db"), "nginx:1.26");
        Sets.settle(harness.cluster);

        List<RolloutEvent> events = watchToTheEnd(WatchRolloutRequest.newBuilder().setRef(db)
                .setProgressDeadline(Timestamps.of(Duration.ofMillis(500))).build(), Duration.ofSeconds(30));

        RolloutEvent last = events.get(events.size() - 1);
        assertThat(events).noneMatch(RolloutEvent::hasDone);
        assertThat(last.hasStuck()).isTrue();
        assertThat(last.getStuck().getReason())
                .startsWith("no progress for 0.5s: Waiting for partitioned roll out to finish: 0 out of 3 new pods have been updated...")
                .contains("the rolling update is paused");
    }

    @Test
    void theCallersDeadlineEndsTheStreamAndTheServerStopsWatching() throws InterruptedException {
        Sets.setImage(harness.cluster, Sets.WEB, "nginx:1.26"); // nobody runs the controller: no progress

        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class,
                () -> watchToTheEnd(WatchRolloutRequest.newBuilder().setRef(WEB).build(), Duration.ofMillis(300)));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (harness.subscriptions.active() > 0 && System.nanoTime() < until) {
            TimeUnit.MILLISECONDS.sleep(10);
        }
        assertThat(harness.subscriptions.active()).isZero();
    }

    @Test
    void aFinishedRolloutEndsAtOnce() {
        List<RolloutEvent> events = watchToTheEnd(WatchRolloutRequest.newBuilder().setRef(WEB).build(), Duration.ofSeconds(10));

        assertThat(events).hasSize(2);
        assertThat(events.get(0).getProgress().getMessage()).isEqualTo("partitioned roll out complete: 3 new pods have been updated...");
        assertThat(events.get(1).hasDone()).isTrue();
    }

    @Test
    void anUnknownSetIsNotFound() {
        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, () -> watchToTheEnd(
                WatchRolloutRequest.newBuilder().setRef(ObjectRef.newBuilder().setName("db")).build(), Duration.ofSeconds(10)));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
    }

    @Test
    void anOnDeleteSetHasNoRolloutStatus_likeKubectl() {
        StatefulSet set = Sets.get(harness.cluster, Sets.WEB);
        harness.cluster.user().statefulSets().update(set.withSpec(set.spec().withUpdateStrategy(UpdateStrategy.onDelete())));

        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class,
                () -> watchToTheEnd(WatchRolloutRequest.newBuilder().setRef(WEB).build(), Duration.ofSeconds(10)));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
        assertThat(e.getStatus().getDescription()).isEqualTo("rollout status is only available for RollingUpdate strategy type");
    }

}
