package dev.stateful.ports.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.testing.TestJson;
import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.revision.RevisionWrite;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.ports.ApiException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The revision write and history truncation (upstream {@code getStatefulSetRevisions}, {@code truncateHistory}). */
class RevisionHistoryControlTest {

    private final StatefulSet set = Fixtures.statefulSet("web", 3);
    private final FakePorts ports = new FakePorts();
    private final RevisionHistoryControl history = new RevisionHistoryControl(ports);
    private final SyncWrites writes = new SyncWrites(set.key(), OwnWrites.off());

    private static ControllerRevision revision(String name, String data, long number) {
        return TestJson.revision(ObjectMeta.named("default", name), data, number);
    }

    @Test
    void theUpdateRevisionIsCreated() {
        ControllerRevision update = revision("web-b", "{\"b\":1}", 2);

        assertThat(history.write(set, new RevisionWrite.Create(update), writes)).isEmpty();

        assertThat(ports.revisions).containsKey("web-b");
        assertThat(writes.count()).isEqualTo(1);
    }

    @Test
    void aRevisionWithTheSameNameAndDataIsOurOwnEarlierWrite() {
        ControllerRevision update = revision("web-b", "{\"b\":1}", 2);
        ports.revisions.put("web-b", update);
        ports.failNext("revisions.create", new ApiException.AlreadyExists("exists"));

        assertThat(history.write(set, new RevisionWrite.Create(update), writes)).isEmpty();
        assertThat(ports.calls).containsExactly("revisions.create web-b", "revisions.get web-b");
    }

    @Test
    void aDifferentRevisionHoldingTheNameIsACollision() {
        ControllerRevision clash = revision("web-b", "{\"other\":1}", 1);
        ports.revisions.put("web-b", clash);
        ApiException.AlreadyExists exists = new ApiException.AlreadyExists("exists");
        ports.failNext("revisions.create", exists);

        assertThat(history.write(set, new RevisionWrite.Create(revision("web-b", "{\"b\":1}", 2)), writes))
                .contains(new RevisionHistoryControl.Collision(clash, exists));
    }

    @Test
    void aNameClashWhoseHolderCannotBeReadFailsWithTheClash() {
        ports.failNext("revisions.create", new ApiException.AlreadyExists("exists"));

        assertThatThrownBy(() -> history.write(set, new RevisionWrite.Create(revision("web-b", "{}", 2)), writes))
                .isInstanceOf(ApiException.AlreadyExists.class).hasMessage("exists");
    }

    @Test
    void aRollbackRenumbersTheRevision() {
        ControllerRevision old = revision("web-a", "{}", 1);
        ports.revisions.put("web-a", old);

        history.write(set, new RevisionWrite.Renumber(old, 3), writes);

        assertThat(ports.revisions.get("web-a").revision()).isEqualTo(3);
    }

    /** {@code UpdateControllerRevision} retries on conflict: the sync that adopted the revision renumbers it too. */
    @Test
    void aRenumberingThatConflictsIsRetriedOnAFreshCopyKeepingWhatOthersWrote() {
        ControllerRevision orphan = revision("web-a", "{}", 1);
        ControllerRevision adopted = orphan.withMetadata(orphan.metadata().withResourceVersion("7")
                .withOwnerReferences(List.of(PodIdentity.controllerRef(set))));
        ports.revisions.put("web-a", adopted);
        ports.failNext("revisions.update", new ApiException.Conflict("the object has been modified"));

        history.write(set, new RevisionWrite.Renumber(orphan, 3), writes);

        assertThat(ports.calls).containsExactly("revisions.update web-a", "revisions.get web-a", "revisions.update web-a");
        assertThat(ports.revisions.get("web-a").revision()).isEqualTo(3);
        assertThat(ports.revisions.get("web-a").metadata().controllerRef()).as("the adoption is not undone").isPresent();
    }

    @Test
    void aRenumberingAnotherWriterAlreadyMadeIsDoneAndOneThatKeepsConflictingFailsTheSync() {
        ControllerRevision old = revision("web-a", "{}", 1);
        ports.revisions.put("web-a", old.withRevision(3));
        ports.failNext("revisions.update", new ApiException.Conflict("modified"));

        history.write(set, new RevisionWrite.Renumber(old, 3), writes);
        assertThat(ports.calls).containsExactly("revisions.update web-a", "revisions.get web-a");

        ports.revisions.put("web-a", old);
        for (int i = 0; i <= RevisionHistoryControl.MAX_RENUMBER_RETRIES; i++) {
            ports.failNext("revisions.update", new ApiException.Conflict("modified " + i));
        }
        assertThatThrownBy(() -> history.write(set, new RevisionWrite.Renumber(old, 4), writes))
                .isInstanceOf(ApiException.Conflict.class).hasMessage("modified " + RevisionHistoryControl.MAX_RENUMBER_RETRIES);
    }

    @Test
    void truncationSkipsRevisionsAlreadyGoneAndStopsAtTheFirstOtherError() {
        ports.failNext("revisions.delete", new ApiException.NotFound("gone"));
        ports.failNext("revisions.delete", new ApiException.Forbidden("no"));

        assertThatThrownBy(() -> history.truncate(List.of(revision("web-a", "{}", 1), revision("web-b", "{}", 2), revision("web-c", "{}", 3)), writes))
                .isInstanceOf(ApiException.Forbidden.class);
        assertThat(ports.calls).containsExactly("revisions.delete web-a", "revisions.delete web-b");
    }
}
