package dev.stateful.grpc.server;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.sync.Plan;
import dev.stateful.grpc.convert.PlanMessages;
import dev.stateful.grpc.convert.Summaries;
import dev.stateful.grpc.convert.Timestamps;
import dev.stateful.grpc.rollout.PodChanges;
import dev.stateful.grpc.rollout.RolloutStatus;
import dev.stateful.grpc.status.Failures;
import dev.stateful.grpc.v1.PodInfo;
import dev.stateful.grpc.v1.PodWait;
import dev.stateful.grpc.v1.RolloutDone;
import dev.stateful.grpc.v1.RolloutEvent;
import dev.stateful.grpc.v1.RolloutPodEvent;
import dev.stateful.grpc.v1.RolloutProgress;
import dev.stateful.grpc.v1.RolloutStuck;
import dev.stateful.grpc.v1.SetStatus;
import dev.stateful.ports.ClusterEvents;
import io.grpc.stub.ServerCallStreamObserver;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One WatchRollout stream. Every change of the set or a pod of its namespace (and a periodic tick,
 * for the progress deadline) schedules a look; a look sends what changed since the previous one
 * (pod events, kubectl's status line, new waits), then ends the stream when the rollout is done
 * (kubectl's verdict is final: no waits after it) or stuck. Looks run one at a time on the
 * executor, never on the notifying thread.
 */
final class RolloutWatch implements ClusterEvents.Handler {

    private static final Logger LOG = LoggerFactory.getLogger(RolloutWatch.class);
    private static final Duration MAX_TICK = Duration.ofSeconds(1);

    private final SetBackend backend;
    private final ObjectKey key;
    private final ServerCallStreamObserver<RolloutEvent> out;
    private final ScheduledExecutorService executor;
    private final Clock wallClock;
    private final Duration progressDeadline;
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private volatile boolean finished;
    private volatile AutoCloseable subscription;
    private volatile ScheduledFuture<?> ticker;

    // the previous look, guarded by this
    private Map<String, PodInfo> pods;
    private String statusLine;
    private SetStatus status;
    private Set<String> waits = Set.of();
    private Instant lastProgress;

    private RolloutWatch(SetBackend backend, ObjectKey key, ServerCallStreamObserver<RolloutEvent> out,
                         ScheduledExecutorService executor, Clock wallClock, Duration progressDeadline) {
        this.backend = backend;
        this.key = key;
        this.out = out;
        this.executor = executor;
        this.wallClock = wallClock;
        this.progressDeadline = progressDeadline;
    }

    /** Starts watching; the stream ends by itself, or when the caller cancels or its deadline passes. */
    static void start(SetBackend backend, ObjectKey key, ServerCallStreamObserver<RolloutEvent> out,
                      ScheduledExecutorService executor, Clock wallClock, Duration progressDeadline) {
        RolloutWatch watch = new RolloutWatch(backend, key, out, executor, wallClock, progressDeadline);
        out.setOnCancelHandler(watch::stop);
        watch.subscription = backend.watch(watch);
        long tick = Math.max(10, Math.min(MAX_TICK.toMillis(), progressDeadline.toMillis() / 4));
        watch.ticker = executor.scheduleWithFixedDelay(watch::schedule, tick, tick, TimeUnit.MILLISECONDS);
        if (watch.finished) {
            watch.stop(); // cancelled while starting
        }
        watch.schedule();
    }

    @Override
    public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
        StatefulSet set = newSet != null ? newSet : oldSet;
        if (set != null && set.key().equals(key)) {
            schedule();
        }
    }

    @Override
    public void podChanged(Pod oldPod, Pod newPod) {
        Pod pod = newPod != null ? newPod : oldPod;
        if (pod != null && pod.namespace().equals(key.namespace())) {
            schedule();
        }
    }

    private void schedule() {
        if (!finished && scheduled.compareAndSet(false, true)) {
            executor.execute(this::look);
        }
    }

    private synchronized void look() {
        scheduled.set(false);
        if (finished) {
            return;
        }
        try {
            SetView view = SetView.read(backend, key);
            if (!RolloutStatus.supported(view.set())) {
                throw Failures.failedPrecondition("rollout status is only available for RollingUpdate strategy type");
            }
            boolean progressed = sendPodChanges(view) | sendStatus(view.set());
            Optional<String> exceeded = RolloutStatus.exceededDeadline(view.set());
            if (exceeded.isPresent()) {
                stuck(exceeded.get(), PlanMessages.waits(view.plan().waits()));
                return;
            }
            RolloutStatus verdict = RolloutStatus.of(view.set());
            if (verdict.done()) {
                send(RolloutEvent.newBuilder().setDone(RolloutDone.newBuilder().setMessage(verdict.message())
                        .setRevision(view.set().status().updateRevision()).setStatus(status)));
                complete();
                return;
            }
            Plan plan = view.plan();
            List<PodWait> currentWaits = PlanMessages.waits(plan.waits());
            progressed |= sendNewWaits(currentWaits);
            Instant now = wallClock.instant();
            if (!plan.isValid()) {
                stuck("the StatefulSet is invalid, the controller does nothing: "
                        + plan.violations().stream().map(Object::toString).collect(Collectors.joining("; ")), currentWaits);
            } else if (progressed || lastProgress == null) {
                lastProgress = now;
            } else if (!now.isBefore(lastProgress.plus(progressDeadline))) {
                stuck("no progress for " + progressDeadline.toString().substring(2).toLowerCase() + ": " + verdict.message()
                        + currentWaits.stream().map(w -> "; " + w.getReason()).collect(Collectors.joining()), currentWaits);
            }
        } catch (RuntimeException e) {
            stop();
            out.onError(Failures.toStatus(e));
        }
    }

    private boolean sendPodChanges(SetView view) {
        int minReady = view.set().spec().minReadySeconds();
        Map<String, PodInfo> current = PodChanges.byName(view.pods().stream().map(p -> Summaries.pod(p, minReady, view.now())).toList());
        List<RolloutPodEvent> events = pods == null ? List.of() : PodChanges.between(pods, current);
        pods = current;
        events.forEach(e -> send(RolloutEvent.newBuilder().setPod(e)));
        return !events.isEmpty();
    }

    private boolean sendStatus(StatefulSet set) {
        String line = RolloutStatus.of(set).message();
        SetStatus now = Summaries.status(set.status());
        boolean first = statusLine == null;
        if (line.equals(statusLine) && now.equals(status)) {
            return false;
        }
        statusLine = line;
        status = now;
        send(RolloutEvent.newBuilder().setProgress(RolloutProgress.newBuilder().setMessage(line).setStatus(now)
                .setDesiredReplicas(set.spec().replicasOrDefault())));
        return !first;
    }

    private boolean sendNewWaits(List<PodWait> current) {
        Set<String> reasons = new LinkedHashSet<>();
        boolean sent = false;
        for (PodWait wait : current) {
            reasons.add(wait.getReason());
            if (!waits.contains(wait.getReason())) {
                send(RolloutEvent.newBuilder().setWaiting(wait));
                sent = true;
            }
        }
        waits = reasons;
        return sent;
    }

    private void stuck(String reason, List<PodWait> currentWaits) {
        send(RolloutEvent.newBuilder().setStuck(RolloutStuck.newBuilder().setReason(reason).addAllWaits(currentWaits)));
        complete();
    }

    private void send(RolloutEvent.Builder event) {
        out.onNext(event.setTime(Timestamps.of(wallClock.instant())).build());
    }

    private void complete() {
        stop();
        out.onCompleted();
    }

    /** Stops looking (the stream ended, was cancelled, or its deadline passed). */
    private void stop() {
        finished = true;
        if (ticker != null) {
            ticker.cancel(false);
        }
        if (subscription != null) {
            try {
                subscription.close();
            } catch (Exception e) {
                LOG.debug("could not unsubscribe a rollout watch", e);
            }
        }
    }
}
