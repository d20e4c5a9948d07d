package dev.stateful.inmemory.faults;

import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;

/** Decides the faults of one API call. */
@FunctionalInterface
public interface FaultPolicy {

    FaultPolicy NONE = (verb, kind, name) -> FaultDecision.NONE;

    FaultDecision decide(Verb verb, Kind kind, String name);
}
