package dev.stateful.domain.sync;

import java.util.List;

/**
 * One phase of a sync (spec 2.3 steps 9–14). Units run in order; a failed unit ends the phase and
 * the sync. In a burst phase (Parallel) units run in slow-start batches of 1, 2, 4 … 500 and the
 * sync ends after the first batch with a failure.
 */
public record Phase(Name name, boolean burst, List<Unit> units) {

    public enum Name {
        /** processReplica over the in-range replicas. */
        REPLICAS,
        /** fixPodClaim over the condemned pods. */
        CONDEMNED_CLAIMS,
        /** processCondemned, highest ordinal first. */
        CONDEMNED,
        /** RollingUpdate deletions, highest ordinal first. */
        ROLLING_UPDATE
    }

    public static final int MAX_BATCH_SIZE = 500;

    public Phase {
        units = List.copyOf(units);
    }

    /** The operations of one pod, run one after the other. */
    public record Unit(String pod, List<Operation> operations) {
        public Unit {
            operations = List.copyOf(operations);
        }
    }

    /** Slow-start batch sizes for {@code n} calls: 1, 2, 4 … each capped by what remains and 500. */
    public static List<Integer> slowStartBatches(int n) {
        List<Integer> sizes = new java.util.ArrayList<>();
        int remaining = n;
        int size = Math.min(remaining, 1);
        while (size > 0) {
            sizes.add(size);
            remaining -= size;
            size = Math.min(Math.min(2 * size, remaining), MAX_BATCH_SIZE);
        }
        return sizes;
    }
}
