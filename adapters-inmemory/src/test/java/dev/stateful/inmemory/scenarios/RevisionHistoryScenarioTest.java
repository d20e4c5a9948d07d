package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import dev.stateful.inmemory.faults.ApiError;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import dev.stateful.ports.reconcile.SyncResult;

/** Upstream {@code truncateHistory}: history is truncated to revisionHistoryLimit non-live revisions, oldest first. */
@ExtendWith(InMemoryClusterExtension.class)
class RevisionHistoryScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
    }

    /** Applies the set, then changes the image {@code changes} times, settling after each; returns every update revision seen. */
    private List<String> rollOut(SetManifest manifest, int changes) {
        s.apply(manifest);
        s.settle();
        List<String> seen = new ArrayList<>(List.of(s.status().updateRevision()));
        for (int i = 1; i <= changes; i++) {
            s.setImage("nginx:1." + (25 + i));
            s.settle();
            seen.add(s.status().updateRevision());
        }
        return seen;
    }

    @Test
    void withLimitTwoOnlyTheTwoNewestNonLiveRevisionsAreKept() {
        List<String> seen = rollOut(SetManifest.web().replicas(2).revisionHistoryLimit(2), 5);

        assertThat(seen).doesNotHaveDuplicates().hasSize(6);
        assertThat(s.revisions()).extracting(ControllerRevision::name).containsExactly(seen.get(3), seen.get(4), seen.get(5));
        assertThat(s.revisions()).hasSizeLessThanOrEqualTo(2 + 2);
    }

    @Test
    void revisionsThatPodsStillRunAreNeverTruncated() {
        List<String> seen = rollOut(SetManifest.web().replicas(3).partition(2).revisionHistoryLimit(0), 2);

        assertThat(s.revisionOf("web-0")).isEqualTo(seen.get(0));
        assertThat(s.revisionOf("web-2")).isEqualTo(seen.get(2));
        assertThat(s.revisions()).extracting(ControllerRevision::name).containsExactly(seen.get(0), seen.get(2));
    }

    @Test
    void aNegativeLimitKeepsEveryRevision() {
        List<String> seen = rollOut(SetManifest.web().replicas(1).revisionHistoryLimit(-1), 5);

        assertThat(s.revisions()).extracting(ControllerRevision::name).containsExactlyElementsOf(seen);
    }

    /**
     * upstream's {@code UpdateStatefulSet} truncates history even when the revision write fails,
     * with no current or update revision live: under OnDelete the pods keep revision A, so the
     * update revision B that no pod runs goes in that very sync.
     */
    @Test
    void aFailedRevisionWriteStillTruncatesHistoryWithNoCurrentOrUpdateRevisionLive(InMemoryCluster cluster) {
        List<String> seen = rollOut(SetManifest.web().replicas(1).onDelete().revisionHistoryLimit(0), 1);
        assertThat(s.revisions()).extracting(ControllerRevision::name).containsExactlyElementsOf(seen);
        cluster.faults().on(Verb.CREATE, Kind.REVISIONS).fail(ApiError.UNAVAILABLE);
        s.setImage("nginx:1.30");

        SyncResult result = s.sync();

        assertThat(result.error()).isPresent();
        assertThat(s.revisions()).extracting(ControllerRevision::name).containsExactly(seen.get(0));
    }

    /**
     * Project decision: when a rollback's renumbering fails, the revision being renumbered, the set's
     * template, survives the truncation (upstream's nil current and update revisions would delete it
     * and the next sync create it again).
     */
    @Test
    void aFailedRollbackRenumberStillTruncatesHistoryButKeepsTheRevisionItRollsBackTo(InMemoryCluster cluster) {
        List<String> seen = rollOut(SetManifest.web().replicas(0).revisionHistoryLimit(1), 2);
        assertThat(s.revisions()).extracting(ControllerRevision::name).containsExactly(seen.get(1), seen.get(2));
        cluster.faults().on(Verb.UPDATE, Kind.REVISIONS).fail(ApiError.UNAVAILABLE);
        s.setImage("nginx:1.26");

        SyncResult result = s.sync();

        assertThat(result.error()).isPresent();
        assertThat(s.revisions()).extracting(ControllerRevision::name).contains(seen.get(1));
    }
}
