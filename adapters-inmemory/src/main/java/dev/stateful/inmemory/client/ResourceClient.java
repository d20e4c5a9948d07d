package dev.stateful.inmemory.client;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.audit.AuditLog;
import dev.stateful.inmemory.audit.Outcome;
import dev.stateful.inmemory.clock.ManualClock;
import dev.stateful.inmemory.faults.FaultDecision;
import dev.stateful.inmemory.faults.FaultPolicy;
import dev.stateful.inmemory.store.ApiErrors;
import dev.stateful.inmemory.store.DeleteOptions;
import dev.stateful.inmemory.store.ObjectStore;
import dev.stateful.inmemory.store.Verb;
import dev.stateful.ports.ApiException;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * One actor's API access to one kind: each call passes the actor's fault policy, then the store,
 * and each write lands in the audit log with its outcome. Lists are not faulted (they stand for
 * the informer's initial list, which the in-memory cluster always completes).
 */
public final class ResourceClient<T> {

    private final ObjectStore<T> store;
    private final Object lock;
    private final Actor actor;
    private final FaultPolicy faults;
    private final AuditLog audit;
    private final ManualClock clock;

    ResourceClient(ObjectStore<T> store, Object lock, Actor actor, FaultPolicy faults, AuditLog audit, ManualClock clock) {
        this.store = store;
        this.lock = lock;
        this.actor = actor;
        this.faults = faults;
        this.audit = audit;
        this.clock = clock;
    }

    public Optional<T> get(ObjectKey key) {
        synchronized (lock) {
            FaultDecision decision = faults.decide(Verb.GET, store.kind(), key.name());
            clock.advance(decision.delay());
            if (decision.failBefore() != null) {
                throw decision.failBefore();
            }
            Optional<T> found = store.get(key);
            if (decision.failAfter() != null) {
                throw decision.failAfter();
            }
            return found;
        }
    }

    public List<T> list(String namespace) {
        return store.list(namespace);
    }

    public T create(T object) {
        ObjectMeta meta = store.meta(object);
        String requested = meta.name().isEmpty() ? meta.generateName() : meta.name();
        // audited under the name the server assigned (generateName)
        return write(Verb.CREATE, meta.namespace(), requested, () -> store.create(object), created -> store.meta(created).name());
    }

    public T update(T object) {
        ObjectMeta meta = store.meta(object);
        return write(Verb.UPDATE, meta.namespace(), meta.name(), () -> store.update(object));
    }

    /**
     * Throws what {@link #create} would, writing nothing (a {@code dryRun=All} create), the creates of
     * its batch before it counted against the object limit; returns what create would store. Neither faulted
     * nor audited: it checks a write that has not happened, so it must not use up a fault rule's turn
     * meant for the write itself, nor stand in the audit as one.
     */
    public T dryRunCreate(T object, int earlierCreates) {
        return store.dryRunCreate(object, earlierCreates);
    }

    /** Throws what {@link #update} would, writing nothing; neither faulted nor audited, as {@link #dryRunCreate}. */
    public T dryRunUpdate(T object) {
        return store.dryRunUpdate(object);
    }

    /** {@link #dryRunUpdate} of an object an earlier write of the batch would have stored as {@code stored}. */
    public T dryRunUpdate(T object, T stored) {
        return store.dryRunUpdate(object, stored);
    }

    public T updateStatus(T object) {
        ObjectMeta meta = store.meta(object);
        return write(Verb.UPDATE_STATUS, meta.namespace(), meta.name(), () -> store.updateStatus(object));
    }

    /**
     * A server-side read-modify-write of the stored object (a PATCH: no resourceVersion precondition).
     *
     * @param uid when non-null, the stored object must have this uid (else Conflict, like a patch carrying metadata.uid)
     */
    public T patch(ObjectKey key, String uid, UnaryOperator<T> change) {
        return write(Verb.PATCH, key.namespace(), key.name(), () -> {
            T stored = store.get(key).orElseThrow(() -> ApiErrors.notFound(store.kind(), key.name()));
            String storedUid = store.meta(stored).uid();
            if (uid != null && !uid.isEmpty() && !uid.equals(storedUid)) {
                throw ApiErrors.uidPrecondition(store.kind(), key.name(), uid, storedUid);
            }
            T changed = change.apply(stored);
            return store.update(store.type().withMeta(changed, store.meta(changed).withResourceVersion("")));
        });
    }

    /** Deletes (or starts terminating) the object; returns it while it remains. */
    public Optional<T> delete(ObjectKey key, DeleteOptions options) {
        return write(Verb.DELETE, key.namespace(), key.name(), () -> store.delete(key, options));
    }

    private <R> R write(Verb verb, String namespace, String name, Supplier<R> call) {
        return write(verb, namespace, name, call, result -> name);
    }

    private <R> R write(Verb verb, String namespace, String name, Supplier<R> call, Function<R, String> storedName) {
        synchronized (lock) {
            FaultDecision decision = faults.decide(verb, store.kind(), name);
            clock.advance(decision.delay());
            if (decision.failBefore() != null) {
                audit.record(actor, verb, store.kind(), namespace, name, Outcome.INJECTED_FAILURE, decision.failBefore().getMessage());
                throw decision.failBefore();
            }
            R result;
            try {
                result = call.get();
            } catch (ApiException e) {
                audit.record(actor, verb, store.kind(), namespace, name, Outcome.REJECTED, e.getMessage());
                throw e;
            }
            String stored = storedName.apply(result);
            if (decision.failAfter() != null) {
                audit.record(actor, verb, store.kind(), namespace, stored, Outcome.APPLIED_BUT_FAILED, decision.failAfter().getMessage());
                throw decision.failAfter();
            }
            audit.record(actor, verb, store.kind(), namespace, stored, Outcome.APPLIED, "");
            return result;
        }
    }
}
