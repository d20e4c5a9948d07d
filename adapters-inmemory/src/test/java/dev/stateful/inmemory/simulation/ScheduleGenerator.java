package dev.stateful.inmemory.simulation;

import dev.stateful.inmemory.kubelet.PodBehaviour;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import dev.stateful.ports.leadership.LeaseTimings;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random schedules from a seed (java.util.Random, so a seed always gives the same schedule). Each
 * schedule draws a "temperament" (how often faults, watch trouble and restarts happen) so that
 * the seeds cover calm histories as well as storms.
 */
final class ScheduleGenerator {

    static final int MAX_REPLICAS = 5;
    static final String[] IMAGES = {"nginx:1.25", "nginx:1.26", "nginx:1.27", SimulationRun.BROKEN};
    static final PodBehaviour[] MISBEHAVIOURS = {PodBehaviour.SLOW_TERMINATION, PodBehaviour.CRASH, PodBehaviour.EVICTED,
            PodBehaviour.NEVER_READY, PodBehaviour.NOT_READY_LATER};
    static final String[] MAX_UNAVAILABLE = {"1", "2", "3", "50%", "100%"};
    static final String[] RETENTION = {"Retain", "Delete"};

    private ScheduleGenerator() {
    }

    static Schedule generate(long seed, int steps) {
        Random random = new Random(seed);
        SetConfig config = config(random);
        int faultiness = random.nextInt(4);
        List<Step> out = new ArrayList<>();
        State state = new State(new Random(seed ^ 0x1ea5eL));
        for (int i = 0; i < steps; i++) {
            out.add(step(random, faultiness, state));
        }
        return new Schedule(seed, config, out);
    }

    private static SetConfig config(Random random) {
        int replicas = random.nextInt(MAX_REPLICAS + 1);
        boolean parallel = random.nextBoolean();
        int minReady = random.nextInt(3) == 0 ? 3 : 0;
        boolean onDelete = random.nextInt(6) == 0;
        String maxUnavailable = !onDelete && random.nextInt(3) == 0 ? MAX_UNAVAILABLE[random.nextInt(MAX_UNAVAILABLE.length)] : null;
        Integer partition = !onDelete && random.nextInt(5) == 0 ? random.nextInt(replicas + 1) : null;
        Integer start = random.nextInt(5) == 0 ? random.nextInt(3) : null;
        Integer history = random.nextBoolean() ? random.nextInt(3) : null;
        String whenDeleted = RETENTION[random.nextInt(2)];
        String whenScaled = RETENTION[random.nextInt(2)];
        boolean slow = random.nextInt(4) == 0;
        return new SetConfig(replicas, parallel, minReady, onDelete, maxUnavailable, partition, start, history, whenDeleted, whenScaled, slow);
    }

    /** What the generator remembers to make toggles alternate. */
    private static final class State {
        boolean kubeletDown;
        boolean gcPaused;
        boolean setDeleted;
        final List<Kind> stalled = new ArrayList<>();
        /**
         * Draws the leader pauses: a Random of their own, so that adding them changed no other
         * step of any schedule (a third of the restarts became pauses; the rest are as they were).
         */
        final Random pauses;

        State(Random pauses) {
            this.pauses = pauses;
        }
    }

    private static Step step(Random random, int faultiness, State state) {
        // the set was deleted: most of the time the user re-creates it soon
        if (state.setDeleted && random.nextInt(3) == 0) {
            state.setDeleted = false;
            return new Step.CreateSet();
        }
        int faultWeight = faultiness * 6;
        int roll = random.nextInt(100 + faultWeight);
        if (roll >= 100) {
            return fault(random, state);
        }
        if (roll < 10) {
            return new Step.Scale(random.nextInt(MAX_REPLICAS + 1));
        }
        if (roll < 17) {
            return new Step.SetImage(IMAGES[random.nextInt(IMAGES.length)]);
        }
        if (roll < 19) {
            return new Step.Rollback(1 + random.nextInt(2));
        }
        if (roll < 22) {
            return new Step.SetPartition(random.nextInt(MAX_REPLICAS + 1));
        }
        if (roll < 24) {
            return new Step.SetMaxUnavailable(MAX_UNAVAILABLE[random.nextInt(MAX_UNAVAILABLE.length)]);
        }
        if (roll < 26) {
            return new Step.SetStartOrdinal(random.nextInt(3));
        }
        if (roll < 28) {
            return new Step.SetRetention(RETENTION[random.nextInt(2)], RETENTION[random.nextInt(2)]);
        }
        if (roll < 29) {
            return new Step.SetMinReadySeconds(random.nextBoolean() ? 0 : 3);
        }
        if (roll < 30) {
            return new Step.SetUpdateStrategy(random.nextInt(3) == 0);
        }
        if (roll < 34) {
            return new Step.DeletePod(random.nextInt(MAX_REPLICAS + 2));
        }
        if (roll < 36) {
            state.setDeleted = true;
            return new Step.DeleteSet(random.nextInt(3) == 0);
        }
        if (roll < 44) {
            return new Step.Behave(random.nextInt(MAX_REPLICAS + 2), MISBEHAVIOURS[random.nextInt(MISBEHAVIOURS.length)]);
        }
        if (roll < 46) {
            state.kubeletDown = false;
            return new Step.KubeletHealthy();
        }
        if (roll < 48) {
            state.kubeletDown = !state.kubeletDown;
            return new Step.KubeletDown(state.kubeletDown);
        }
        if (roll < 50) {
            state.gcPaused = !state.gcPaused;
            return new Step.PauseGc(state.gcPaused);
        }
        if (roll < 53) {
            Random pauses = state.pauses;
            if (pauses.nextInt(3) == 0) {
                // stopped past the lease duration (a standby takes over) or not (some of those past the renew deadline)
                int lease = (int) LeaseTimings.defaults().leaseDuration().toSeconds();
                return new Step.LeaderPause(1 + pauses.nextInt(4), pauses.nextBoolean() ? lease + pauses.nextInt(30) : 1 + pauses.nextInt(lease - 1));
            }
            return new Step.Restart();
        }
        if (roll < 56) {
            return new Step.CrashingPass(1 + random.nextInt(6), random.nextBoolean());
        }
        if (roll < 66) {
            return new Step.SyncPass();
        }
        if (roll < 82) {
            return new Step.RunFor(1 + random.nextInt(20));
        }
        if (roll < 90) {
            return new Step.Wait(1 + random.nextInt(30));
        }
        return new Step.Settle();
    }

    private static Step fault(Random random, State state) {
        int outside = random.nextInt(10);
        if (outside == 0) {
            return new Step.OutsiderDeletesClaim(random.nextInt(MAX_REPLICAS + 2));
        }
        if (outside == 1) {
            return new Step.OutsiderEditsClaim(random.nextInt(MAX_REPLICAS + 2), random.nextBoolean());
        }
        if (outside == 3) {
            return new Step.ScaleNeighbour(random.nextInt(4));
        }
        if (outside == 2) {
            Kind kind = ControllerCache.KINDS.get(random.nextInt(ControllerCache.KINDS.size()));
            return new Step.DuplicateEvents(kind, 1 + random.nextInt(4));
        }
        int roll = random.nextInt(20);
        if (roll < 7) {
            FaultType type = FaultType.values()[random.nextInt(FaultType.values().length)];
            Verb verb;
            do {
                verb = FaultType.VERBS.get(random.nextInt(FaultType.VERBS.size()));
            } while (!type.appliesTo(verb));
            Kind kind = FaultType.KINDS.get(random.nextInt(FaultType.KINDS.size()));
            return new Step.InjectFault(verb, kind, type, probability(random));
        }
        if (roll < 9) {
            return new Step.FaultStorm(FaultType.values()[random.nextInt(FaultType.values().length)], probability(random));
        }
        if (roll < 12) {
            return new Step.ClearFaults();
        }
        if (roll < 15 || state.stalled.isEmpty()) {
            Kind kind = ControllerCache.KINDS.get(random.nextInt(ControllerCache.KINDS.size()));
            if (!state.stalled.contains(kind)) {
                state.stalled.add(kind);
            }
            return new Step.StallWatch(kind);
        }
        Kind kind = state.stalled.get(random.nextInt(state.stalled.size()));
        if (roll < 17) {
            return random.nextBoolean() ? new Step.DeliverEvents(kind, 1 + random.nextInt(4))
                    : new Step.DeliverOutOfOrder(kind, 2 + random.nextInt(4), random.nextLong());
        }
        if (roll < 19) {
            state.stalled.remove(kind);
            return new Step.ResumeWatch(kind);
        }
        if (random.nextBoolean()) {
            return new Step.StaleRelist(kind, 1 + random.nextInt(3)); // the watch stays stalled
        }
        state.stalled.remove(kind);
        return new Step.RelistWatch(kind);
    }

    private static double probability(Random random) {
        double[] choices = {0.1, 0.2, 0.3, 0.5};
        return choices[random.nextInt(choices.length)];
    }
}
