package dev.stateful.inmemory.audit;

import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * Every write call made to the cluster by any actor, in order, with its outcome. Tests assert on
 * it ("no pod created twice", "the second sync wrote nothing"); drivers use {@link #mark()} to
 * detect quiescence.
 */
public final class AuditLog {

    private final Clock clock;
    private final List<WriteRecord> records = new ArrayList<>();

    public AuditLog(Clock clock) {
        this.clock = clock;
    }

    public synchronized void record(Actor actor, Verb verb, Kind kind, String namespace, String name, Outcome outcome, String error) {
        records.add(new WriteRecord(records.size() + 1L, clock.instant(), actor, verb, kind, namespace, name, outcome,
                error == null ? "" : error));
    }

    /** The sequence of the latest record; pass it to {@link AuditQuery#since(long)}. */
    public synchronized long mark() {
        return records.size();
    }

    public synchronized AuditQuery query() {
        return new AuditQuery(records);
    }

    public AuditQuery since(long mark) {
        return query().since(mark);
    }
}
