package dev.stateful.domain.identity;

import dev.stateful.domain.model.Derived;
import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.StatefulSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code spec.reserveOrdinals} of our own kind (kubernetes#83224; OpenKruise's Advanced StatefulSet
 * has the same field): ordinals that get no pod. {@code replicas} counts the pods that run, so the
 * replica range is the first {@code replicas} ordinals from {@code ordinals.start} that are not
 * reserved (replicas 3, reserved [1]: 0, 2, 3), and a pod at a reserved ordinal is out of range: it
 * is removed as a scale-down victim and its claims follow {@code whenScaled}. An apps/v1 set
 * reserves nothing.
 *
 * <p>Kept as merged, sorted intervals with the count of reserved ordinals before each, so that every
 * question below costs a binary search over the entries, never the size of a range: {@code
 * "0-2147483646"} is one interval.
 */
public final class ReservedOrdinals {

    /**
     * The most entries a set may list (the schema's {@code maxItems}): ranges cover any number of
     * ordinals, and the bound keeps the API server's cost estimate of the entries' CEL rule acceptable.
     */
    public static final int MAX_ENTRIES = 1000;

    public static final ReservedOrdinals NONE = new ReservedOrdinals(new long[0], new long[0]);

    /** An entry's string form: a range {@code "a-b"} of non-negative decimal ordinals. */
    private static final Pattern RANGE = Pattern.compile("(0|[1-9][0-9]{0,9})-(0|[1-9][0-9]{0,9})");

    private static final Derived.Key<ReservedOrdinals> PARSED = new Derived.Key<>("reserveOrdinals");

    /** Inclusive bounds of disjoint, non-adjacent intervals, ascending. */
    private final long[] from;
    private final long[] to;
    /** before[i]: how many ordinals the intervals before i reserve. */
    private final long[] before;

    private ReservedOrdinals(long[] from, long[] to) {
        this.from = from;
        this.to = to;
        this.before = new long[from.length + 1];
        for (int i = 0; i < from.length; i++) {
            before[i + 1] = before[i] + to[i] - from[i] + 1;
        }
    }

    /** The set's reserved ordinals, parsed once per set record; {@link #NONE} for apps/v1. */
    public static ReservedOrdinals of(StatefulSet set) {
        List<IntOrString> entries = set.extensions().reserveOrdinals();
        if (entries.isEmpty()) {
            return NONE;
        }
        return set.derived().get(PARSED, () -> parse(entries));
    }

    /** The valid entries as intervals; an invalid entry ({@link #problem}) reserves nothing. */
    public static ReservedOrdinals parse(List<IntOrString> entries) {
        List<long[]> intervals = new ArrayList<>();
        for (IntOrString entry : entries) {
            bounds(entry).ifPresent(intervals::add);
        }
        intervals.sort((a, b) -> Long.compare(a[0], b[0]));
        long[] from = new long[intervals.size()];
        long[] to = new long[intervals.size()];
        int n = 0;
        for (long[] interval : intervals) {
            if (n > 0 && interval[0] <= to[n - 1] + 1) {
                to[n - 1] = Math.max(to[n - 1], interval[1]);
            } else {
                from[n] = interval[0];
                to[n] = interval[1];
                n++;
            }
        }
        return new ReservedOrdinals(Arrays.copyOf(from, n), Arrays.copyOf(to, n));
    }

    /** Why an entry is not an ordinal or a range of them, or empty when it is one. */
    public static Optional<String> problem(IntOrString entry) {
        return bounds(entry).isPresent() ? Optional.empty() : Optional.of(ENTRY_RULE);
    }

    public static final String ENTRY_RULE = "must be an ordinal (an integer from 0 to " + Integer.MAX_VALUE
            + ") or a range \"a-b\" of ordinals with a <= b";

    private static Optional<long[]> bounds(IntOrString entry) {
        if (entry == null) {
            return Optional.empty();
        }
        if (entry.isInt()) {
            long value = entry.intValue();
            return value < 0 ? Optional.empty() : Optional.of(new long[] {value, value});
        }
        Matcher m = RANGE.matcher(entry.stringValue() == null ? "" : entry.stringValue());
        if (!m.matches()) {
            return Optional.empty();
        }
        long a = Long.parseLong(m.group(1));
        long b = Long.parseLong(m.group(2));
        return a <= b && b <= Integer.MAX_VALUE ? Optional.of(new long[] {a, b}) : Optional.empty();
    }

    public boolean isEmpty() {
        return from.length == 0;
    }

    public boolean contains(long ordinal) {
        int i = lastStartingAtOrBelow(ordinal);
        return i >= 0 && ordinal <= to[i];
    }

    /**
     * The ordinal of place {@code index} (0-based) of the replica range from {@code start}: the
     * {@code index}-th ordinal at or above {@code start} that is not reserved. In 64 bits: it may lie
     * beyond a 32-bit ordinal (the validator refuses such a set).
     */
    public long ordinalAt(int start, long index) {
        // the target-th free ordinal counting from 0, where target counts the free ordinals below start too
        long target = free(start) + index;
        // the last interval with fewer than target + 1 free ordinals before it: the answer lies past it
        int lo = 0;
        int hi = from.length - 1;
        int last = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (from[mid] - before[mid] <= target) {
                last = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return target + before[last + 1];
    }

    /** The place of a non-reserved {@code ordinal} at or above {@code start} in the replica range from {@code start}. */
    public long indexOf(int start, long ordinal) {
        return free(ordinal) - free(start);
    }

    /** The last ordinal of the range of {@code replicas} places from {@code start}; {@code start - 1} when it is empty. */
    public long endOrdinal(int start, long replicas) {
        return replicas <= 0 ? start - 1L : ordinalAt(start, replicas - 1);
    }

    /** Whether {@code ordinal} is one of the {@code replicas} places from {@code start}. */
    public boolean inRange(int start, long replicas, long ordinal) {
        return ordinal >= start && ordinal <= endOrdinal(start, replicas) && !contains(ordinal);
    }

    /** How many ordinals below {@code ordinal} are not reserved. */
    private long free(long ordinal) {
        return ordinal - reservedBelow(ordinal);
    }

    private long reservedBelow(long ordinal) {
        int i = lastStartingAtOrBelow(ordinal - 1);
        if (i < 0) {
            return 0;
        }
        return before[i] + Math.min(to[i], ordinal - 1) - from[i] + 1;
    }

    /** The last interval whose first ordinal is at most {@code ordinal}, or -1. */
    private int lastStartingAtOrBelow(long ordinal) {
        int lo = 0;
        int hi = from.length - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (from[mid] <= ordinal) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < from.length; i++) {
            out.append(i == 0 ? "" : ", ").append(from[i] == to[i] ? Long.toString(from[i]) : from[i] + "-" + to[i]);
        }
        return out.append(']').toString();
    }
}
