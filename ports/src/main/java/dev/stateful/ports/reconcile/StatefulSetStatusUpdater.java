package dev.stateful.ports.reconcile;

import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.StatusWriter;
import java.util.Optional;
import java.util.function.Function;

/**
 * Writes a set's status through {@code /status} (upstream {@code StatefulSetStatusUpdater}). A
 * conflict is retried on a fresh copy of the set, as {@code retry.RetryOnConflict} does, read past
 * the cache where upstream re-reads its set lister (right after a conflict the lister often still
 * holds the copy that conflicted, and the reconciler needs to know whether the spec moved on); what to
 * write is decided again over each copy's stored status, so that conditions others wrote meanwhile
 * are kept. A set that is gone, or was replaced by one with another uid, needs no status.
 */
final class StatefulSetStatusUpdater {

    /** {@code retry.DefaultRetry}, which upstream's status updater retries with: five attempts in all. */
    static final int MAX_CONFLICT_RETRIES = 4;

    private final StatusWriter writer;

    StatefulSetStatusUpdater(StatusWriter writer) {
        this.writer = writer;
    }

    /**
     * Writes {@code toWrite} of the stored status, if it gives one, retrying conflicts.
     *
     * @return the set as written; empty when nothing needed writing or the set is gone
     * @throws ApiException the last conflict after the retries, or any other error of the write or re-read
     */
    Optional<StatefulSet> update(StatefulSet set, Function<StatefulSetStatus, Optional<StatefulSetStatus>> toWrite) {
        return update(set, toWrite, MAX_CONFLICT_RETRIES);
    }

    /** {@link #update} in one attempt: a conflict fails the sync, whose retry decides again from the changed set. */
    Optional<StatefulSet> updateOnce(StatefulSet set, Function<StatefulSetStatus, Optional<StatefulSetStatus>> toWrite) {
        return update(set, toWrite, 0);
    }

    private Optional<StatefulSet> update(StatefulSet set, Function<StatefulSetStatus, Optional<StatefulSetStatus>> toWrite, int retries) {
        StatefulSet target = set;
        for (int attempt = 0; ; attempt++) {
            Optional<StatefulSetStatus> next = toWrite.apply(target.status());
            if (next.isEmpty()) {
                return Optional.empty();
            }
            try {
                return Optional.of(writer.updateStatus(target.withStatus(next.get())));
            } catch (ApiException.NotFound gone) {
                return Optional.empty();
            } catch (ApiException.Conflict conflict) {
                if (attempt >= retries) {
                    throw conflict;
                }
                Optional<StatefulSet> fresh = writer.get(set.namespace(), set.name());
                if (fresh.isEmpty() || !fresh.get().metadata().uid().equals(set.metadata().uid())) {
                    return Optional.empty();
                }
                target = fresh.get();
            }
        }
    }
}
