package dev.stateful.domain.revision;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Keeps a set's revision history within {@code revisionHistoryLimit} (upstream {@code truncateHistory}). */
public final class HistoryTruncation {

    /** The API default of {@code revisionHistoryLimit}. */
    public static final int DEFAULT_LIMIT = 10;

    private HistoryTruncation() {
    }

    /**
     * The revisions to delete, oldest first: the {@code n - limit} oldest of the {@code n} non-live
     * revisions. Nothing when the limit is negative (retain everything) or not exceeded.
     *
     * @param pods every pod claimed by the set (terminating ones included)
     * @param revisions the revisions listed before this sync's revision write
     * @param current the current revision (may be null when revisions could not be resolved)
     * @param update the update revision (may be null likewise)
     */
    public static List<ControllerRevision> revisionsToDelete(StatefulSet set, List<Pod> pods, List<ControllerRevision> revisions,
            ControllerRevision current, ControllerRevision update) {
        int limit = set.spec().revisionHistoryLimit() == null ? DEFAULT_LIMIT : set.spec().revisionHistoryLimit();
        if (limit < 0 || revisions.size() <= limit) {
            // the non-live revisions are some of these: within the limit whichever they are
            return List.of();
        }
        Set<String> live = liveRevisionNames(pods, current, update);
        List<ControllerRevision> history = RevisionHistory.sorted(revisions).stream()
                .filter(r -> !live.contains(r.name()))
                .toList();
        if (history.size() <= limit) {
            return List.of();
        }
        return history.subList(0, history.size() - limit);
    }

    /** Names of the revisions still in use: current, update, and every pod's revision label. */
    public static Set<String> liveRevisionNames(List<Pod> pods, ControllerRevision current, ControllerRevision update) {
        Set<String> live = new HashSet<>();
        if (current != null) {
            live.add(current.name());
        }
        if (update != null) {
            live.add(update.name());
        }
        pods.forEach(pod -> live.add(PodIdentity.revisionOf(pod)));
        return live;
    }
}
