package dev.stateful.domain.revision;

import static dev.stateful.domain.revision.SetEdits.withImage;
import static dev.stateful.domain.revision.SetEdits.withRevisionStatus;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.domain.testing.TestJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HistoryTruncationTest {

    /** r1..r6, oldest first. */
    private static final List<ControllerRevision> SIX = IntStream.rangeClosed(1, 6).mapToObj(i -> revision("r" + i, i)).toList();

    @ParameterizedTest(name = "limit {0}: delete {1}")
    @CsvSource(nullValues = "NONE", value = {
        "NONE, ''",      // nil limit means the API default 10
        "10,   ''",
        "4,    ''",      // 4 non-live revisions (r1..r4) fit
        "3,    r1",
        "1,    r1 r2 r3",
        "0,    r1 r2 r3 r4",
        "-1,   ''",      // negative retains everything
        "-2,   ''"
    })
    void deletesTheOldestNonLiveRevisionsBeyondTheLimit(Integer limit, String expected) {
        StatefulSet set = withLimit(limit);
        ControllerRevision current = SIX.get(4);
        ControllerRevision update = SIX.get(5);

        List<ControllerRevision> deleted = HistoryTruncation.revisionsToDelete(set, List.of(), SIX, current, update);

        assertThat(deleted).extracting(ControllerRevision::name).containsExactlyElementsOf(names(expected));
    }

    @Test
    void revisionsOfPodsAreLiveEvenWhenOld() {
        List<Pod> pods = List.of(pod("web-0", "r1"), pod("web-1", "r3"), pod("web-2", null));

        List<ControllerRevision> deleted = HistoryTruncation.revisionsToDelete(withLimit(0), pods, SIX, SIX.get(4), SIX.get(5));

        assertThat(deleted).extracting(ControllerRevision::name).containsExactly("r2", "r4");
    }

    @Test
    void terminatingPodsKeepTheirRevisionLive() {
        Pod terminating = pod("web-0", "r1");
        terminating = terminating.withMetadata(terminating.metadata().withDeletionTimestamp(Fixtures.T0));

        List<ControllerRevision> deleted = HistoryTruncation.revisionsToDelete(withLimit(0), List.of(terminating), SIX, SIX.get(5), SIX.get(5));

        assertThat(deleted).extracting(ControllerRevision::name).containsExactly("r2", "r3", "r4", "r5");
    }

    @Test
    void currentAndUpdateAreLiveWhereverTheySortAndMayBeMissing() {
        List<ControllerRevision> deleted = HistoryTruncation.revisionsToDelete(withLimit(0), List.of(), SIX, SIX.get(0), null);
        assertThat(deleted).extracting(ControllerRevision::name).containsExactly("r2", "r3", "r4", "r5", "r6");

        assertThat(HistoryTruncation.revisionsToDelete(withLimit(0), List.of(), SIX, null, null)).hasSize(6);
    }

    @Test
    void unsortedInputIsTruncatedInRevisionOrder() {
        List<ControllerRevision> shuffled = List.of(SIX.get(3), SIX.get(0), SIX.get(5), SIX.get(2), SIX.get(1), SIX.get(4));
        List<ControllerRevision> deleted = HistoryTruncation.revisionsToDelete(withLimit(2), List.of(), shuffled, SIX.get(5), SIX.get(5));
        assertThat(deleted).extracting(ControllerRevision::name).containsExactly("r1", "r2", "r3");
    }

    @Test
    void liveRevisionNamesAreCurrentUpdateAndPodLabels() {
        Set<String> live = HistoryTruncation.liveRevisionNames(List.of(pod("web-0", "r2")), SIX.get(0), SIX.get(5));
        assertThat(live).contains("r1", "r2", "r6").doesNotContain("r3", "r4", "r5");
    }

    /** Upstream TestStatefulSetHonorRevisionHistoryLimit: limit 2, template changes, converged pods. */
    @Test
    void repeatedTemplateChangesWithConvergedPodsKeepAtMostLimitPlusTwoRevisions() {
        StatefulSet set = withRevisionStatus(withLimit(2), "", 0);
        List<ControllerRevision> stored = new ArrayList<>();
        String podRevision = "";
        for (int change = 0; change < 6; change++) {
            StatefulSet synced = withImage(set, "nginx:" + change);
            RevisionResolution resolution = RevisionResolver.resolve(synced, stored);
            List<ControllerRevision> listed = stored;
            stored = StoredRevisions.afterWrite(stored, resolution.write(), Fixtures.T0.plusSeconds(change));
            List<Pod> pods = List.of(pod("web-0", podRevision), pod("web-1", podRevision), pod("web-2", podRevision));

            List<ControllerRevision> deleted = HistoryTruncation.revisionsToDelete(synced, pods, listed, resolution.current(), resolution.update());
            stored.removeAll(deleted);

            assertThat(stored.size()).as("after change %d", change).isLessThanOrEqualTo(2 + 2);
            assertThat(stored).extracting(ControllerRevision::name).contains(resolution.current().name(), resolution.update().name());
            // the rollout converges before the next change
            podRevision = resolution.update().name();
            set = withRevisionStatus(synced, podRevision, resolution.collisionCount());
        }
        assertThat(stored).hasSize(2 + 2);
    }

    @Test
    void randomHistoriesNeverLoseALiveRevisionAndDeleteOnlyTheOldestBeyondTheLimit() {
        long base = new Random().nextLong();
        for (int run = 0; run < 2000; run++) {
            long seed = base + run;
            Random random = new Random(seed);
            List<ControllerRevision> revisions = new ArrayList<>();
            int count = random.nextInt(12);
            for (int i = 0; i < count; i++) {
                revisions.add(revision("web-" + i, 1 + random.nextInt(8)));
            }
            List<Pod> pods = new ArrayList<>();
            for (int i = random.nextInt(6); i > 0; i--) {
                pods.add(pod("web-" + i, randomName(revisions, random)));
            }
            ControllerRevision current = randomRevision(revisions, random);
            ControllerRevision update = randomRevision(revisions, random);
            Integer limit = random.nextInt(5) == 0 ? null : random.nextInt(12) - 3;

            List<ControllerRevision> deleted = HistoryTruncation.revisionsToDelete(withLimit(limit), pods, revisions, current, update);

            String context = "seed " + seed;
            Set<String> live = HistoryTruncation.liveRevisionNames(pods, current, update);
            List<ControllerRevision> history = RevisionHistory.sorted(revisions).stream().filter(r -> !live.contains(r.name())).toList();
            int effective = limit == null ? 10 : limit;
            int expected = effective < 0 ? 0 : Math.max(0, history.size() - effective);
            assertThat(deleted).as(context).noneMatch(r -> live.contains(r.name()));
            assertThat(deleted).as(context).containsExactlyElementsOf(history.subList(0, expected));
        }
    }

    private static ControllerRevision randomRevision(List<ControllerRevision> revisions, Random random) {
        int pick = random.nextInt(revisions.size() + 2);
        if (pick == revisions.size()) {
            return null;
        }
        return pick < revisions.size() ? revisions.get(pick) : revision("web-new", 99);
    }

    private static String randomName(List<ControllerRevision> revisions, Random random) {
        int pick = random.nextInt(revisions.size() + 2);
        if (pick == revisions.size()) {
            return null;
        }
        return pick < revisions.size() ? revisions.get(pick).name() : "web-unknown";
    }

    private static StatefulSet withLimit(Integer limit) {
        StatefulSet set = Fixtures.statefulSet("web", 3);
        return set.withSpec(set.spec().withRevisionHistoryLimit(limit));
    }

    private static ControllerRevision revision(String name, long number) {
        return TestJson.revision(ObjectMeta.named("default", name), "{\"n\":\"" + name + "\"}", number);
    }

    private static Pod pod(String name, String revision) {
        Pod pod = new Pod(ObjectMeta.named("default", name), null, PodStatus.of(PodStatus.RUNNING));
        return revision == null ? pod : PodIdentity.withRevision(pod, revision);
    }

    private static List<String> names(String spaceSeparated) {
        return spaceSeparated.isBlank() ? List.of() : List.of(spaceSeparated.trim().split("\\s+"));
    }
}
