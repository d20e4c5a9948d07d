package dev.stateful.domain.revision;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.Derived;
import dev.stateful.domain.model.StatefulSet;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Chooses the current and update revisions of a set over a snapshot of its revisions (upstream {@code getStatefulSetRevisions} + {@code CreateControllerRevision}), without side
 * effects: the caller performs the returned write.
 */
public final class RevisionResolver {

    private RevisionResolver() {
    }

    /** {@link #resolve(StatefulSet, List, List)} with no revisions known beyond the set's own. */
    public static RevisionResolution resolve(StatefulSet set, List<ControllerRevision> owned) {
        return resolve(set, owned, List.of());
    }

    /**
     * @param set the set as synced; {@code status.collisionCount} and {@code status.currentRevision} are read
     * @param owned the set's revisions as upstream {@code ListRevisions} lists them (selector match, owned by the set or by
     *     nobody), in any order
     * @param occupied other revisions known to exist in the namespace (for example the object an
     *     AlreadyExists create answered with); they only take part in name-collision handling
     */
    public static RevisionResolution resolve(StatefulSet set, List<ControllerRevision> owned, List<ControllerRevision> occupied) {
        List<ControllerRevision> revisions = RevisionHistory.sorted(owned);
        int collisionCount = collisionCount(set);
        ControllerRevision candidate = candidate(set).withRevision(RevisionHistory.nextRevision(revisions));
        List<ControllerRevision> equal = RevisionHistory.findEquivalentRevisions(set, revisions, candidate);

        Update update = equal.isEmpty()
                ? create(set, candidate, collisionCount, Stream.concat(revisions.stream(), occupied.stream()).toList())
                : reuse(revisions.get(revisions.size() - 1), equal.get(equal.size() - 1), candidate, collisionCount);

        ControllerRevision current = RevisionHistory.named(revisions, set.status().currentRevision()).orElse(update.revision());
        return new RevisionResolution(current, update.revision(), update.collisionCount(), update.write());
    }

    /**
     * The candidate revision (numbered 0), derived once per set and kept with it: it depends on the
     * set alone (its name, namespace, uid, annotations, template and stored collision count); only the
     * number differs between passes.
     */
    private static final Derived.Key<ControllerRevision> CANDIDATE = new Derived.Key<>("candidate revision");

    private static ControllerRevision candidate(StatefulSet set) {
        return set.derived().get(CANDIDATE, () -> RevisionHistory.newRevision(set, 0, collisionCount(set)));
    }

    private static int collisionCount(StatefulSet set) {
        return set.status().collisionCount() == null ? 0 : set.status().collisionCount();
    }

    private record Update(ControllerRevision revision, int collisionCount, RevisionWrite write) {
    }

    /**
     * An equal revision exists. If it is the newest, nothing changes; otherwise the template went back
     * to an older revision, which is renumbered to the candidate's number (rollback).
     */
    private static Update reuse(ControllerRevision newest, ControllerRevision match, ControllerRevision candidate, int collisionCount) {
        if (RevisionHistory.equalRevision(newest, match)) {
            return new Update(newest, collisionCount, RevisionWrite.NONE);
        }
        RevisionWrite.Renumber renumber = new RevisionWrite.Renumber(match, candidate.revision());
        return new Update(renumber.renumbered(), collisionCount, renumber);
    }

    /**
     * No equal revision: create the candidate. A taken name with other data is a hash collision: count
     * it and rehash (the hash label keeps its initial value); a taken name with the same data is that
     * revision, reused as is.
     */
    private static Update create(StatefulSet set, ControllerRevision candidate, int collisionCount, List<ControllerRevision> existing) {
        for (int count = collisionCount; ; count++) {
            String name = RevisionHash.revisionName(set.name(), RevisionHash.hash(candidate.data(), count));
            Optional<ControllerRevision> taken = RevisionHistory.named(existing, name);
            if (taken.isEmpty()) {
                ControllerRevision named = candidate.withMetadata(candidate.metadata().withName(name));
                return new Update(named, count, new RevisionWrite.Create(named));
            }
            if (taken.get().data().equals(candidate.data())) {
                return new Update(taken.get(), count, RevisionWrite.NONE);
            }
        }
    }
}
