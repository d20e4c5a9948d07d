package dev.stateful.inmemory.ports;

import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.clock.ManualClock;
import dev.stateful.inmemory.events.EventLog;
import dev.stateful.inmemory.events.InvolvedObject;
import dev.stateful.inmemory.faults.FaultDecision;
import dev.stateful.inmemory.faults.FaultPolicy;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import dev.stateful.ports.EventRecorder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link EventRecorder} into the cluster's {@link EventLog}. Best effort like client-go's
 * broadcaster: a fault on CREATE/EVENTS drops the event silently and nothing ever throws.
 */
public final class InMemoryEventRecorder implements EventRecorder {

    public static final String COMPONENT = "statefulset-controller";
    private static final Logger LOG = LoggerFactory.getLogger(InMemoryEventRecorder.class);

    private final EventLog events;
    private final FaultPolicy faults;
    private final ManualClock clock;

    public InMemoryEventRecorder(EventLog events, FaultPolicy faults, ManualClock clock) {
        this.events = events;
        this.faults = faults;
        this.clock = clock;
    }

    @Override
    public void record(StatefulSet set, Type type, String reason, String message) {
        try {
            FaultDecision decision = faults.decide(Verb.CREATE, Kind.EVENTS, set.name());
            clock.advance(decision.delay());
            if (decision.failBefore() != null) {
                LOG.debug("event dropped by an injected fault: {} {} {}", type, reason, message);
                return;
            }
            InvolvedObject subject = new InvolvedObject(Kind.STATEFULSETS.kindName(), set.namespace(), set.name(), set.metadata().uid());
            events.record(subject, type.name(), reason, message, COMPONENT);
        } catch (RuntimeException e) {
            LOG.warn("could not record event {} {}: {}", reason, message, e.toString());
        }
    }
}
