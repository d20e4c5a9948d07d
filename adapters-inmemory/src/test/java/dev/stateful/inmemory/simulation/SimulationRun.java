package dev.stateful.inmemory.simulation;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.revision.RevisionResolver;
import dev.stateful.domain.storage.PodClaims;
import dev.stateful.domain.availability.Availability;
import dev.stateful.domain.sync.Ownership;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.audit.WriteRecord;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.faults.FaultRule;
import dev.stateful.inmemory.faults.RuleBuilder;
import dev.stateful.inmemory.kubelet.KubeletTimings;
import dev.stateful.inmemory.kubelet.PodBehaviour;
import dev.stateful.inmemory.manifest.ApplyResult;
import dev.stateful.inmemory.scenarios.Scenario;
import dev.stateful.inmemory.simulation.InvariantChecker.Rule;
import dev.stateful.inmemory.simulation.InvariantChecker.Violation;
import dev.stateful.inmemory.store.DeleteOptions;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.leadership.LeaderGuard;
import dev.stateful.ports.leadership.Leadership;
import dev.stateful.ports.leadership.LeaseTimings;
import dev.stateful.ports.reconcile.OwnWrites;
import dev.stateful.ports.reconcile.StatefulSetReconciler;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.function.UnaryOperator;

/**
 * Executes one {@link Schedule} against the real reconciler on the in-memory cluster: applies the
 * set, runs every step with the {@link InvariantChecker} watching, then stops the faults, heals
 * the kubelet, lets the watches catch up and checks that the set converges within
 * {@link #CONVERGENCE_PASSES} sync passes. The first step with a violation ends the run.
 */
final class SimulationRun {

    static final String NS = Scenario.NS;
    static final String SET = "web";
    /**
     * A second set in the same namespace, which the schedule's steps leave alone but for scaling it:
     * its pods, claims and revisions sit in the same caches, owner index and fault rules as web's,
     * so a sync of one set that touches the other's objects breaks a rule. Its shape comes from the
     * schedule's seed; it is always Parallel (no OrderedReady stall needs the operator).
     */
    static final String NEIGHBOUR = "db";
    /** Pods running this image never become ready (until the kubelet is healed at the end). */
    static final String BROKEN = "nginx:broken";
    /** The bound on sync passes for convergence once everything is healthy. */
    static final int CONVERGENCE_PASSES = Integer.getInteger("simulation.convergencePasses", 150);
    static final Duration LATENCY = Duration.ofSeconds(2);
    /** A settle step gives up after this many passes (faults or a stalled watch can keep the controller writing). */
    static final int SETTLE_STEP_PASSES = 100;

    private final Schedule schedule;
    private final boolean verbose;
    private final InMemoryCluster cluster;
    private final ControllerCache cache;
    private final InvariantChecker checker;
    private final SeededScheduler scheduler;
    private final SimulatedLease lease;
    /** The running controller process, which holds the lease (a standby that takes it over becomes this). */
    private SimulatedElector leader;
    private final CheckedPorts ports;
    private final ControllerDriver driver;
    private final Mutant mutant;
    private final Counters counters = new Counters();
    private final List<String> trace = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final List<String> images = new ArrayList<>();
    private final List<FaultRule> rules = new ArrayList<>();
    /** The watches a stopped leader's process froze (those not already stalled by the schedule). */
    private final List<Kind> frozenWatches = new ArrayList<>();

    SimulationRun(Schedule schedule, Mutant mutant, boolean verbose) {
        this.schedule = schedule;
        this.verbose = verbose;
        KubeletTimings timings = schedule.config().slowKubelet()
                ? KubeletTimings.defaults().withStartDelay(Duration.ofSeconds(5)).withReadyDelay(Duration.ofSeconds(5))
                        .withTerminationDelay(Duration.ofSeconds(30))
                : KubeletTimings.defaults();
        this.cluster = InMemoryCluster.builder().seed(schedule.seed()).kubeletTimings(timings).build();
        // as the scheduler does: a pod whose claim is missing (e.g. a lagging claim cache hid its deletion) stays Pending
        cluster.kubelet().requireClaims(key -> cluster.stores().claims().get(key).filter(c -> !c.isTerminating()).isPresent());
        this.cache = new ControllerCache(cluster.stores());
        cluster.stores().addListener(cache);
        this.checker = new InvariantChecker(cluster, cache);
        cluster.stores().addListener(checker);
        this.scheduler = new SeededScheduler(schedule.seed() ^ 0x5eedL);
        this.mutant = mutant;
        this.lease = new SimulatedLease(LeaseTimings.defaults(), controllerName(1), cluster.clock().instant());
        this.leader = new SimulatedElector(lease.holder(), lease, cluster.clock(), mutant.fences());
        this.ports = new CheckedPorts(checker, cache, cluster.clock(), scheduler, lease, () -> leader.identity());
        this.driver = new ControllerDriver(cluster, () -> {
            cache.relistAll();
            checker.syncEnded();
            return reconciler(leader, ports, scheduler);
        });
    }

    private static String controllerName(int n) {
        return "controller-" + n;
    }

    /** A controller process's reconciler: its write ports fenced by its lease ({@code LeaderGuard}), then checked. */
    private StatefulSetReconciler reconciler(SimulatedElector process, CheckedPorts checked, SeededScheduler batches) {
        Leadership elector = fenced(process, batches);
        return new StatefulSetReconciler(mutant.reader(cache), LeaderGuard.pods(elector, checked.pods(cluster.podControl())),
                mutant.claims(LeaderGuard.claims(elector, checked.claims(cluster.claimControl())), cache),
                LeaderGuard.revisions(elector, checked.revisions(cluster.revisionControl())),
                mutant.status(LeaderGuard.status(elector, checked.status(cluster.statusWriter()))),
                LeaderGuard.events(elector, cluster.eventRecorder()), cluster.clock(), batches, checker,
                OwnWrites.tracking(cluster.clock(), OwnWrites.DEFAULT_PATIENCE));
    }

    /**
     * The process's gate, with the scheduler's yield point just before it (rather than between the
     * check and the call): a unit of a Parallel batch that passed its check writes at once, so a
     * stop lands before a check, never between a check and its write. That window, a write already
     * past its check when the process froze, is one no Lease without fencing tokens checked by the
     * API server can close (docs/reliability.md, "Assumptions").
     */
    private static Leadership fenced(SimulatedElector process, SeededScheduler batches) {
        return new Leadership() {
            @Override
            public boolean isOpen() {
                return process.isOpen();
            }

            @Override
            public void check(String write) {
                batches.yieldPoint();
                process.check(write);
            }
        };
    }

    /** What a run found and how much it did. */
    record Result(Schedule schedule, Optional<Violation> violation, List<Violation> violations, List<String> trace, Counters counters) {
        boolean failed() {
            return violation.isPresent();
        }
    }

    Result execute() {
        try {
            cluster.kubelet().behaveForImage(BROKEN, PodBehaviour.NEVER_READY);
            checker.atStep(0);
            trace.add("apply " + schedule.config());
            long mark = cluster.audit().mark();
            createSet();
            createNeighbour();
            if (stepDone(mark)) {
                for (int i = 0; i < schedule.steps().size(); i++) {
                    Step step = schedule.steps().get(i);
                    checker.atStep(i + 1);
                    trace.add(String.format("%2d. %s", i + 1, step.describe()));
                    mark = cluster.audit().mark();
                    step.apply(this);
                    counters.steps++;
                    if (!stepDone(mark)) {
                        break;
                    }
                }
            }
            if (checker.violations().isEmpty()) {
                converge();
            }
        } catch (RuntimeException | AssertionError e) {
            checker.violation(Rule.NO_CRASH, e + stackTop(e));
        }
        counters.apiFaults += rules.stream().mapToLong(FaultRule::fired).sum();
        counters.heldBackEvents = cache.heldBack();
        counters.interleavings = scheduler.interleavings();
        counters.controllerWrites = cluster.audit().query().by(Actor.CONTROLLER).count();
        counters.lostClaims = checker.lostClaims().size();
        List<Violation> found = checker.violations();
        counters.violations = found.isEmpty() ? 0 : 1;
        if (!found.isEmpty()) {
            trace.add("VIOLATION " + found.get(0));
            found.stream().skip(1).limit(5).forEach(v -> trace.add("  and " + v));
        }
        return new Result(schedule, found.stream().findFirst(), found, List.copyOf(trace), counters);
    }

    /** After a step: the state rules, the notes and (verbose) what happened. True while no rule is broken. */
    private boolean stepDone(long mark) {
        checker.checkState();
        notes.forEach(n -> trace.add("      " + n));
        notes.clear();
        if (verbose) {
            writesSince(mark).forEach(w -> trace.add("      " + w));
            trace.add("      => pods: " + podSummary());
        }
        return checker.violations().isEmpty();
    }

    // ------------------------------------------------------------------ accessors for steps

    InMemoryCluster cluster() {
        return cluster;
    }

    ControllerCache cache() {
        return cache;
    }

    Counters counters() {
        return counters;
    }

    private void note(String text) {
        notes.add(text);
    }

    // ------------------------------------------------------------------ the user

    void createSet() {
        if (set().isPresent()) {
            note("(the set exists: nothing to do)");
            return;
        }
        ApplyResult result = cluster.apply(schedule.config().manifest().yaml());
        if (result.hasProblems()) {
            throw new IllegalStateException("the API server refused the schedule's set: " + result.describeProblems());
        }
        images.add(SetConfig.FIRST_IMAGE);
    }

    private void createNeighbour() {
        java.util.Random random = new java.util.Random(schedule.seed() ^ 0xdbL);
        String whenDeleted = random.nextBoolean() ? "Delete" : "Retain";
        String whenScaled = random.nextBoolean() ? "Delete" : "Retain";
        SetConfig config = new SetConfig(1 + random.nextInt(3), true, 0, false, null, null, null, null, whenDeleted, whenScaled, false);
        ApplyResult result = cluster.apply(config.manifest().named(NEIGHBOUR).yaml());
        if (result.hasProblems()) {
            throw new IllegalStateException("the API server refused the neighbour set: " + result.describeProblems());
        }
    }

    /** Another team scales the neighbour set. */
    void scaleNeighbour(int replicas) {
        Optional<StatefulSet> stored = cluster.stores().statefulSets().get(new ObjectKey(NS, NEIGHBOUR));
        if (stored.isEmpty()) {
            note("(no neighbour set: nothing to do)");
            return;
        }
        try {
            cluster.user().statefulSets().update(stored.get().withSpec(stored.get().spec().withReplicas(replicas)));
        } catch (ApiException e) {
            note("(refused by the API server: " + e.getMessage() + ")");
        }
    }

    void deleteSet(boolean orphan) {
        if (set().isEmpty()) {
            note("(no set: nothing to do)");
            return;
        }
        cluster.user().statefulSets().delete(new ObjectKey(NS, SET), orphan ? DeleteOptions.orphan() : DeleteOptions.DEFAULT);
    }

    /** A user update of the stored set's spec; the API server may refuse it (e.g. a partition under OnDelete). */
    boolean updateSpec(UnaryOperator<StatefulSetSpec> change) {
        Optional<StatefulSet> stored = set();
        if (stored.isEmpty()) {
            note("(no set: nothing to do)");
            return false;
        }
        try {
            cluster.user().statefulSets().update(stored.get().withSpec(change.apply(stored.get().spec())));
            return true;
        } catch (ApiException e) {
            note("(refused by the API server: " + e.getMessage() + ")");
            return false;
        }
    }

    void setImage(String image) {
        if (updateSpec(spec -> spec.withTemplate(Scenario.withImage(spec.template(), image)))) {
            images.add(image);
        }
    }

    void rollback(int back) {
        if (images.size() <= back) {
            note("(no template " + back + " changes back: nothing to do)");
            return;
        }
        String image = images.get(images.size() - 1 - back);
        note("(back to " + image + ")");
        setImage(image);
    }

    void deletePod(String name) {
        ObjectKey key = new ObjectKey(NS, name);
        if (cluster.stores().pods().get(key).isEmpty()) {
            note("(no such pod: nothing to do)");
            return;
        }
        cluster.user().pods().delete(key, DeleteOptions.DEFAULT);
    }

    // ------------------------------------------------------------------ outside actors

    void outsiderDeletesClaim(int ordinal) {
        ObjectKey key = new ObjectKey(NS, "www-" + SET + "-" + ordinal);
        if (cluster.stores().claims().get(key).isEmpty()) {
            note("(no such claim: nothing to do)");
            return;
        }
        // pvc-protection makes the API server keep a claim while a pod uses it; the in-memory cluster has no such
        // finalizer, so the outsider leaves alone any claim whose pod exists (the checker counts every other loss)
        if (cluster.stores().pods().get(new ObjectKey(NS, SET + "-" + ordinal)).isPresent()) {
            note("(its pod exists: pvc-protection would hold the claim, nothing to do)");
            return;
        }
        cluster.user().claims().delete(key, DeleteOptions.DEFAULT);
        counters.outsiderWrites++;
    }

    void outsiderEditsClaim(int ordinal, boolean stripOwners) {
        ObjectKey key = new ObjectKey(NS, "www-" + SET + "-" + ordinal);
        Optional<PersistentVolumeClaim> stored = cluster.stores().claims().get(key);
        if (stored.isEmpty()) {
            note("(no such claim: nothing to do)");
            return;
        }
        java.util.Map<String, String> annotations = new java.util.HashMap<>(stored.get().metadata().annotations());
        annotations.put("backup.example.com/last", cluster.clock().instant().toString());
        var meta = stored.get().metadata().withAnnotations(annotations);
        if (stripOwners) {
            meta = meta.withOwnerReferences(List.of());
        }
        try {
            cluster.user().claims().update(stored.get().withMetadata(meta));
            counters.outsiderWrites++;
        } catch (ApiException e) {
            note("(refused by the API server: " + e.getMessage() + ")");
        }
    }

    // ------------------------------------------------------------------ kubelet and faults

    void healKubelet(boolean fully) {
        cluster.kubelet().clearBehaviours();
        if (!fully) {
            cluster.kubelet().behaveForImage(BROKEN, PodBehaviour.NEVER_READY);
        }
        cluster.kubelet().resume();
    }

    void inject(Verb verb, Kind kind, FaultType type, double p) {
        if (!type.appliesTo(verb)) {
            note("(" + type + " does not apply to " + verb + ": nothing to do)");
            return;
        }
        RuleBuilder rule = cluster.faults().on(verb, kind).withProbability(p);
        if (type.error != null) {
            rules.add(rule.fail(type.error));
        } else if (type == FaultType.APPLIED_BUT_FAILED) {
            rules.add(rule.failAfterWrite());
        } else if (type == FaultType.LATENCY) {
            rules.add(rule.delay(LATENCY));
        } else {
            throw new IllegalArgumentException(type.toString());
        }
    }

    void clearFaults() {
        counters.apiFaults += rules.stream().mapToLong(FaultRule::fired).sum();
        rules.clear();
        cluster.faults().clear();
    }

    // ------------------------------------------------------------------ the controller and time

    void restart() {
        driver.restart();
        counters.restarts++;
    }

    /** One sync pass; a crash of the controller during it restarts it. */
    void syncPass() {
        try {
            driver.syncAll();
        } catch (CheckedPorts.ControllerCrash crash) {
            crashed(crash);
        } catch (CompletionException e) {
            if (!(e.getCause() instanceof CheckedPorts.ControllerCrash)) {
                throw e;
            }
            crashed((CheckedPorts.ControllerCrash) e.getCause());
        }
        counters.passes++;
    }

    private void crashed(CheckedPorts.ControllerCrash crash) {
        scheduler.awaitIdle();
        note("(" + crash.getMessage() + ")");
        counters.crashes++;
        checker.syncEnded();
        restart();
    }

    void crashingPass(int atWrite, boolean afterWrite) {
        ports.crashAt(atWrite, afterWrite);
        syncPass();
        if (!ports.crashed()) {
            note("(the pass made fewer writes: no crash)");
        }
        ports.disarm();
    }

    /**
     * A sync pass of the leader in which its process is stopped (SIGSTOP) for {@code seconds} just
     * before its {@code atCheck}-th write (after the pass if it makes fewer; it then runs
     * one more pass once resumed), then resumed (SIGCONT). Stopped past the lease duration, a
     * standby takes the lease at its expiry and syncs for the rest of the pause. The resumed
     * process goes on with its sync before its elector runs: its gate must refuse those writes.
     * Then its elector finds the lease taken and the process ends, or renews it and leads on.
     */
    void pausedLeaderPass(int atCheck, int seconds) {
        SimulatedElector paused = leader;
        SeededScheduler itsBatches = new SeededScheduler(schedule.seed() ^ counters.leaderPauses ^ 0x5709L);
        CheckedPorts itsPorts = new CheckedPorts(checker, cache, cluster.clock(), itsBatches, lease, paused::identity);
        StatefulSetReconciler itsReconciler = reconciler(paused, itsPorts, itsBatches);
        ControllerDriver itsProcess = new ControllerDriver(cluster, () -> itsReconciler);
        long refusedBefore = paused.refused();
        paused.pauseAtCheck(atCheck, () -> stopped(paused, seconds));
        itsProcess.syncAll();
        counters.passes++;
        if (paused.pauseArmed()) {
            note("(the pass made fewer writes: " + paused.identity() + " is stopped after it, and resumed runs one more pass)");
            paused.stopFor(() -> stopped(paused, seconds));
            itsProcess.syncAll();
            counters.passes++;
        }
        itsBatches.awaitIdle();
        checker.syncEnded();
        long refused = paused.refused() - refusedBefore;
        counters.fencedWrites += refused;
        if (refused > 0) {
            note("(the resumed " + paused.identity() + "'s gate refused " + refused + " writes and events: its last renewal is past the renew deadline)");
        }
        if (!paused.electorRuns()) {
            note("(" + paused.identity() + "'s elector finds the lease held by " + lease.holder() + ": it stops leading and the process ends)");
        }
        frozenWatches.forEach(cache::resume);
        frozenWatches.clear();
    }

    /** The world while the leader is stopped: time passes and, past the lease, a standby takes over and syncs. */
    private void stopped(SimulatedElector paused, int seconds) {
        counters.leaderPauses++;
        Duration leaseDuration = lease.timings().leaseDuration();
        if (seconds < leaseDuration.toSeconds()) {
            // its informers are stopped with it: the resumed sync goes on from what it knew, and they catch up after it
            // (past the lease the standby relists the caches instead, and the resumed leader's gate refuses every write)
            ControllerCache.KINDS.stream().filter(k -> !cache.isStalled(k)).forEach(frozenWatches::add);
            frozenWatches.forEach(cache::stall);
            cluster.advance(Duration.ofSeconds(seconds));
            return;
        }
        cluster.advance(Duration.between(cluster.clock().instant(), lease.expiresAt()));
        counters.takeovers++;
        String standby = controllerName((int) counters.takeovers + 1);
        lease.acquire(standby, cluster.clock().instant());
        leader = new SimulatedElector(standby, lease, cluster.clock(), mutant.fences());
        note("(" + paused.identity() + " is stopped: " + standby + " takes the lease at its expiry, "
                + leaseDuration.toSeconds() + " s after the last renewal, and syncs for " + (seconds - leaseDuration.toSeconds()) + " s)");
        driver.restart();
        runFor((int) (seconds - leaseDuration.toSeconds()));
    }

    void runFor(int seconds) {
        for (int t = 0; t < seconds; t++) {
            syncPass();
            cluster.advance(Duration.ofSeconds(1));
        }
    }

    void waitFor(int seconds) {
        cluster.advance(Duration.ofSeconds(seconds));
    }

    void settleBriefly() {
        try {
            ControllerDriver.Settlement s = driver.settle(SETTLE_STEP_PASSES, Duration.ofMinutes(2));
            counters.passes += s.rounds();
        } catch (IllegalStateException busy) {
            note("(still busy: " + busy.getMessage() + ")");
        }
    }

    // ------------------------------------------------------------------ convergence

    private void converge() {
        checker.atStep(InvariantChecker.FINAL_SETTLE);
        trace.add("(end) faults stop, watches catch up, kubelet healthy (every pod behaves normally), garbage collector running: settle");
        clearFaults();
        cache.resumeAll();
        healKubelet(true);
        cluster.gc().resume();
        long mark = cluster.audit().mark();
        int passes = settleWithin(CONVERGENCE_PASSES);
        // upstream's OrderedReady stall needs the operator; under minReadySeconds it requeues forever, so it may not settle
        for (int round = 0; round < 10 && upstreamCondemnedStall(); round++) {
            List<String> terminal = pods().stream()
                    .filter(p -> !PodIdentity.inOrdinalRange(set().orElseThrow(), p) && Availability.hasTerminalPhase(p))
                    .map(Pod::name).toList();
            trace.add("(end) OrderedReady scale-down stalls behind terminated condemned pods (upstream processCondemned): the user deletes "
                    + terminal + ", settle");
            terminal.forEach(this::deletePod);
            passes = settleWithin(CONVERGENCE_PASSES);
        }
        if (verbose) {
            writesSince(mark).forEach(w -> trace.add("      " + w));
            trace.add("      => pods: " + podSummary());
        }
        if (passes < 0) {
            checker.violation(Rule.CONVERGENCE, "not settled within " + CONVERGENCE_PASSES + " sync passes; pods: " + podSummary());
            return;
        }
        counters.convergencePasses = passes;
        checker.checkState();
        if (!checker.violations().isEmpty()) {
            return;
        }
        List<String> problems = new ArrayList<>(set().isPresent() ? convergedSet(set().get()) : deletedSet());
        cluster.stores().statefulSets().get(new ObjectKey(NS, NEIGHBOUR))
                .ifPresent(neighbour -> convergedSet(neighbour).forEach(p -> problems.add(NEIGHBOUR + ": " + p)));
        if (!problems.isEmpty()) {
            checker.violation(Rule.CONVERGENCE, String.join("; ", problems) + "; pods: " + podSummary()
                    + set().map(s -> "; status: " + InvariantChecker.counters(s.status())).orElse(""));
        }
    }

    /** Settles; the sync passes it took, or -1 if it did not settle within {@code limit}. */
    private int settleWithin(int limit) {
        try {
            int passes = driver.settle(limit, Duration.ofDays(1)).rounds();
            counters.passes += passes;
            return passes;
        } catch (IllegalStateException busy) {
            counters.passes += limit;
            return -1;
        }
    }

    /**
     * Upstream's documented stall in {@code processCondemned}: under OrderedReady the highest condemned
     * pod is unhealthy but is not the first unavailable pod, so it waits for a lower condemned pod
     * that is never processed. With a healthy kubelet only pods that already terminated
     * (Failed/Succeeded) stay unhealthy, so an operator deleting them ends it.
     */
    private boolean upstreamCondemnedStall() {
        Optional<StatefulSet> found = set();
        if (found.isEmpty() || !found.get().spec().isMonotonic()) {
            return false;
        }
        StatefulSet set = found.get();
        int minReady = set.spec().minReadySeconds();
        Instant now = cluster.clock().instant();
        List<Pod> inRange = pods().stream().filter(p -> PodIdentity.inOrdinalRange(set, p)).toList();
        List<Pod> condemned = new ArrayList<>(pods().stream().filter(p -> !PodIdentity.inOrdinalRange(set, p)).toList());
        if (condemned.isEmpty() || inRange.size() != set.spec().replicasOrDefault()
                || inRange.stream().anyMatch(p -> Availability.isUnavailable(p, minReady, now))) {
            return false;
        }
        condemned.sort(PodIdentity.DESCENDING_ORDINAL);
        Pod highest = condemned.get(0);
        if (highest.isTerminating() || Availability.isRunningAndReady(highest)) {
            return false;
        }
        condemned.sort(PodIdentity.ASCENDING_ORDINAL);
        Optional<Pod> firstUnavailable = condemned.stream().filter(p -> Availability.isUnavailable(p, minReady, now)).findFirst();
        return firstUnavailable.isPresent() && firstUnavailable.get() != highest;
    }

    /** The set matches its spec: pods, revisions, availability, claims and their owners, status, history. */
    private List<String> convergedSet(StatefulSet set) {
        List<String> problems = new ArrayList<>();
        StatefulSetSpec spec = set.spec();
        int replicas = spec.replicasOrDefault();
        int start = spec.startOrdinal();
        int partition = spec.updateStrategy().partition();
        Instant now = cluster.clock().instant();
        List<String> expected = new ArrayList<>();
        for (int o = start; o < start + replicas; o++) {
            expected.add(PodIdentity.podName(set, o));
        }
        List<String> actual = podsOf(set.name()).stream().map(Pod::name).toList();
        if (!actual.equals(expected)) {
            problems.add("pods " + actual + ", expected " + expected);
        }
        List<ControllerRevision> all = cluster.stores().revisions().list(NS);
        String update = RevisionResolver.resolve(set, Ownership.ownedRevisions(set, all), all).update().name();
        // this set's history: the revisions it owns (an orphaned earlier incarnation's are the deleted set's business)
        List<ControllerRevision> revisions = all.stream().filter(r -> r.metadata().controllerRef()
                .map(ref -> ref.uid().equals(set.metadata().uid())).orElse(r.name().startsWith(set.name() + "-"))).toList();
        StatefulSetStatus status = set.status();
        if (!status.updateRevision().equals(update)) {
            problems.add("status.updateRevision " + status.updateRevision() + " but the template is revision " + update);
        }
        String image = imageOf(spec);
        int updated = 0;
        int current = 0;
        for (Pod pod : podsOf(set.name())) {
            if (!PodIdentity.isControlledBy(pod, set)) {
                problems.add(pod.name() + " is not controlled by the set");
            }
            if (pod.isTerminating() || !Availability.isAvailable(pod, spec.minReadySeconds(), now)) {
                problems.add(pod.name() + " is not available");
            }
            String revision = PodIdentity.revisionOf(pod);
            updated += revision.equals(status.updateRevision()) ? 1 : 0;
            current += revision.equals(status.currentRevision()) ? 1 : 0;
            int index = PodIdentity.ordinal(pod) - start;
            if (spec.updateStrategy().isRollingUpdate() && index >= partition) {
                if (!revision.equals(update)) {
                    problems.add(pod.name() + " (index " + index + ", partition " + partition + ") runs revision " + revision + ", not " + update);
                }
                if (!imageOf(pod).equals(image)) {
                    problems.add(pod.name() + " runs " + imageOf(pod) + ", not " + image);
                }
            }
            for (PersistentVolumeClaim wanted : PodClaims.claimsFor(set, pod).values()) {
                Optional<PersistentVolumeClaim> claim = cluster.stores().claims().get(new ObjectKey(NS, wanted.name()));
                if (claim.isEmpty() || claim.get().isTerminating()) {
                    problems.add("claim " + wanted.name() + " of " + pod.name() + " is " + (claim.isEmpty() ? "missing" : "terminating"));
                } else {
                    problems.addAll(claimOwners(set, pod, claim.get()));
                }
            }
        }
        problems.addAll(claimsNoPodUses(set));
        if (status.observedGeneration() != set.metadata().generation()) {
            problems.add("observedGeneration " + status.observedGeneration() + " != generation " + set.metadata().generation());
        }
        if (status.replicas() != replicas || status.readyReplicas() != replicas || status.availableReplicas() != replicas) {
            problems.add("status counts replicas/ready/available " + status.replicas() + "/" + status.readyReplicas() + "/"
                    + status.availableReplicas() + ", expected " + replicas);
        }
        if (status.updatedReplicas() != updated || status.currentReplicas() != current) {
            problems.add("status counts updated/current " + status.updatedReplicas() + "/" + status.currentReplicas()
                    + ", the pods say " + updated + "/" + current);
        }
        if (updated == replicas && !status.currentRevision().equals(status.updateRevision())) {
            problems.add("every replica is updated and available but currentRevision is " + status.currentRevision());
        }
        int limit = spec.revisionHistoryLimit() == null ? 10 : spec.revisionHistoryLimit();
        Set<String> live = new HashSet<>(Arrays.asList(status.currentRevision(), status.updateRevision()));
        podsOf(set.name()).forEach(p -> live.add(PodIdentity.revisionOf(p)));
        long owned = revisions.stream().filter(r -> r.metadata().controllerRef().map(ref -> ref.uid().equals(set.metadata().uid())).orElse(false)).count();
        long history = revisions.stream().filter(r -> !live.contains(r.name())).count();
        if (history > limit) {
            problems.add(history + " old revisions kept (of " + owned + "), revisionHistoryLimit " + limit);
        }
        return problems;
    }

    /**
     * Unless whenDeleted is Delete, no claim a pod of the set does not use carries the set as owner
     * (ClaimRelease): deleting the set must not delete it.
     */
    private List<String> claimsNoPodUses(StatefulSet set) {
        if (set.spec().retentionPolicyOrDefault().deleteWhenDeleted()) {
            return List.of();
        }
        Set<String> used = new HashSet<>();
        podsOf(set.name()).forEach(pod -> PodClaims.claimsFor(set, pod).values().forEach(c -> used.add(c.name())));
        return cluster.stores().claims().list(NS).stream()
                .filter(c -> !used.contains(c.name()) && !c.isTerminating()
                        && c.metadata().ownerReferences().stream().anyMatch(r -> r.uid().equals(set.metadata().uid())))
                .map(c -> "claim " + c.name() + ", which no pod uses, is owned by the set under whenDeleted "
                        + set.spec().retentionPolicyOrDefault().whenDeleted())
                .toList();
    }

    /** In range, a claim carries the set as owner exactly when whenDeleted is Delete, and never its pod. */
    private static List<String> claimOwners(StatefulSet set, Pod pod, PersistentVolumeClaim claim) {
        List<String> problems = new ArrayList<>();
        RetentionPolicy policy = set.spec().retentionPolicyOrDefault();
        List<OwnerReference> refs = claim.metadata().ownerReferences();
        boolean bySet = refs.stream().anyMatch(r -> r.uid().equals(set.metadata().uid()));
        boolean byPod = refs.stream().anyMatch(r -> r.uid().equals(pod.metadata().uid()));
        if (bySet != policy.deleteWhenDeleted()) {
            problems.add("claim " + claim.name() + (bySet ? " is" : " is not") + " owned by the set under whenDeleted " + policy.whenDeleted());
        }
        if (byPod) {
            problems.add("claim " + claim.name() + " is owned by its in-range pod " + pod.name());
        }
        List<String> others = refs.stream().filter(r -> !r.uid().equals(set.metadata().uid()) && !r.uid().equals(pod.metadata().uid()))
                .map(r -> r.kind() + "/" + r.name()).toList();
        if (!others.isEmpty()) {
            problems.add("claim " + claim.name() + " has owners that no longer exist: " + others);
        }
        return problems;
    }

    /** The set is gone: so are its pods (unless orphaned), its revisions and every object owned by something gone. */
    private List<String> deletedSet() {
        List<String> problems = new ArrayList<>();
        Set<String> uids = new HashSet<>();
        cluster.stores().all().forEach(store -> addUids(store, uids));
        for (Pod pod : pods()) {
            pod.metadata().controllerRef().filter(r -> !uids.contains(r.uid()))
                    .ifPresent(r -> problems.add(pod.name() + " still belongs to the deleted set"));
            if (pod.isTerminating()) {
                problems.add(pod.name() + " is still terminating");
            }
        }
        for (ControllerRevision revision : cluster.stores().revisions().list(NS)) {
            revision.metadata().controllerRef().filter(r -> !uids.contains(r.uid()))
                    .ifPresent(r -> problems.add("revision " + revision.name() + " still belongs to the deleted set"));
        }
        for (PersistentVolumeClaim claim : cluster.stores().claims().list(NS)) {
            if (claim.metadata().ownerReferences().stream().anyMatch(r -> !uids.contains(r.uid()))) {
                problems.add("claim " + claim.name() + " has an owner that no longer exists");
            }
        }
        return problems;
    }

    private static <T> void addUids(dev.stateful.inmemory.store.ObjectStore<T> store, Set<String> into) {
        store.list("").forEach(o -> into.add(store.meta(o).uid()));
    }

    // ------------------------------------------------------------------ observations

    Optional<StatefulSet> set() {
        return cluster.stores().statefulSets().get(new ObjectKey(NS, SET));
    }

    /** The pods of web (by name: web-<ordinal>), lowest ordinal first. */
    List<Pod> pods() {
        return podsOf(SET);
    }

    private List<Pod> podsOf(String setName) {
        List<Pod> pods = new ArrayList<>(cluster.stores().pods().list(NS).stream()
                .filter(p -> p.name().matches(java.util.regex.Pattern.quote(setName) + "-[0-9]+")).toList());
        pods.sort(PodIdentity.ASCENDING_ORDINAL);
        return pods;
    }

    private static String imageOf(StatefulSetSpec spec) {
        return spec.templateSpec().array("containers").get(0).asObject().orElseThrow().string("image").orElse("");
    }

    private static String imageOf(Pod pod) {
        return pod.spec().array("containers").get(0).asObject().orElseThrow().string("image").orElse("");
    }

    String podSummary() {
        List<String> out = new ArrayList<>();
        for (Pod pod : pods()) {
            StringBuilder s = new StringBuilder(pod.name()).append(' ').append(pod.status().phase());
            if (Availability.isRunningAndReady(pod)) {
                s.append("/Ready");
            }
            if (pod.isTerminating()) {
                s.append("/Terminating");
            }
            s.append(' ').append(imageOf(pod)).append(' ').append(PodIdentity.revisionOf(pod));
            out.add(s.toString());
        }
        List<String> claims = cluster.stores().claims().list(NS).stream().map(PersistentVolumeClaim::name).toList();
        return (out.isEmpty() ? "none" : String.join(", ", out)) + "; claims " + claims;
    }

    /** Verbose traces: the writes of every actor but the kubelet since {@code mark}. */
    List<String> writesSince(long mark) {
        List<String> out = new ArrayList<>();
        for (WriteRecord r : cluster.audit().since(mark).records()) {
            if (r.actor() != Actor.KUBELET) {
                out.add(r.actor() + " " + r.verb() + " " + r.kind().qualifiedResource() + " " + r.name() + " -> " + r.outcome());
            }
        }
        return out;
    }

    private static String stackTop(Throwable e) {
        StackTraceElement[] stack = e.getStackTrace();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < Math.min(6, stack.length); i++) {
            out.append("\n      at ").append(stack[i]);
        }
        return out.toString();
    }

    /** Tallies of one run (and, added up, of many). */
    static final class Counters {
        long schedules;
        long steps;
        long passes;
        long controllerWrites;
        long apiFaults;
        long restarts;
        long crashes;
        long watchStalls;
        long heldBackEvents;
        long relists;
        long staleRelists;
        long duplicateEvents;
        long outsiderWrites;
        /** Calls of a Parallel batch unit at which another unit of the batch ran first. */
        long interleavings;
        long kubeletMisbehaviours;
        /** Leaders stopped (SIGSTOP) and resumed; of which a standby took over; writes and events their gates refused. */
        long leaderPauses;
        long takeovers;
        long fencedWrites;
        long violations;
        /** Claims of live pods that were deleted (each is also a violation). */
        long lostClaims;
        long convergencePasses;

        void add(Counters other) {
            schedules += 1;
            steps += other.steps;
            passes += other.passes;
            controllerWrites += other.controllerWrites;
            apiFaults += other.apiFaults;
            restarts += other.restarts;
            crashes += other.crashes;
            watchStalls += other.watchStalls;
            heldBackEvents += other.heldBackEvents;
            relists += other.relists;
            staleRelists += other.staleRelists;
            duplicateEvents += other.duplicateEvents;
            outsiderWrites += other.outsiderWrites;
            interleavings += other.interleavings;
            kubeletMisbehaviours += other.kubeletMisbehaviours;
            leaderPauses += other.leaderPauses;
            takeovers += other.takeovers;
            fencedWrites += other.fencedWrites;
            violations += other.violations;
            lostClaims += other.lostClaims;
            convergencePasses = Math.max(convergencePasses, other.convergencePasses);
        }

        /**
         * Faults of every kind: API faults that fired, controller restarts (crashes included), watch
         * stalls, relists, duplicate events, the outside actor's claim writes and leader pauses.
         */
        long faults() {
            return apiFaults + restarts + watchStalls + relists + duplicateEvents + outsiderWrites + leaderPauses;
        }

        String summary() {
            return String.format("%d schedules ran (%d steps, %d sync passes, %d controller writes); %d faults injected "
                            + "(%d API faults that fired, %d controller restarts of which %d mid-sync crashes, %d watch stalls holding back %d events, "
                            + "%d relists of which %d stale, %d duplicate events, %d claim deletions and edits by an outside actor, "
                            + "%d leader pauses of which %d past the lease and taken over, %d writes and events fenced) "
                            + "plus %d kubelet misbehaviours; Parallel batch units interleaved at %d calls; %d invariant violations; "
                            + "%d claims of live pods lost; convergence took at most %d sync passes",
                    schedules, steps, passes, controllerWrites, faults(), apiFaults, restarts, crashes, watchStalls, heldBackEvents,
                    relists, staleRelists, duplicateEvents, outsiderWrites, leaderPauses, takeovers, fencedWrites, kubeletMisbehaviours, interleavings, violations, lostClaims,
                    convergencePasses);
        }
    }
}
