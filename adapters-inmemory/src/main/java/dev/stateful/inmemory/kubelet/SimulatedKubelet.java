package dev.stateful.inmemory.kubelet;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.PodStatus.PodCondition;
import dev.stateful.inmemory.client.ResourceClient;
import dev.stateful.inmemory.clock.ManualClock;
import dev.stateful.inmemory.store.DeleteOptions;
import dev.stateful.inmemory.store.ObjectStore;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * A kubelet for every pod of the cluster. Each {@link #tick()} brings the stored pod statuses to
 * what their {@link PodBehaviour} prescribes at the current clock time, writing through
 * {@code /status} like a kubelet (Ready condition with lastTransitionTime = clock time), and
 * finishes terminating pods (the final grace-0 delete). Nothing happens between ticks.
 */
public final class SimulatedKubelet {

    private final ObjectStore<Pod> store;
    private final ResourceClient<Pod> pods;
    private final ManualClock clock;
    private final Object lock;
    private final Map<String, PodBehaviour> byName = new ConcurrentHashMap<>();
    private final Map<String, PodBehaviour> byImage = new ConcurrentHashMap<>();
    private volatile PodBehaviour defaultBehaviour = PodBehaviour.NORMAL;
    private volatile KubeletTimings timings;
    private volatile boolean paused;
    private volatile Predicate<ObjectKey> claimUsable;

    public SimulatedKubelet(ObjectStore<Pod> store, ResourceClient<Pod> pods, ManualClock clock, Object lock, KubeletTimings timings) {
        this.store = store;
        this.pods = pods;
        this.clock = clock;
        this.lock = lock;
        this.timings = timings;
    }

    public KubeletTimings timings() {
        return timings;
    }

    public void setTimings(KubeletTimings value) {
        this.timings = value;
    }

    /** The behaviour of pods without a per-name or per-image behaviour (initially NORMAL). */
    public void setDefaultBehaviour(PodBehaviour behaviour) {
        this.defaultBehaviour = behaviour;
    }

    /** Pods with this name (in any namespace); wins over per-image behaviours. */
    public void behave(String podName, PodBehaviour behaviour) {
        byName.put(podName, behaviour);
    }

    /** Pods with a container running this image. */
    public void behaveForImage(String image, PodBehaviour behaviour) {
        byImage.put(image, behaviour);
    }

    public void clearBehaviours() {
        byName.clear();
        byImage.clear();
        defaultBehaviour = PodBehaviour.NORMAL;
    }

    /**
     * Pods do not start while a claim their volumes name is missing or being deleted: they stay
     * Pending (as the scheduler leaves them, "persistentvolumeclaim not found") and start once it
     * is there. Off by default; {@code claimUsable} tells whether the claim with that key exists
     * and is not terminating, null turns the check off again.
     */
    public void requireClaims(Predicate<ObjectKey> claimUsable) {
        this.claimUsable = claimUsable;
    }

    /** A stopped kubelet (node down): statuses freeze and terminating pods stay. */
    public void pause() {
        paused = true;
    }

    public void resume() {
        paused = false;
    }

    public PodBehaviour behaviourOf(Pod pod) {
        PodBehaviour named = byName.get(pod.name());
        if (named != null) {
            return named;
        }
        for (Json container : pod.spec().array("containers")) {
            Optional<String> image = container.asObject().flatMap(c -> c.string("image"));
            if (image.isPresent() && byImage.containsKey(image.get())) {
                return byImage.get(image.get());
            }
        }
        return defaultBehaviour;
    }

    /** One kubelet sync at the current clock time; returns the number of writes. */
    public int tick() {
        if (paused) {
            return 0;
        }
        synchronized (lock) {
            Instant now = clock.instant();
            int writes = 0;
            for (Pod pod : store.list("")) {
                writes += pod.isTerminating() ? terminate(pod, now) : sync(pod, now);
            }
            return writes;
        }
    }

    /** The earliest instant after {@code after} at which a tick would change something. */
    public Optional<Instant> nextTransitionAfter(Instant after) {
        if (paused) {
            return Optional.empty();
        }
        synchronized (lock) {
            return store.list("").stream()
                    .flatMap(pod -> dueTimes(pod).stream())
                    .filter(t -> t.isAfter(after))
                    .min(Instant::compareTo);
        }
    }

    /** Writes a pod's phase and readiness as the kubelet would (for MANUAL pods). */
    public Pod report(ObjectKey podKey, String phase, boolean ready) {
        synchronized (lock) {
            Pod pod = store.get(podKey).orElseThrow(() -> new IllegalArgumentException("no pod " + podKey));
            return pods.updateStatus(pod.withStatus(status(phase, ready, pod.status(), clock.instant())));
        }
    }

    private int sync(Pod pod, Instant now) {
        PodBehaviour behaviour = behaviourOf(pod);
        if (behaviour == PodBehaviour.MANUAL || isTerminal(pod.status().phase())) {
            return 0;
        }
        PodTimeline.State state = waitsForClaims(pod) ? new PodTimeline.State(PodStatus.PENDING, false)
                : PodTimeline.of(pod.metadata().creationTimestamp(), behaviour, timings).at(now);
        PodStatus next = status(state.phase(), state.ready(), pod.status(), now);
        if (next.equals(pod.status())) {
            return 0;
        }
        pods.updateStatus(pod.withStatus(next));
        return 1;
    }

    private int terminate(Pod pod, Instant now) {
        ObjectKey key = ObjectKey.of(pod.metadata());
        if (!store.isAwaitingTermination(key) || now.isBefore(terminationDue(pod))) {
            return 0;
        }
        pods.delete(key, DeleteOptions.immediate(pod.metadata().uid()));
        return 1;
    }

    /** Not started yet and a claim it mounts is not usable (only with {@link #requireClaims}). */
    private boolean waitsForClaims(Pod pod) {
        Predicate<ObjectKey> usable = claimUsable;
        String phase = pod.status().phase();
        if (usable == null || !(phase.isEmpty() || PodStatus.PENDING.equals(phase))) {
            return false;
        }
        for (Json volume : pod.spec().array("volumes")) {
            Optional<String> claim = volume.asObject().flatMap(v -> v.object("persistentVolumeClaim")).flatMap(c -> c.string("claimName"));
            if (claim.isPresent() && !usable.test(new ObjectKey(pod.namespace(), claim.get()))) {
                return true;
            }
        }
        return false;
    }

    private Instant terminationDue(Pod pod) {
        Instant deleted = pod.metadata().deletionTimestamp();
        return behaviourOf(pod) == PodBehaviour.SLOW_TERMINATION ? deleted.plus(timings.terminationDelay()) : deleted;
    }

    private List<Instant> dueTimes(Pod pod) {
        if (pod.isTerminating()) {
            return store.isAwaitingTermination(ObjectKey.of(pod.metadata())) ? List.of(terminationDue(pod)) : List.of();
        }
        PodBehaviour behaviour = behaviourOf(pod);
        if (behaviour == PodBehaviour.MANUAL || isTerminal(pod.status().phase())) {
            return List.of();
        }
        return PodTimeline.of(pod.metadata().creationTimestamp(), behaviour, timings).transitions();
    }

    /** The status for a phase and readiness; the Ready condition keeps its time unless it flips. */
    private static PodStatus status(String phase, boolean ready, PodStatus current, Instant now) {
        if (PodStatus.PENDING.equals(phase)) {
            return PodStatus.of(PodStatus.PENDING);
        }
        String readyValue = ready ? "True" : "False";
        Instant since = current.readyCondition()
                .filter(c -> readyValue.equals(c.status()))
                .map(PodCondition::lastTransitionTime)
                .orElse(now);
        return new PodStatus(phase, List.of(new PodCondition(PodCondition.READY, readyValue, since)));
    }

    private static boolean isTerminal(String phase) {
        return PodStatus.FAILED.equals(phase) || PodStatus.SUCCEEDED.equals(phase);
    }
}
