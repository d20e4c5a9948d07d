package dev.stateful.inmemory.audit;

import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Every write call made to the cluster by any actor, in order, with its outcome. Tests assert on
 * it ("no pod created twice", "the second sync wrote nothing"); drivers use {@link #mark()} to
 * detect quiescence.
 *
 * <p>A log made with a bound keeps only the latest writes, dropping the oldest first, so a cluster that runs for days
 * (behind {@code stateful serve}) does not keep every status write in its heap. Sequences and {@link #writesBy} count
 * every write ever made; a query whose start was dropped fails instead of answering from what is left.
 */
public final class AuditLog {

    /** The bound of a log that keeps every write. */
    public static final int UNBOUNDED = Integer.MAX_VALUE;

    private final Clock clock;
    private final int maxRecords;
    private final Deque<WriteRecord> records = new ArrayDeque<>();
    private final long[] writesBy = new long[Actor.values().length];
    private long written;

    /** A log that keeps every write. */
    public AuditLog(Clock clock) {
        this(clock, UNBOUNDED);
    }

    /** @param maxRecords how many of the latest writes the log keeps; at least 1 */
    public AuditLog(Clock clock, int maxRecords) {
        if (maxRecords < 1) {
            throw new IllegalArgumentException("maxRecords must be at least 1, got " + maxRecords);
        }
        this.clock = clock;
        this.maxRecords = maxRecords;
    }

    public synchronized void record(Actor actor, Verb verb, Kind kind, String namespace, String name, Outcome outcome, String error) {
        written++;
        writesBy[actor.ordinal()]++;
        if (records.size() == maxRecords) {
            records.removeFirst();
        }
        records.addLast(new WriteRecord(written, clock.instant(), actor, verb, kind, namespace, name, outcome,
                error == null ? "" : error));
    }

    /** The sequence of the latest record; pass it to {@link AuditQuery#since(long)}. */
    public synchronized long mark() {
        return written;
    }

    /** How many writes {@code actor} has made, including those the bound dropped. */
    public synchronized long writesBy(Actor actor) {
        return writesBy[actor.ordinal()];
    }

    /** The records kept: all of them, unless the log was made with a bound. */
    public synchronized AuditQuery query() {
        return new AuditQuery(records, written - records.size());
    }

    /**
     * Records after {@link #mark()} returned {@code mark}.
     *
     * @throws IllegalStateException when the bound dropped some of them
     */
    public AuditQuery since(long mark) {
        return query().since(mark);
    }
}
