package dev.stateful.inmemory;

import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.audit.AuditLog;
import dev.stateful.inmemory.client.ClusterClient;
import dev.stateful.inmemory.clock.ManualClock;
import dev.stateful.inmemory.events.EventLog;
import dev.stateful.inmemory.faults.FaultInjector;
import dev.stateful.inmemory.faults.FaultPolicy;
import dev.stateful.inmemory.gc.GarbageCollector;
import dev.stateful.inmemory.kubelet.KubeletTimings;
import dev.stateful.inmemory.kubelet.SimulatedKubelet;
import dev.stateful.inmemory.manifest.ApplyResult;
import dev.stateful.inmemory.manifest.InvalidManifestException;
import dev.stateful.inmemory.manifest.ManifestApplier;
import dev.stateful.inmemory.manifest.ManifestException;
import dev.stateful.inmemory.ports.InMemoryClaimControl;
import dev.stateful.inmemory.ports.InMemoryClusterEvents;
import dev.stateful.inmemory.ports.InMemoryClusterReader;
import dev.stateful.inmemory.ports.InMemoryEventRecorder;
import dev.stateful.inmemory.ports.InMemoryPodControl;
import dev.stateful.inmemory.ports.InMemoryRevisionControl;
import dev.stateful.inmemory.ports.InMemoryStatusWriter;
import dev.stateful.inmemory.store.IdGenerator;
import dev.stateful.inmemory.store.Stores;
import dev.stateful.inmemory.store.StatefulSetAdmission;
import dev.stateful.ports.ClaimControl;
import dev.stateful.ports.ClusterReader;
import dev.stateful.ports.EventRecorder;
import dev.stateful.ports.PodControl;
import dev.stateful.ports.RevisionControl;
import dev.stateful.ports.StatusWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Random;

/**
 * A whole Kubernetes cluster in memory, as far as the StatefulSet controller can tell: the API
 * server's storage, the controller's ports (with injectable faults), a kubelet, a garbage
 * collector, an audit log and the Events. Time is a {@link ManualClock} and all randomness is
 * seeded, so a run is a pure function of the seed and the calls made.
 *
 * <p>Nothing happens by itself: {@link #tick()} runs the kubelet and the garbage collector at the
 * current time, {@link #advance(Duration)} moves time forward through every kubelet transition on
 * the way. A driver typically applies objects, syncs every set until the audit log shows no new
 * controller writes, then ticks or advances.
 */
public final class InMemoryCluster {

    public static final String DEFAULT_NAMESPACE = "default";

    private final ManualClock clock;
    private final Stores stores;
    private final AuditLog audit;
    private final EventLog events;
    private final FaultInjector faults;
    private final ClusterClient controller;
    private final ClusterClient user;
    private final SimulatedKubelet kubelet;
    private final GarbageCollector gc;
    private final InMemoryClusterEvents clusterEvents;
    private final InMemoryClusterReader reader;

    private InMemoryCluster(Builder b) {
        Random seeds = new Random(b.seed);
        this.clock = new ManualClock(b.start);
        this.stores = new Stores(clock, new IdGenerator(new Random(seeds.nextLong())), b.admission, b.maxObjects);
        this.faults = new FaultInjector(new Random(seeds.nextLong()));
        this.audit = new AuditLog(clock, b.maxAuditRecords);
        this.events = new EventLog(clock);
        this.controller = new ClusterClient(stores, Actor.CONTROLLER, faults, audit);
        this.user = new ClusterClient(stores, Actor.USER, FaultPolicy.NONE, audit);
        ClusterClient kubeletClient = new ClusterClient(stores, Actor.KUBELET, FaultPolicy.NONE, audit);
        this.kubelet = new SimulatedKubelet(stores.pods(), kubeletClient.pods(), clock, stores.lock(), b.timings);
        this.gc = new GarbageCollector(stores, new ClusterClient(stores, Actor.GARBAGE_COLLECTOR, FaultPolicy.NONE, audit));
        this.clusterEvents = new InMemoryClusterEvents(stores);
        this.reader = new InMemoryClusterReader(stores, faults);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Seed 0, clock at {@link ManualClock#DEFAULT_START}, default kubelet timings, API-server admission. */
    public static InMemoryCluster create() {
        return builder().build();
    }

    // ------------------------------------------------------------------ time

    /** Runs the kubelet, then the garbage collector, at the current time; returns their writes. */
    public int tick() {
        synchronized (stores.lock()) {
            return kubelet.tick() + gc.collect();
        }
    }

    /** Moves time forward by {@code duration}, ticking at every kubelet transition on the way and at the end. */
    public int advance(Duration duration) {
        synchronized (stores.lock()) {
            Instant target = clock.instant().plus(duration);
            int writes = tick();
            Optional<Instant> next = kubelet.nextTransitionAfter(clock.instant());
            while (next.isPresent() && !next.get().isAfter(target)) {
                clock.advanceTo(next.get());
                writes += tick();
                next = kubelet.nextTransitionAfter(clock.instant());
            }
            clock.advanceTo(target);
            return writes + tick();
        }
    }

    /** When the kubelet will next change something, if ever. */
    public Optional<Instant> nextTransition() {
        return kubelet.nextTransitionAfter(clock.instant());
    }

    // ------------------------------------------------------------------ input

    /**
     * Applies a manifest as the user, in namespace {@value #DEFAULT_NAMESPACE} unless documents say
     * otherwise. A document the API server would refuse fails the caller (a test) with every problem.
     *
     * @throws InvalidManifestException when a document has problems (the others are applied)
     * @throws ManifestException when the text is not YAML
     */
    public ApplyResult apply(String yaml) {
        ApplyResult result = applyAllowingProblems(yaml);
        if (result.hasProblems()) {
            throw new InvalidManifestException(result);
        }
        return result;
    }

    /** Like {@link #apply}, but problems are returned, not thrown: for tests about invalid manifests, and for tools that report them. */
    public ApplyResult applyAllowingProblems(String yaml) {
        return new ManifestApplier(user, DEFAULT_NAMESPACE).apply(yaml);
    }

    // ------------------------------------------------------------------ the controller's ports

    public PodControl podControl() {
        return new InMemoryPodControl(controller.pods(), stores.pods());
    }

    public ClaimControl claimControl() {
        return new InMemoryClaimControl(controller.claims());
    }

    public RevisionControl revisionControl() {
        return new InMemoryRevisionControl(controller.revisions());
    }

    public StatusWriter statusWriter() {
        return new InMemoryStatusWriter(controller.statefulSets());
    }

    public EventRecorder eventRecorder() {
        return new InMemoryEventRecorder(events, faults, clock);
    }

    public ClusterReader reader() {
        return reader;
    }

    public InMemoryClusterEvents clusterEvents() {
        return clusterEvents;
    }

    // ------------------------------------------------------------------ components

    public ManualClock clock() {
        return clock;
    }

    /** The storage itself: no faults, no audit. */
    public Stores stores() {
        return stores;
    }

    /** Fault-free access as the user (a test, {@code kubectl}); audited. */
    public ClusterClient user() {
        return user;
    }

    /** The controller's access: faults apply; what the ports use. */
    public ClusterClient controller() {
        return controller;
    }

    public AuditLog audit() {
        return audit;
    }

    public EventLog events() {
        return events;
    }

    public FaultInjector faults() {
        return faults;
    }

    public SimulatedKubelet kubelet() {
        return kubelet;
    }

    public GarbageCollector gc() {
        return gc;
    }

    /** Configuration of a cluster. */
    public static final class Builder {
        private long seed;
        private Instant start = ManualClock.DEFAULT_START;
        private KubeletTimings timings = KubeletTimings.defaults();
        private StatefulSetAdmission admission = StatefulSetAdmission.apiServer();
        private long maxObjects = Long.MAX_VALUE;
        private int maxAuditRecords = AuditLog.UNBOUNDED;

        private Builder() {
        }

        /**
         * How many objects (sets, pods, claims, revisions, services together) the cluster holds at most: a create past
         * it is refused as Forbidden ("exceeded quota"), as a ResourceQuota on {@code count/...} would refuse it, so a
         * set scaled to millions fails its creates instead of filling the heap. Unlimited by default.
         */
        public Builder maxObjects(long value) {
            if (value < 1) {
                throw new IllegalArgumentException("maxObjects must be at least 1, got " + value);
            }
            this.maxObjects = value;
            return this;
        }

        /**
         * How many of the latest writes the audit log keeps: the oldest are dropped first, so a cluster that runs for
         * days does not keep every status write; a query of the log whose start was dropped fails (see
         * {@link AuditLog#since}). Every write is kept by default, for tests that query the whole log.
         */
        public Builder maxAuditRecords(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("maxAuditRecords must be at least 1, got " + value);
            }
            this.maxAuditRecords = value;
            return this;
        }

        /** Seeds uids, generated names and random faults. */
        public Builder seed(long value) {
            this.seed = value;
            return this;
        }

        public Builder startingAt(Instant value) {
            this.start = value;
            return this;
        }

        public Builder kubeletTimings(KubeletTimings value) {
            this.timings = value;
            return this;
        }

        /** Every pod transition happens on the next tick. */
        public Builder instantKubelet() {
            return kubeletTimings(KubeletTimings.instant());
        }

        /**
         * Defaulting and validation of StatefulSet creates and updates; {@link StatefulSetAdmission#apiServer()}
         * by default. {@link StatefulSetAdmission#NONE} lets invalid sets reach the controller, as
         * a mock API would.
         */
        public Builder admission(StatefulSetAdmission value) {
            this.admission = value;
            return this;
        }

        public InMemoryCluster build() {
            return new InMemoryCluster(this);
        }
    }
}
