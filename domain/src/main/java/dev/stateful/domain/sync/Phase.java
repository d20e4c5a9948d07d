package dev.stateful.domain.sync;

import java.util.List;

/**
 * One phase of a sync (the phases of upstream {@code updateStatefulSet}: replicas, condemned claims, condemned pods, rolling update). Units run in order; a failed unit ends the phase and
 * the sync. In a burst phase (Parallel) the phase's {@code slots} (every replica, or every condemned
 * pod, including those that need nothing) run in slow-start batches of 1, 2, 4 … 500, as upstream's
 * {@code runForAll} hands every slot to {@code slowStartBatch}, and the sync ends after the first
 * batch with a failure.
 *
 * @param slots how many slots the phase runs over; each unit names its slot, {@code 0 <= slot < slots}
 */
public record Phase(Name name, boolean burst, List<Unit> units, int slots) {

    public enum Name {
        /** processReplica over the in-range replicas. */
        REPLICAS,
        /** fixPodClaim over the condemned pods. */
        CONDEMNED_CLAIMS,
        /** processCondemned, highest ordinal first. */
        CONDEMNED,
        /** RollingUpdate deletions, highest ordinal first. */
        ROLLING_UPDATE,
        /** Our kind's claim resizes by the rolling update, highest ordinal first ({@code ClaimResize}). */
        CLAIM_RESIZE
    }

    public static final int MAX_BATCH_SIZE = 500;

    public Phase {
        units = List.copyOf(units);
    }

    /** The operations of one pod (the pod in slot {@code slot} of its phase), run one after the other. */
    public record Unit(String pod, int slot, List<Operation> operations) {
        public Unit {
            operations = List.copyOf(operations);
        }
    }

    /**
     * The units of a burst phase grouped by slow-start batch over the slots: a batch whose slots
     * all need nothing succeeds at once and is left out; units of one batch run at the same time.
     */
    public List<List<Unit>> batches() {
        // walks the batch sizes only as far as the last unit: work bounded by the units, not by the slots
        List<List<Unit>> out = new java.util.ArrayList<>();
        int next = 0;
        long start = 0;
        int size = Math.min(slots, 1);
        while (size > 0 && next < units.size()) {
            long end = start + size;
            List<Unit> batch = new java.util.ArrayList<>();
            while (next < units.size() && units.get(next).slot() < end) {
                batch.add(units.get(next++));
            }
            if (!batch.isEmpty()) {
                out.add(List.copyOf(batch));
            }
            start = end;
            size = nextBatchSize(size, slots - start);
        }
        return List.copyOf(out);
    }

    /** Slow-start batch sizes for {@code n} calls: 1, 2, 4 … each capped by what remains and 500. */
    public static List<Integer> slowStartBatches(int n) {
        List<Integer> sizes = new java.util.ArrayList<>();
        int remaining = n;
        int size = Math.min(remaining, 1);
        while (size > 0) {
            sizes.add(size);
            remaining -= size;
            size = nextBatchSize(size, remaining);
        }
        return sizes;
    }

    /** upstream's {@code slowStartBatch}: twice the last batch, capped by what remains and {@link #MAX_BATCH_SIZE}. */
    private static int nextBatchSize(int last, long remaining) {
        return (int) Math.min(Math.min(2L * last, remaining), MAX_BATCH_SIZE);
    }
}
