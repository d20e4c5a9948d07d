package dev.stateful.inmemory.simulation;

import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.Ordinals;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.inmemory.kubelet.PodBehaviour;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import dev.stateful.ports.leadership.LeaseTimings;
import java.util.ArrayList;
import java.util.List;

/**
 * One thing that happens in a schedule: a user action, a kubelet behaviour, an API fault, a
 * controller restart or the passing of time. Steps are plain data (so a failing schedule can be
 * printed, shrunk and pasted into a test); what a step does depends only on its arguments and the
 * state of the cluster, and a step that does not apply (scaling a deleted set) does nothing.
 */
public sealed interface Step {

    void apply(SimulationRun run);

    String describe();

    /** Variants with simpler arguments, simplest first (the shrinker keeps one that still fails). */
    default List<Step> simpler() {
        return List.of();
    }

    // ------------------------------------------------------------------ the user

    /** {@code kubectl apply} of the schedule's initial manifest, if the set does not exist. */
    record CreateSet() implements Step {
        public void apply(SimulationRun run) {
            run.createSet();
        }

        public String describe() {
            return "user creates the set (the initial manifest) if it does not exist";
        }
    }

    /** {@code kubectl delete statefulset web}, cascading in the background or orphaning the pods. */
    record DeleteSet(boolean orphan) implements Step {
        public void apply(SimulationRun run) {
            run.deleteSet(orphan);
        }

        public String describe() {
            return "user deletes the set" + (orphan ? " with --cascade=orphan" : "");
        }

        public List<Step> simpler() {
            return orphan ? List.of(new DeleteSet(false)) : List.of();
        }
    }

    record Scale(int replicas) implements Step {
        public void apply(SimulationRun run) {
            run.updateSpec(spec -> spec.withReplicas(replicas));
        }

        public String describe() {
            return "user scales to " + replicas;
        }

        public List<Step> simpler() {
            List<Step> out = new ArrayList<>();
            for (int r = 0; r < replicas; r++) {
                out.add(new Scale(r));
            }
            return out;
        }
    }

    /** A template change (the image of the only container). */
    record SetImage(String image) implements Step {
        public void apply(SimulationRun run) {
            run.setImage(image);
        }

        public String describe() {
            return "user sets the image to " + image;
        }
    }

    /** Back to the image in use {@code back} template changes ago (a rollback reuses its revision). */
    record Rollback(int back) implements Step {
        public void apply(SimulationRun run) {
            run.rollback(back);
        }

        public String describe() {
            return "user rolls back the template " + back + " change" + (back == 1 ? "" : "s");
        }

        public List<Step> simpler() {
            return back > 1 ? List.of(new Rollback(1)) : List.of();
        }
    }

    record SetPartition(int partition) implements Step {
        public void apply(SimulationRun run) {
            run.updateSpec(spec -> spec.withUpdateStrategy(new UpdateStrategy(spec.updateStrategy().type(),
                    new UpdateStrategy.RollingUpdate(partition, maxUnavailable(spec.updateStrategy())))));
        }

        public String describe() {
            return "user sets the partition to " + partition;
        }

        public List<Step> simpler() {
            List<Step> out = new ArrayList<>();
            for (int p = 0; p < partition; p++) {
                out.add(new SetPartition(p));
            }
            return out;
        }

        private static IntOrString maxUnavailable(UpdateStrategy strategy) {
            return strategy.rollingUpdate() == null ? null : strategy.rollingUpdate().maxUnavailable();
        }
    }

    /** An integer ("2") or a percentage ("50%"). */
    record SetMaxUnavailable(String value) implements Step {
        public void apply(SimulationRun run) {
            IntOrString max = value.endsWith("%") ? IntOrString.of(value) : IntOrString.of(Integer.parseInt(value));
            run.updateSpec(spec -> spec.withUpdateStrategy(new UpdateStrategy(spec.updateStrategy().type(),
                    new UpdateStrategy.RollingUpdate(spec.updateStrategy().partition(), max))));
        }

        public String describe() {
            return "user sets maxUnavailable to " + value;
        }

        public List<Step> simpler() {
            return value.equals("1") ? List.of() : List.of(new SetMaxUnavailable("1"));
        }
    }

    record SetStartOrdinal(int start) implements Step {
        public void apply(SimulationRun run) {
            run.updateSpec(spec -> spec.withOrdinals(new Ordinals(start)));
        }

        public String describe() {
            return "user sets ordinals.start to " + start;
        }

        public List<Step> simpler() {
            return start > 0 ? List.of(new SetStartOrdinal(0)) : List.of();
        }
    }

    record SetRetention(String whenDeleted, String whenScaled) implements Step {
        public void apply(SimulationRun run) {
            run.updateSpec(spec -> spec.withRetentionPolicy(new RetentionPolicy(whenDeleted, whenScaled)));
        }

        public String describe() {
            return "user sets the claim retention policy to whenDeleted " + whenDeleted + ", whenScaled " + whenScaled;
        }
    }

    record SetMinReadySeconds(int seconds) implements Step {
        public void apply(SimulationRun run) {
            run.updateSpec(spec -> spec.withMinReadySeconds(seconds));
        }

        public String describe() {
            return "user sets minReadySeconds to " + seconds;
        }

        public List<Step> simpler() {
            return seconds > 0 ? List.of(new SetMinReadySeconds(0)) : List.of();
        }
    }

    /** Switches between RollingUpdate (keeping no rollingUpdate block) and OnDelete. */
    record SetUpdateStrategy(boolean onDelete) implements Step {
        public void apply(SimulationRun run) {
            run.updateSpec(spec -> spec.withUpdateStrategy(onDelete ? UpdateStrategy.onDelete()
                    : UpdateStrategy.rollingUpdate(0, null)));
        }

        public String describe() {
            return "user switches the update strategy to " + (onDelete ? "OnDelete" : "RollingUpdate");
        }
    }

    /** {@code kubectl delete pod web-<ordinal>} (graceful). */
    record DeletePod(int ordinal) implements Step {
        public void apply(SimulationRun run) {
            run.deletePod(podName(ordinal));
        }

        public String describe() {
            return "user deletes pod " + podName(ordinal);
        }
    }

    // ------------------------------------------------------------------ the kubelet

    /** From now on the kubelet runs pod {@code web-<ordinal>} this way. */
    record Behave(int ordinal, PodBehaviour behaviour) implements Step {
        public void apply(SimulationRun run) {
            run.cluster().kubelet().behave(podName(ordinal), behaviour);
            run.counters().kubeletMisbehaviours++;
        }

        public String describe() {
            return "kubelet: " + podName(ordinal) + " " + describe(behaviour);
        }

        private static String describe(PodBehaviour behaviour) {
            switch (behaviour) {
                case NEVER_READY:
                    return "never becomes ready";
                case CRASH:
                    return "crashes (Failed)";
                case EVICTED:
                    return "is evicted (Succeeded)";
                case NOT_READY_LATER:
                    return "goes not-ready later";
                case SLOW_TERMINATION:
                    return "terminates slowly";
                default:
                    return behaviour.toString();
            }
        }
    }

    /** Every pod behaves normally again (the broken image still never gets ready), default timings, kubelet up. */
    record KubeletHealthy() implements Step {
        public void apply(SimulationRun run) {
            run.healKubelet(false);
        }

        public String describe() {
            return "kubelet: every pod behaves normally again, default timings";
        }
    }

    /** The node goes down (statuses freeze, terminating pods stay) or comes back. */
    record KubeletDown(boolean down) implements Step {
        public void apply(SimulationRun run) {
            if (down) {
                run.cluster().kubelet().pause();
            } else {
                run.cluster().kubelet().resume();
            }
        }

        public String describe() {
            return down ? "kubelet: node down (statuses freeze, terminations hang)" : "kubelet: node back";
        }
    }

    record PauseGc(boolean paused) implements Step {
        public void apply(SimulationRun run) {
            if (paused) {
                run.cluster().gc().pause();
            } else {
                run.cluster().gc().resume();
            }
        }

        public String describe() {
            return paused ? "garbage collector paused" : "garbage collector resumed";
        }
    }

    // ------------------------------------------------------------------ API faults

    /** From now on, each controller call of {@code verb} on {@code kind} gets the fault with probability {@code p}. */
    record InjectFault(Verb verb, Kind kind, FaultType type, double p) implements Step {
        public void apply(SimulationRun run) {
            run.inject(verb, kind, type, p);
        }

        public String describe() {
            return "fault: " + percent(p) + " of controller " + verb + " " + kind.qualifiedResource() + " calls " + type.description;
        }

        public List<Step> simpler() {
            return p < 1 ? List.of(new InjectFault(verb, kind, type, 1.0)) : List.of();
        }
    }

    /** The fault on every controller write (every write verb, every kind) with probability {@code p}. */
    record FaultStorm(FaultType type, double p) implements Step {
        public void apply(SimulationRun run) {
            for (Verb verb : FaultType.WRITE_VERBS) {
                for (Kind kind : FaultType.KINDS) {
                    if (type.appliesTo(verb)) {
                        run.inject(verb, kind, type, p);
                    }
                }
            }
        }

        public String describe() {
            return "fault storm: " + percent(p) + " of all controller writes " + type.description;
        }
    }

    record ClearFaults() implements Step {
        public void apply(SimulationRun run) {
            run.clearFaults();
        }

        public String describe() {
            return "faults: none any more";
        }
    }

    /** The controller's watch of {@code kind} stops delivering: its cache of that kind falls behind. */
    record StallWatch(Kind kind) implements Step {
        public void apply(SimulationRun run) {
            run.cache().stall(kind);
            run.counters().watchStalls++;
        }

        public String describe() {
            return "watch: the controller's " + kind.qualifiedResource() + " watch stalls (its cache falls behind)";
        }
    }

    /** A stalled watch delivers its next {@code events} events (and stays stalled). */
    record DeliverEvents(Kind kind, int events) implements Step {
        public void apply(SimulationRun run) {
            run.cache().deliver(kind, events);
        }

        public String describe() {
            return "watch: the stalled " + kind.qualifiedResource() + " watch delivers " + events + " event" + (events == 1 ? "" : "s");
        }

        public List<Step> simpler() {
            return events > 1 ? List.of(new DeliverEvents(kind, 1)) : List.of();
        }
    }

    /** The watch catches up, delivering everything it held back. */
    record ResumeWatch(Kind kind) implements Step {
        public void apply(SimulationRun run) {
            run.cache().resume(kind);
        }

        public String describe() {
            return "watch: the " + kind.qualifiedResource() + " watch catches up";
        }
    }

    /** The watch drops: the informer relists and its cache jumps to the present, skipping what it missed. */
    record RelistWatch(Kind kind) implements Step {
        public void apply(SimulationRun run) {
            run.cache().relist(kind);
            run.counters().relists++;
        }

        public String describe() {
            return "watch: the " + kind.qualifiedResource() + " watch drops and the informer relists";
        }
    }

    /** A stalled watch delivers its next {@code events} events, those of different objects out of order. */
    record DeliverOutOfOrder(Kind kind, int events, long seed) implements Step {
        public void apply(SimulationRun run) {
            run.cache().deliverOutOfOrder(kind, events, seed);
        }

        public String describe() {
            return "watch: the stalled " + kind.qualifiedResource() + " watch delivers " + events + " events, objects out of order (seed "
                    + seed + ")";
        }

        public List<Step> simpler() {
            return events > 1 ? List.of(new DeliverEvents(kind, events), new DeliverOutOfOrder(kind, events - 1, seed)) : List.of();
        }
    }

    /** The watch delivers its last {@code events} events again. */
    record DuplicateEvents(Kind kind, int events) implements Step {
        public void apply(SimulationRun run) {
            run.counters().duplicateEvents += run.cache().redeliver(kind, events);
        }

        public String describe() {
            return "watch: the " + kind.qualifiedResource() + " watch delivers its last " + events + " events again";
        }

        public List<Step> simpler() {
            return events > 1 ? List.of(new DuplicateEvents(kind, 1)) : List.of();
        }
    }

    /** The watch drops and the informer relists from a watch cache {@code behind} events behind the present. */
    record StaleRelist(Kind kind, int behind) implements Step {
        public void apply(SimulationRun run) {
            run.cache().relistStale(kind, behind);
            run.counters().relists++;
            run.counters().staleRelists++;
        }

        public String describe() {
            return "watch: the " + kind.qualifiedResource() + " watch drops and the informer relists from a watch cache " + behind
                    + " events behind";
        }

        public List<Step> simpler() {
            return List.of(new RelistWatch(kind));
        }
    }

    // ------------------------------------------------------------------ outside actors

    /** Another team scales the neighbour set {@code db}, which shares web's namespace. */
    record ScaleNeighbour(int replicas) implements Step {
        public void apply(SimulationRun run) {
            run.scaleNeighbour(replicas);
        }

        public String describe() {
            return "another team scales the neighbour set " + SimulationRun.NEIGHBOUR + " to " + replicas;
        }

        public List<Step> simpler() {
            return replicas > 0 ? List.of(new ScaleNeighbour(replicas - 1)) : List.of();
        }
    }

    /** Someone else (a user, a backup tool) deletes the claim of ordinal {@code ordinal}, if its pod does not exist. */
    record OutsiderDeletesClaim(int ordinal) implements Step {
        public void apply(SimulationRun run) {
            run.outsiderDeletesClaim(ordinal);
        }

        public String describe() {
            return "an outside actor deletes claim www-web-" + ordinal + " (not while its pod exists, as pvc-protection would hold it)";
        }
    }

    /**
     * Someone else edits the claim of ordinal {@code ordinal}: adds an annotation, and (if {@code stripOwners})
     * removes its owner references, as a user rescuing a claim from the garbage collector would.
     */
    record OutsiderEditsClaim(int ordinal, boolean stripOwners) implements Step {
        public void apply(SimulationRun run) {
            run.outsiderEditsClaim(ordinal, stripOwners);
        }

        public String describe() {
            return "an outside actor edits claim www-web-" + ordinal + (stripOwners ? ", removing its owner references" : " (an annotation)");
        }

        public List<Step> simpler() {
            return stripOwners ? List.of(new OutsiderEditsClaim(ordinal, false)) : List.of();
        }
    }

    // ------------------------------------------------------------------ the controller

    /** The controller process restarts: fresh reconciler, fresh caches (a full relist). */
    record Restart() implements Step {
        public void apply(SimulationRun run) {
            run.restart();
        }

        public String describe() {
            return "controller restarts";
        }
    }

    /**
     * A sync pass during which the controller process dies at its {@code atWrite}-th API write
     * (just before it, or just after it took effect), then restarts.
     */
    record CrashingPass(int atWrite, boolean afterWrite) implements Step {
        public void apply(SimulationRun run) {
            run.crashingPass(atWrite, afterWrite);
        }

        public String describe() {
            return "sync pass in which the controller dies " + (afterWrite ? "right after" : "right before") + " its write #" + atWrite
                    + ", then restarts";
        }

        public List<Step> simpler() {
            List<Step> out = new ArrayList<>();
            for (int w = 1; w < atWrite; w++) {
                out.add(new CrashingPass(w, afterWrite));
            }
            return out;
        }
    }

    /**
     * The leader is stopped (SIGSTOP) for {@code seconds} just before its {@code atCheck}-th write
     * of a sync pass, then resumed; stopped for the lease duration or longer, a standby
     * takes over and syncs meanwhile.
     */
    record LeaderPause(int atCheck, int seconds) implements Step {
        public void apply(SimulationRun run) {
            run.pausedLeaderPass(atCheck, seconds);
        }

        public String describe() {
            return "sync pass in which the leader is stopped for " + seconds + " s just before its write #" + atCheck + ", then resumed";
        }

        public List<Step> simpler() {
            List<Step> out = new ArrayList<>();
            for (int c = 1; c < atCheck; c++) {
                out.add(new LeaderPause(c, seconds));
            }
            int lease = (int) LeaseTimings.defaults().leaseDuration().toSeconds();
            if (seconds > lease) {
                out.add(new LeaderPause(atCheck, lease));
            }
            return out;
        }
    }

    // ------------------------------------------------------------------ time

    /** Every set synced once. */
    record SyncPass() implements Step {
        public void apply(SimulationRun run) {
            run.syncPass();
        }

        public String describe() {
            return "one sync pass";
        }
    }

    /** For {@code seconds} seconds: a sync pass, then one second passes (the kubelet and GC run). */
    record RunFor(int seconds) implements Step {
        public void apply(SimulationRun run) {
            run.runFor(seconds);
        }

        public String describe() {
            return "run " + seconds + "s (a sync pass and a kubelet tick every second)";
        }

        public List<Step> simpler() {
            return seconds > 1 ? List.of(new RunFor(1), new RunFor(seconds / 2)) : List.of();
        }
    }

    /** Time passes without the controller (the kubelet and the garbage collector run). */
    record Wait(int seconds) implements Step {
        public void apply(SimulationRun run) {
            run.waitFor(seconds);
        }

        public String describe() {
            return "time passes " + seconds + "s without the controller";
        }

        public List<Step> simpler() {
            return seconds > 1 ? List.of(new Wait(1), new Wait(seconds / 2)) : List.of();
        }
    }

    /** The driver's settle, at most two simulated minutes and {@value SimulationRun#SETTLE_STEP_PASSES} passes. */
    record Settle() implements Step {
        public void apply(SimulationRun run) {
            run.settleBriefly();
        }

        public String describe() {
            return "settle (at most 2 minutes)";
        }

        public List<Step> simpler() {
            return List.of(new RunFor(10));
        }
    }

    // ------------------------------------------------------------------ helpers

    static String podName(int ordinal) {
        return "web-" + ordinal;
    }

    private static String percent(double p) {
        return Math.round(p * 100) + "%";
    }
}
