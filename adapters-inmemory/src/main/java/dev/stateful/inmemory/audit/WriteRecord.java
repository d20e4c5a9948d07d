package dev.stateful.inmemory.audit;

import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.time.Instant;

/**
 * One audited write call.
 *
 * @param sequence position in the audit log, from 1
 * @param error the message the caller saw, "" on success
 */
public record WriteRecord(long sequence, Instant time, Actor actor, Verb verb, Kind kind, String namespace, String name,
                          Outcome outcome, String error) {

    @Override
    public String toString() {
        return "#" + sequence + " " + actor + " " + verb + " " + kind + " " + namespace + "/" + name + " -> " + outcome
                + (error.isEmpty() ? "" : " (" + error + ")");
    }
}
