package dev.stateful.domain.revision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.domain.testing.TestJson;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RevisionHistoryTest {

    @Test
    void newRevisionOfThe133SetIsNamedTestC77f6d978() {
        ControllerRevision revision = RevisionHistory.newRevision(CompatibilityFixtures.set133(), 1, 0);
        assertThat(revision.name()).isEqualTo("test-c77f6d978");
        assertThat(revision.data()).isEqualTo(CompatibilityFixtures.RAW_1_33);
    }

    @Test
    void newRevisionOfThe134SetIsNamedTest776999688b() {
        assertThat(RevisionHistory.newRevision(CompatibilityFixtures.set134(), 1, 0).name()).isEqualTo("test-776999688b");
    }

    @Test
    void newRevisionCarriesTemplateLabelsPlusHashSetAnnotationsControllerRefNamespaceAndNumber() {
        StatefulSet set = Fixtures.statefulSet("web", 3);
        set = set.withMetadata(set.metadata().withAnnotations(Map.of("owner", "team-a")).withLabels(Map.of("set-only", "x")));
        ControllerRevision revision = RevisionHistory.newRevision(set, 7, 0);
        String hash = RevisionHash.hash(revision.data(), 0);

        assertThat(revision.name()).isEqualTo("web-" + hash);
        assertThat(revision.metadata().namespace()).isEqualTo("default");
        assertThat(revision.metadata().labels()).isEqualTo(Map.of("app", "nginx", RevisionHash.HASH_LABEL, hash));
        assertThat(revision.metadata().annotations()).isEqualTo(Map.of("owner", "team-a"));
        assertThat(revision.metadata().ownerReferences())
                .containsExactly(new OwnerReference("apps/v1", "StatefulSet", "web", "web-uid", true, true));
        assertThat(revision.revision()).isEqualTo(7);
        assertThat(revision.metadata().uid()).isNull();
        assertThat(revision.metadata().creationTimestamp()).isNull();
    }

    @Test
    void newRevisionHashesWithTheGivenCollisionCount() {
        StatefulSet set = CompatibilityFixtures.set133();
        ControllerRevision probed = RevisionHistory.newRevision(set, 1, 1);
        assertThat(probed.name()).isEqualTo("test-c77f6d979");
        assertThat(probed.metadata().labels()).containsEntry(RevisionHash.HASH_LABEL, "c77f6d979");
    }

    // ---------------------------------------------------------------- ordering

    @Test
    void revisionsSortByNumberThenCreationTimeThenName() {
        ControllerRevision r1 = revision("z", 1, null);
        ControllerRevision r2old = revision("y", 2, Fixtures.T0);
        ControllerRevision r2newA = revision("a", 2, Fixtures.T0.plusSeconds(5));
        ControllerRevision r2newB = revision("b", 2, Fixtures.T0.plusSeconds(5));
        ControllerRevision r2unset = revision("x", 2, null);
        ControllerRevision r3 = revision("c", 3, Fixtures.T0);

        List<ControllerRevision> shuffled = new ArrayList<>(List.of(r3, r2newB, r1, r2newA, r2old, r2unset));
        Collections.shuffle(shuffled, new Random(42));

        assertThat(RevisionHistory.sorted(shuffled)).containsExactly(r1, r2unset, r2old, r2newA, r2newB, r3);
    }

    @Test
    void nextRevisionIsOneForAnEmptyHistoryElseOnePastTheLast() {
        assertThat(RevisionHistory.nextRevision(List.of())).isEqualTo(1);
        assertThat(RevisionHistory.nextRevision(List.of(revision("a", 1, null), revision("b", 4, null)))).isEqualTo(5);
    }

    // ---------------------------------------------------------------- equality

    @ParameterizedTest(name = "labels [{0}] vs [{1}], same data: equal={2}")
    @CsvSource(nullValues = "-", value = {
        // no labels or labels that do not parse as int32: data decides
        "-,          -,           true",
        "c77f6d978,  c77f6d979,   true",
        "776999688b, 4,           true",
        // both parse as int32 decimals and differ: not equal despite identical data
        "12345,      12346,       false",
        "+5,         5,           true",
        "-1,         1,           false",
        "007,        7,           true",
        // outside int32 (4294967295 is a valid uint32): does not parse, so data decides
        "2147483648, 2147483647,  true",
        "4294967295, 1,           true",
        "2147483647, 2147483646,  false",
        "-2147483648, 2147483647, false",
        // only ASCII decimal digits count
        "٣,          4,           true",
        "1_000,      1000,        true",
        "'',         1,           true",
        "0x10,       16,          true"
    })
    void hashLabelsThatParseAsDifferentInt32ValuesMakeRevisionsDiffer(String left, String right, boolean equal) {
        ControllerRevision lhs = withHashLabel(revision("a", 1, null), left);
        ControllerRevision rhs = withHashLabel(revision("b", 2, null), right);
        assertThat(RevisionHistory.equalRevision(lhs, rhs)).isEqualTo(equal);
        assertThat(RevisionHistory.equalRevision(rhs, lhs)).isEqualTo(equal);
    }

    @Test
    void differentDataBytesAreNotEqualEvenWithEqualHashLabels() {
        ControllerRevision lhs = withHashLabel(revision("a", 1, null), "5");
        ControllerRevision rhs = TestJson.revision(lhs.metadata(), lhs.data() + " ", 1);
        assertThat(RevisionHistory.equalRevision(lhs, rhs)).isFalse();
    }

    @Test
    void byteComparisonIsNotSemantic() {
        ControllerRevision lhs = TestJson.revision(ObjectMeta.named("ns", "a"), "{\"a\":1}", 1);
        ControllerRevision rhs = TestJson.revision(ObjectMeta.named("ns", "b"), "{\"a\":1.0}", 1);
        assertThat(RevisionHistory.equalRevision(lhs, rhs)).isFalse();
    }

    @Test
    void nullRevisionsAreOnlyEqualToNull() {
        ControllerRevision r = revision("a", 1, null);
        assertThat(RevisionHistory.equalRevision(null, null)).isTrue();
        assertThat(RevisionHistory.equalRevision(r, null)).isFalse();
        assertThat(RevisionHistory.equalRevision(null, r)).isFalse();
    }

    @Test
    void findEqualRevisionsKeepsListOrder() {
        ControllerRevision a = revision("a", 1, null);
        ControllerRevision b = TestJson.revision(ObjectMeta.named("default", "b"), "{\"other\":true}", 2);
        ControllerRevision c = revision("c", 3, null);
        assertThat(RevisionHistory.findEqualRevisions(List.of(a, b, c), revision("needle", 9, null))).containsExactly(a, c);
    }

    @Test
    void equivalentRevisionsFallBackToSemanticComparisonOnlyWithoutAByteEqualOne() {
        StatefulSet set134 = CompatibilityFixtures.set134();
        ControllerRevision old133 = CompatibilityFixtures.revision133();
        ControllerRevision candidate = RevisionHistory.newRevision(set134, 2, 0);

        assertThat(RevisionHistory.findEquivalentRevisions(set134, List.of(old133), candidate)).containsExactly(old133);

        ControllerRevision exact = candidate.withRevision(1);
        assertThat(RevisionHistory.findEquivalentRevisions(set134, List.of(old133, exact), candidate)).containsExactly(exact);
    }

    @ParameterizedTest(name = "\"{0}\" -> {1}")
    @CsvSource(nullValues = "NONE", value = {
        "0, 0", "+0, 0", "-0, 0", "2147483647, 2147483647", "-2147483648, -2147483648",
        "2147483648, NONE", "-2147483649, NONE", "99999999999999999999, NONE", "+, NONE", "-, NONE", "'', NONE",
        "'1 ', NONE", "' 1', NONE"
    })
    void hashLabelsParseLikeGoParseIntBase10BitSize32(String label, Integer expected) {
        assertThat(RevisionHistory.parseInt32(label)).isEqualTo(expected == null ? OptionalInt.empty() : OptionalInt.of(expected));
    }

    private static ControllerRevision revision(String name, long number, Instant created) {
        ObjectMeta meta = ObjectMeta.named("default", name).withCreationTimestamp(created);
        return TestJson.revision(meta, RevisionData.patch(Fixtures.statefulSet("web", 1)), number);
    }

    private static ControllerRevision withHashLabel(ControllerRevision revision, String hash) {
        Map<String, String> labels = new HashMap<>(revision.metadata().labels());
        if (hash != null) {
            labels.put(RevisionHash.HASH_LABEL, hash);
        }
        return revision.withMetadata(revision.metadata().withLabels(labels));
    }

}
