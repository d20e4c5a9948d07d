package dev.stateful.inmemory.audit;

import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;

/** A filtered view of audit records, e.g. {@code audit.query().by(CONTROLLER).verb(CREATE).kind(PODS).names()}. */
public final class AuditQuery {

    private final List<WriteRecord> records;
    /** How many writes before these records a bounded log dropped: their sequences are 1 to {@code dropped}. */
    private final long dropped;

    AuditQuery(Collection<WriteRecord> records, long dropped) {
        this.records = List.copyOf(records);
        this.dropped = dropped;
    }

    public AuditQuery by(Actor actor) {
        return filter(r -> r.actor() == actor);
    }

    public AuditQuery verb(Verb verb) {
        return filter(r -> r.verb() == verb);
    }

    public AuditQuery kind(Kind kind) {
        return filter(r -> r.kind() == kind);
    }

    /** Writes that changed the store, whatever the caller was told. */
    public AuditQuery tookEffect() {
        return filter(r -> r.outcome().tookEffect());
    }

    public AuditQuery outcome(Outcome outcome) {
        return filter(r -> r.outcome() == outcome);
    }

    /**
     * Records after {@link AuditLog#mark()} returned {@code mark}.
     *
     * @throws IllegalStateException when a bounded log dropped some of them: counting only those kept would be a wrong answer
     */
    public AuditQuery since(long mark) {
        if (mark < dropped) {
            throw new IllegalStateException("the audit log no longer has the writes after #" + mark + ": it keeps the latest "
                    + "writes only and dropped those up to #" + dropped);
        }
        return filter(r -> r.sequence() > mark);
    }

    public AuditQuery filter(Predicate<WriteRecord> predicate) {
        return new AuditQuery(records.stream().filter(predicate).toList(), dropped);
    }

    public List<WriteRecord> records() {
        return records;
    }

    /** Object names, in write order (duplicates kept: "no pod created twice" is a distinctness check). */
    public List<String> names() {
        return records.stream().map(WriteRecord::name).toList();
    }

    public int count() {
        return records.size();
    }

    public boolean isEmpty() {
        return records.isEmpty();
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        records.forEach(r -> out.append(r).append('\n'));
        return out.toString();
    }
}
