package dev.stateful.domain.revision;

import static dev.stateful.domain.revision.SetEdits.withImage;
import static dev.stateful.domain.revision.SetEdits.withRevisionStatus;
import static dev.stateful.domain.revision.SetEdits.withTemplateLabel;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.domain.testing.TestJson;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RevisionResolverTest {

    /** Upstream {@code TestStatefulSetControl_getSetRevisions}. */
    @Nested
    class GetSetRevisions {

        static final StatefulSet SET = withRevisionStatus(Fixtures.statefulSet("foo", 3), "", 0);
        static final ControllerRevision REV0 = RevisionHistory.newRevision(SET, 1, 0);
        static final StatefulSet SET1 = withRevisionStatus(withImage(SET, "foo"), REV0.name(), 0);
        static final ControllerRevision REV1 = RevisionHistory.newRevision(SET1, 2, 0);
        static final StatefulSet SET2 = withTemplateLabel(SET1, "new", "label");
        static final ControllerRevision REV2 = RevisionHistory.newRevision(SET2, 3, 0);

        static Stream<Arguments> cases() {
            return Stream.of(
                    Arguments.of("creates initial revision", List.of(), SET, 1, REV0, REV0),
                    Arguments.of("creates revision on update", List.of(REV0), SET1, 2, REV0, REV1),
                    Arguments.of("must not recreate a new revision of same set", List.of(REV0, REV1), SET1, 2, REV0, REV1),
                    Arguments.of("must rollback to a previous revision", List.of(REV0, REV1, REV2), SET1, 3, REV0, REV1.withRevision(4)));
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("cases")
        void resolvesCurrentAndUpdateRevisions(String name, List<ControllerRevision> existing, StatefulSet set, int expectedCount,
                ControllerRevision expectedCurrent, ControllerRevision expectedUpdate) {
            RevisionResolution resolution = RevisionResolver.resolve(set, existing);
            List<ControllerRevision> after = StoredRevisions.afterWrite(existing, resolution.write(), Fixtures.T0);

            assertThat(after).hasSize(expectedCount);
            assertThat(RevisionHistory.equalRevision(expectedCurrent, resolution.current())).isTrue();
            assertThat(RevisionHistory.equalRevision(expectedUpdate, resolution.update())).isTrue();
            assertThat(resolution.current().revision()).isEqualTo(expectedCurrent.revision());
            assertThat(resolution.update().revision()).isEqualTo(expectedUpdate.revision());
        }
    }

    @Test
    void aTemplateChangeCreatesTheCandidateWithTheNextRevisionNumber() {
        StatefulSet set = withRevisionStatus(Fixtures.statefulSet("web", 3), "", 0);
        ControllerRevision first = RevisionHistory.newRevision(set, 1, 0);
        StatefulSet changed = withRevisionStatus(withImage(set, "nginx:1.27"), first.name(), 0);

        RevisionResolution resolution = RevisionResolver.resolve(changed, List.of(first));

        ControllerRevision expected = RevisionHistory.newRevision(changed, 2, 0);
        assertThat(resolution.write()).isEqualTo(new RevisionWrite.Create(expected));
        assertThat(resolution.update()).isEqualTo(expected);
        assertThat(resolution.current()).isEqualTo(first);
        assertThat(resolution.collisionCount()).isZero();
    }

    @Test
    void anUnchangedTemplateNeedsNoWrite() {
        StatefulSet set = withRevisionStatus(Fixtures.statefulSet("web", 3), "", 0);
        ControllerRevision only = RevisionHistory.newRevision(set, 1, 0);
        StatefulSet synced = withRevisionStatus(set, only.name(), 0);

        RevisionResolution resolution = RevisionResolver.resolve(synced, List.of(only));

        assertThat(resolution).isEqualTo(new RevisionResolution(only, only, 0, RevisionWrite.NONE));
    }

    /** A -> B -> A renumbers A to 3 and creates nothing. */
    @Test
    void rollbackToAnEarlierTemplateRenumbersItsRevisionInsteadOfCreatingOne() {
        StatefulSet a = withRevisionStatus(Fixtures.statefulSet("web", 3), "", 0);
        RevisionResolution first = RevisionResolver.resolve(a, List.of());
        List<ControllerRevision> stored = StoredRevisions.afterWrite(List.of(), first.write(), Fixtures.T0);
        ControllerRevision revA = first.update();

        StatefulSet b = withRevisionStatus(withImage(a, "nginx:broken"), revA.name(), 0);
        RevisionResolution second = RevisionResolver.resolve(b, stored);
        stored = StoredRevisions.afterWrite(stored, second.write(), Fixtures.T0.plusSeconds(60));
        assertThat(second.update().revision()).isEqualTo(2);

        StatefulSet backToA = withRevisionStatus(withImage(b, "nginx:1.25"), revA.name(), 0);
        RevisionResolution third = RevisionResolver.resolve(backToA, stored);

        assertThat(third.write()).isInstanceOf(RevisionWrite.Renumber.class);
        RevisionWrite.Renumber renumber = (RevisionWrite.Renumber) third.write();
        assertThat(renumber.existing().name()).isEqualTo(revA.name());
        assertThat(renumber.newRevision()).isEqualTo(3);
        assertThat(third.update().name()).isEqualTo(revA.name());
        assertThat(third.update().revision()).isEqualTo(3);
        assertThat(third.update().data()).isEqualTo(revA.data());
        assertThat(third.current().name()).isEqualTo(revA.name());
        assertThat(StoredRevisions.afterWrite(stored, third.write(), Fixtures.T0.plusSeconds(120))).hasSize(2);
    }

    @Test
    void currentIsTheRevisionNamedInStatusElseTheUpdateRevision() {
        StatefulSet set = Fixtures.statefulSet("web", 3);
        ControllerRevision old = RevisionHistory.newRevision(withImage(set, "nginx:1.0"), 1, 0);
        ControllerRevision latest = RevisionHistory.newRevision(set, 2, 0);

        assertThat(RevisionResolver.resolve(withRevisionStatus(set, old.name(), 0), List.of(old, latest)).current()).isEqualTo(old);
        assertThat(RevisionResolver.resolve(withRevisionStatus(set, "web-deleted", 0), List.of(old, latest)).current()).isEqualTo(latest);
        assertThat(RevisionResolver.resolve(withRevisionStatus(set, "", null), List.of(old, latest)).current()).isEqualTo(latest);
    }

    @Test
    void revisionsAreSortedBeforeTheNewestIsChosen() {
        StatefulSet set = withRevisionStatus(Fixtures.statefulSet("web", 3), "", 0);
        ControllerRevision older = RevisionHistory.newRevision(withImage(set, "nginx:1.0"), 1, 0);
        ControllerRevision newest = RevisionHistory.newRevision(set, 2, 0);

        RevisionResolution resolution = RevisionResolver.resolve(set, List.of(newest, older));

        assertThat(resolution.write()).isEqualTo(RevisionWrite.NONE);
        assertThat(resolution.update()).isEqualTo(newest);
    }

    // ---------------------------------------------------------------- collisions ({@code CreateControllerRevision})

    @Test
    void aTakenNameWithOtherDataCountsACollisionAndRenamesButKeepsTheInitialHashLabel() {
        StatefulSet set = withRevisionStatus(Fixtures.statefulSet("web", 3), "", 0);
        String data = RevisionData.patch(set);
        String hash0 = RevisionHash.hash(data, 0);
        ControllerRevision squatter = foreignData("web-" + hash0, 1);

        RevisionResolution resolution = RevisionResolver.resolve(set, List.of(squatter));

        String hash1 = RevisionHash.hash(data, 1);
        assertThat(resolution.collisionCount()).isEqualTo(1);
        assertThat(resolution.update().name()).isEqualTo("web-" + hash1);
        assertThat(resolution.update().metadata().labels()).containsEntry(RevisionHash.HASH_LABEL, hash0);
        assertThat(resolution.update().revision()).isEqualTo(2);
        assertThat(resolution.write()).isEqualTo(new RevisionWrite.Create(resolution.update()));
        assertThat(resolution.current()).isEqualTo(resolution.update());
    }

    @Test
    void everyTakenNameCountsOneCollision() {
        StatefulSet set = withRevisionStatus(Fixtures.statefulSet("web", 3), "", 0);
        String data = RevisionData.patch(set);
        List<ControllerRevision> squatters = List.of(
                foreignData("web-" + RevisionHash.hash(data, 0), 1),
                foreignData("web-" + RevisionHash.hash(data, 1), 2));

        RevisionResolution resolution = RevisionResolver.resolve(set, squatters);

        assertThat(resolution.collisionCount()).isEqualTo(2);
        assertThat(resolution.update().name()).isEqualTo("web-" + RevisionHash.hash(data, 2));
    }

    @Test
    void hashingStartsFromTheStatusCollisionCountWhichNeverDecreases() {
        StatefulSet set = withRevisionStatus(Fixtures.statefulSet("web", 3), "", 3);
        String data = RevisionData.patch(set);

        RevisionResolution resolution = RevisionResolver.resolve(set, List.of());

        assertThat(resolution.collisionCount()).isEqualTo(3);
        assertThat(resolution.update().name()).isEqualTo("web-" + RevisionHash.hash(data, 3));
        assertThat(resolution.update().metadata().labels()).containsEntry(RevisionHash.HASH_LABEL, RevisionHash.hash(data, 3));
    }

    @Test
    void aCollisionCountStoredAfterAResolutionHashesTheNextOneFromTheNewCount() {
        StatefulSet set = Fixtures.statefulSet("web", 3);
        String data = RevisionData.patch(set);
        assertThat(RevisionResolver.resolve(set, List.of()).update().name()).isEqualTo("web-" + RevisionHash.hash(data, 0));

        StatefulSet collided = withRevisionStatus(set, "", 1);

        assertThat(RevisionResolver.resolve(collided, List.of()).update().name()).isEqualTo("web-" + RevisionHash.hash(data, 1));
    }

    @Test
    void aTakenNameWithTheSameDataIsThatRevisionReusedWithoutAWrite() {
        StatefulSet set = withRevisionStatus(Fixtures.statefulSet("web", 3), "", 0);
        ControllerRevision own = RevisionHistory.newRevision(withImage(set, "nginx:1.0"), 1, 0);
        // e.g. the object an AlreadyExists create answered with: not listed as the set's (no owner ref)
        ControllerRevision sameData = RevisionHistory.newRevision(set, 9, 0);
        sameData = sameData.withMetadata(sameData.metadata().withOwnerReferences(List.of()));

        RevisionResolution resolution = RevisionResolver.resolve(set, List.of(own), List.of(sameData));

        assertThat(resolution.write()).isEqualTo(RevisionWrite.NONE);
        assertThat(resolution.update()).isEqualTo(sameData);
        assertThat(resolution.collisionCount()).isZero();
    }

    @Test
    void occupiedRevisionsOnlyTakePartInNameCollisions() {
        StatefulSet set = withRevisionStatus(Fixtures.statefulSet("web", 3), "", 0);
        ControllerRevision own = RevisionHistory.newRevision(withImage(set, "nginx:1.0"), 1, 0);
        ControllerRevision elsewhere = RevisionHistory.newRevision(set, 1, 0).withMetadata(ObjectMeta.named("default", "unrelated"));

        RevisionResolution resolution = RevisionResolver.resolve(set, List.of(own), List.of(elsewhere));

        assertThat(resolution.write()).isInstanceOf(RevisionWrite.Create.class);
        assertThat(resolution.update().revision()).isEqualTo(2);
    }

    // ---------------------------------------------------------------- 1.33 -> 1.34 upgrade (issue #134773)

    @Test
    void the133RevisionIsReusedForTheSameTemplateReadFromA134ApiServer() {
        StatefulSet set = CompatibilityFixtures.set134();
        ControllerRevision revision133 = CompatibilityFixtures.revision133();

        RevisionResolution resolution = RevisionResolver.resolve(set, List.of(revision133));

        assertThat(resolution).isEqualTo(new RevisionResolution(revision133, revision133, 0, RevisionWrite.NONE));
    }

    @Test
    void the133RevisionIsReusedAsIsWhenReadFromA133ApiServer() {
        ControllerRevision revision133 = CompatibilityFixtures.revision133();
        RevisionResolution resolution = RevisionResolver.resolve(CompatibilityFixtures.set133(), List.of(revision133));
        assertThat(resolution).isEqualTo(new RevisionResolution(revision133, revision133, 0, RevisionWrite.NONE));
    }

    @Test
    void rollingBackToA133TemplateAfterTheUpgradeRenumbersThe133Revision() {
        ControllerRevision revision133 = CompatibilityFixtures.revision133();
        StatefulSet updated = withImage(CompatibilityFixtures.set134(), "test:2");
        RevisionResolution update = RevisionResolver.resolve(updated, List.of(revision133));
        List<ControllerRevision> stored = StoredRevisions.afterWrite(List.of(revision133), update.write(), Fixtures.T0);

        StatefulSet reverted = withRevisionStatus(CompatibilityFixtures.set134(), CompatibilityFixtures.NAME_1_33, 0);
        RevisionResolution rollback = RevisionResolver.resolve(reverted, stored);

        assertThat(rollback.write()).isEqualTo(new RevisionWrite.Renumber(revision133, 3));
        assertThat(rollback.update()).isEqualTo(revision133.withRevision(3));
    }

    @Test
    void aByteEqualRevisionIsPreferredToASemanticallyEqualOne() {
        StatefulSet set = CompatibilityFixtures.set134();
        ControllerRevision revision133 = CompatibilityFixtures.revision133();
        ControllerRevision revision134 = RevisionHistory.newRevision(set, 2, 0);
        StatefulSet other = withImage(set, "test:2");
        ControllerRevision newest = RevisionHistory.newRevision(other, 3, 0);

        RevisionResolution resolution = RevisionResolver.resolve(set, List.of(revision133, revision134, newest));

        assertThat(resolution.write()).isEqualTo(new RevisionWrite.Renumber(revision134, 4));
    }

    // ---------------------------------------------------------------- property

    @Test
    void randomTemplateWalksNeverDuplicateARevisionAndAlwaysEndOnTheNewest() {
        long base = new Random().nextLong();
        for (int run = 0; run < 200; run++) {
            long seed = base + run;
            Random random = new Random(seed);
            StatefulSet set = withRevisionStatus(Fixtures.statefulSet("web", 3), "", null);
            List<ControllerRevision> stored = new ArrayList<>();
            for (int step = 0; step < 12; step++) {
                StatefulSet synced = withRevisionStatus(randomTemplate(set, random), randomCurrent(stored, random),
                        set.status().collisionCount());
                RevisionResolution resolution = RevisionResolver.resolve(synced, stored);
                stored = StoredRevisions.afterWrite(stored, resolution.write(), Fixtures.T0.plusSeconds(step));

                String context = "seed " + seed + ", step " + step;
                assertThat(resolution.update().data()).as(context).isEqualTo(RevisionData.patch(synced));
                ControllerRevision newest = RevisionHistory.sorted(stored).get(stored.size() - 1);
                assertThat(newest.name()).as(context).isEqualTo(resolution.update().name());
                assertThat(newest.revision()).as(context).isEqualTo(resolution.update().revision());
                assertThat(stored.stream().map(ControllerRevision::data).distinct().count()).as(context).isEqualTo(stored.size());
                assertThat(new HashSet<>(stored.stream().map(ControllerRevision::revision).toList())).as(context).hasSize(stored.size());
                assertThat(resolution.collisionCount()).as(context).isZero();
                assertThat(stored.stream().map(ControllerRevision::name)).as(context).contains(resolution.current().name());
                set = withRevisionStatus(synced, synced.status().currentRevision(), resolution.collisionCount());
            }
        }
    }

    private static StatefulSet randomTemplate(StatefulSet set, Random random) {
        StatefulSet withImage = withImage(set, "nginx:1." + random.nextInt(4));
        return random.nextBoolean() ? withImage : withTemplateLabel(withImage, "canary", "true");
    }

    private static String randomCurrent(List<ControllerRevision> stored, Random random) {
        return stored.isEmpty() || random.nextInt(4) == 0 ? "" : stored.get(random.nextInt(stored.size())).name();
    }

    private static ControllerRevision foreignData(String name, long revision) {
        ObjectMeta meta = ObjectMeta.named("default", name).withLabels(Map.of("app", "nginx"));
        return TestJson.revision(meta, "{\"spec\":{\"template\":{\"$patch\":\"replace\",\"spec\":{\"other\":true}}}}", revision);
    }
}
