package dev.stateful.domain.consistency;

import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.sync.Snapshot;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One write the controller made to a pod or claim of a set, or to the set's status, as the API
 * server answered it. The next sync of the set waits until the caches show it: deciding from a
 * cache that has not seen the controller's own create or delete makes it create or delete the same
 * pod twice, and a status computed from a set cached before the controller's own status write can
 * take {@code collisionCount} or {@code observedGeneration} back (the write goes through wherever
 * /status does not check the resourceVersion, as on fabric8's mock).
 *
 * @param resourceVersion what the API server answered for a create or update ("" if unknown);
 *        not used for deletes, whose answer does not reliably carry the deletion's version
 */
public record OwnWrite(Kind kind, Verb verb, String name, String uid, String resourceVersion) {

    public enum Kind { POD, CLAIM, SET }

    public enum Verb { CREATED, UPDATED, DELETED }

    public OwnWrite {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(verb, "verb");
        Objects.requireNonNull(name, "name");
        uid = uid == null ? "" : uid;
        resourceVersion = resourceVersion == null ? "" : resourceVersion;
    }

    public static OwnWrite created(Pod pod) {
        return of(Kind.POD, Verb.CREATED, pod.metadata());
    }

    public static OwnWrite updated(Pod pod) {
        return of(Kind.POD, Verb.UPDATED, pod.metadata());
    }

    public static OwnWrite deleted(Pod pod) {
        return of(Kind.POD, Verb.DELETED, pod.metadata());
    }

    public static OwnWrite created(PersistentVolumeClaim claim) {
        return of(Kind.CLAIM, Verb.CREATED, claim.metadata());
    }

    public static OwnWrite updated(PersistentVolumeClaim claim) {
        return of(Kind.CLAIM, Verb.UPDATED, claim.metadata());
    }

    /** The controller's status write to the set itself, as the API server answered it. */
    public static OwnWrite statusWritten(StatefulSet set) {
        return of(Kind.SET, Verb.UPDATED, set.metadata());
    }

    private static OwnWrite of(Kind kind, Verb verb, ObjectMeta meta) {
        return new OwnWrite(kind, verb, meta.name(), meta.uid(), meta.resourceVersion());
    }

    /**
     * Whether {@code snapshot} shows this write. {@code observedVersion} is the newest
     * resourceVersion the cache of this kind has seen ("" if unknown): a cache past the write's
     * version has seen it even if a later change (someone deleting the new pod) hides it.
     */
    public boolean shownBy(Snapshot snapshot, String observedVersion) {
        return shownIn(snapshot, observedVersion, observedVersion).test(this);
    }

    /**
     * {@link #shownBy} for many writes against one snapshot: its pods are indexed by name once,
     * not scanned once per write.
     */
    public static Predicate<OwnWrite> shownIn(Snapshot snapshot, String observedPods, String observedClaims) {
        Map<String, ObjectMeta> pods = new HashMap<>();
        for (Pod pod : snapshot.pods()) {
            pods.putIfAbsent(pod.name(), pod.metadata());
        }
        // every snapshot holds the set itself: its resourceVersion tells whether a status write is in
        return shownIn(name -> Optional.ofNullable(pods.get(name)), name -> snapshot.claim(name).map(PersistentVolumeClaim::metadata),
                Optional.of(snapshot.set().metadata()), observedPods, observedClaims);
    }

    /**
     * Whether the caches show a write, each object looked up by name: {@code set} empty when the
     * cache no longer holds the set (its status write is then shown, the set being gone).
     */
    public static Predicate<OwnWrite> shownIn(Function<String, Optional<ObjectMeta>> pods, Function<String, Optional<ObjectMeta>> claims,
                                              Optional<ObjectMeta> set, String observedPods, String observedClaims) {
        return write -> switch (write.kind) {
            case CLAIM -> write.shown(claims.apply(write.name), observedClaims);
            case POD -> write.shown(pods.apply(write.name), observedPods);
            case SET -> write.shown(set, "");
        };
    }

    private boolean shown(Optional<ObjectMeta> cached, String observedVersion) {
        if (verb != Verb.DELETED && ResourceVersions.atLeast(observedVersion, resourceVersion)) {
            return true;
        }
        return switch (verb) {
            case CREATED -> cached.isPresent() && cached.get().uid().equals(uid);
            case UPDATED -> cached.isEmpty() || !cached.get().uid().equals(uid) || ResourceVersions.reached(cached.get().resourceVersion(), resourceVersion);
            case DELETED -> cached.isEmpty() || !cached.get().uid().equals(uid) || cached.get().isTerminating();
        };
    }
}
