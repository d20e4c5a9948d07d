package dev.stateful.domain.revision;

import static dev.stateful.domain.revision.CompatibilityFixtures.RAW_1_33;
import static dev.stateful.domain.revision.CompatibilityFixtures.RAW_1_34;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.Ordinals;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.domain.testing.TestJson;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class RevisionDataTest {

    @Test
    void patchOfTheSetAsA133ApiServerReturnsItIsThe133RevisionData() {
        assertThat(RevisionData.patch(CompatibilityFixtures.set133())).isEqualTo(RAW_1_33);
    }

    @Test
    void patchOfTheSetAsA134ApiServerReturnsItIsThe134RevisionData() {
        assertThat(RevisionData.patch(CompatibilityFixtures.set134())).isEqualTo(RAW_1_34);
    }

    static Stream<Arguments> changesOutsideTheTemplate() {
        return Stream.<Arguments>of(
                Arguments.of("replicas", (UnaryOperator<StatefulSet>) s -> s.withSpec(s.spec().withReplicas(7))),
                Arguments.of("updateStrategy", (UnaryOperator<StatefulSet>) s -> s.withSpec(s.spec().withUpdateStrategy(UpdateStrategy.onDelete()))),
                Arguments.of("volumeClaimTemplates", (UnaryOperator<StatefulSet>) s -> s.withSpec(s.spec().withVolumeClaimTemplates(List.of()))),
                Arguments.of("minReadySeconds", (UnaryOperator<StatefulSet>) s -> s.withSpec(s.spec().withMinReadySeconds(30))),
                Arguments.of("ordinals", (UnaryOperator<StatefulSet>) s -> s.withSpec(s.spec().withOrdinals(new Ordinals(5)))),
                Arguments.of("retention policy", (UnaryOperator<StatefulSet>) s -> s.withSpec(s.spec().withRetentionPolicy(new RetentionPolicy("Delete", "Delete")))),
                Arguments.of("set labels", (UnaryOperator<StatefulSet>) s -> s.withMetadata(s.metadata().withLabel("tier", "db"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("changesOutsideTheTemplate")
    void onlyThePodTemplateIsVersioned(String field, UnaryOperator<StatefulSet> change) {
        StatefulSet set = Fixtures.statefulSet("web", 3);
        assertThat(RevisionData.patch(change.apply(set))).isEqualTo(RevisionData.patch(set));
    }

    @Test
    void templateMetadataChangesAreVersioned() {
        StatefulSet set = Fixtures.statefulSet("web", 3);
        assertThat(RevisionData.patch(SetEdits.withTemplateLabel(set, "new", "label"))).isNotEqualTo(RevisionData.patch(set));
        StatefulSet annotated = SetEdits.withTemplate(set, t -> t.update("metadata", m -> m.with("annotations", Json.object("a", "b"))));
        assertThat(RevisionData.patch(annotated)).isNotEqualTo(RevisionData.patch(set));
    }

    @Test
    void patchIsSortedCompactAndCarriesTheReplaceDirective() {
        StatefulSet set = SetEdits.withTemplate(Fixtures.statefulSet("web", 1),
                t -> Json.object("spec", Json.object("b", 1, "a", "<x>"), "metadata", Json.object("labels", Json.object("app", "web"))));
        assertThat(RevisionData.patch(set)).isEqualTo(
                "{\"spec\":{\"template\":{\"$patch\":\"replace\",\"metadata\":{\"labels\":{\"app\":\"web\"}},"
                        + "\"spec\":{\"a\":\"\\u003cx\\u003e\",\"b\":1}}}}");
    }

    /** Upstream {@code TestCreateApplyRevision}. */
    @Test
    void applyingARevisionRestoresItsTemplateAndKeepsTheSetsOtherFields() {
        StatefulSet set = Fixtures.statefulSet("foo", 1);
        ControllerRevision revision = RevisionHistory.newRevision(set, 1, 0);

        StatefulSet changed = SetEdits.withFirstContainer(set, c -> c.with("name", "foo"));
        changed = changed.withMetadata(changed.metadata().withAnnotations(Map.of("foo", "bar")));
        StatefulSet restored = RevisionData.applyRevision(changed, revision);
        ControllerRevision restoredRevision = RevisionHistory.newRevision(restored, 2, 0);

        assertThat(RevisionHistory.equalRevision(revision, restoredRevision))
                .as("wanted %s got %s", revision.data(), restoredRevision.data()).isTrue();
        assertThat(restoredRevision.metadata().annotations()).containsEntry("foo", "bar");
        assertThat(restored.spec()).isEqualTo(changed.spec().withTemplate(set.spec().template()));
    }

    /** Upstream {@code TestRollingUpdateApplyRevision}. */
    @Test
    void applyingCurrentAndUpdateRevisionsRestoresExactlyTheirTemplates() {
        StatefulSet currentSet = Fixtures.statefulSet("foo", 1);
        ControllerRevision currentRevision = RevisionHistory.newRevision(currentSet, 1, 0);
        StatefulSet updateSet = SetEdits.withFirstContainer(currentSet,
                c -> c.with("env", Json.array(Json.object("name", "foo", "value", "bar"))));
        ControllerRevision updateRevision = RevisionHistory.newRevision(updateSet, 2, 0);

        assertThat(RevisionData.applyRevision(updateSet, currentRevision).spec().template()).isEqualTo(currentSet.spec().template());
        assertThat(RevisionData.applyRevision(updateSet, updateRevision).spec().template()).isEqualTo(updateSet.spec().template());
    }

    @Test
    void applyingThe133RevisionRestoresTheTemplateIncludingItsNullCreationTimestamp() {
        StatefulSet restored = RevisionData.applyRevision(CompatibilityFixtures.set134(), CompatibilityFixtures.revision133());
        assertThat(restored.spec().template()).isEqualTo(CompatibilityFixtures.set133().spec().template());
        assertThat(restored.spec().template().fields()).doesNotContainKey("$patch");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "not json",
        "[]",
        "{}",
        "{\"spec\":{}}",
        "{\"spec\":{\"template\":[]}}",
        "{\"spec\":{\"template\":{\"metadata\":{}}}}",
        "{\"spec\":{\"template\":{\"$patch\":\"delete\"}}}"
    })
    void dataThatIsNotATemplateReplacementIsRejected(String data) {
        ControllerRevision revision = TestJson.revision(ObjectMeta.named("ns", "odd"), data, 1);
        assertThatThrownBy(() -> RevisionData.template(revision))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("revision odd is not a template replacement patch");
    }

    @Test
    void theRejectionNamesEachRevisionEvenWhenTheySharedTheirData() {
        String bad = "{\"spec\":{}}";
        ControllerRevision first = TestJson.revision(ObjectMeta.named("ns", "first"), bad, 1);
        ControllerRevision second = TestJson.revision(ObjectMeta.named("ns", "second"), bad, 2);

        assertThatThrownBy(() -> RevisionData.template(first)).hasMessageContaining("revision first is not");
        assertThatThrownBy(() -> RevisionData.template(second)).hasMessageContaining("revision second is not");
    }

    // ---------------------------------------------------------------- nothing stale from the memos

    @Test
    void aChangedTemplateGivesTheNewTemplatesPatchNotTheRememberedOne() {
        StatefulSet set = Fixtures.statefulSet("web", 3);
        String before = RevisionData.patch(set);

        StatefulSet changed = SetEdits.withImage(set, "nginx:next");

        assertThat(RevisionData.patch(changed)).isNotEqualTo(before).contains("nginx:next");
        assertThat(RevisionData.patch(set)).isEqualTo(before);
        assertThat(RevisionHistory.newRevision(changed, 2, 0).name()).isNotEqualTo(RevisionHistory.newRevision(set, 2, 0).name());
    }

    @Test
    void anEqualTemplateBuiltAnewGivesTheSamePatchAndHash() {
        StatefulSet set = Fixtures.statefulSet("web", 3);
        StatefulSet rebuilt = SetEdits.withTemplate(set, t -> new Json.Obj(t.fields()));

        assertThat(rebuilt.spec().template()).isNotSameAs(set.spec().template());
        assertThat(RevisionData.patch(rebuilt)).isEqualTo(RevisionData.patch(set));
        assertThat(RevisionHistory.newRevision(rebuilt, 1, 3)).isEqualTo(RevisionHistory.newRevision(set, 1, 3));
    }

    @Test
    void aRevisionWithOtherDataRestoresItsOwnTemplate() {
        StatefulSet set = Fixtures.statefulSet("web", 3);
        StatefulSet changed = SetEdits.withImage(set, "nginx:next");
        ControllerRevision old = RevisionHistory.newRevision(set, 1, 0);
        assertThat(RevisionData.template(old)).isEqualTo(set.spec().template());

        ControllerRevision replaced = TestJson.revision(old.metadata(), RevisionData.patch(changed), old.revision());

        assertThat(RevisionData.template(replaced)).isEqualTo(changed.spec().template());
        assertThat(RevisionData.template(old)).isEqualTo(set.spec().template());
    }

    @Test
    void theSemanticComparisonFollowsAChangedSetTemplate() {
        StatefulSet set = CompatibilityFixtures.set134();
        ControllerRevision revision133 = TestJson.revision(ObjectMeta.named("default", "web-x"), RAW_1_33, 1);
        assertThat(RevisionData.restoresTemplateOf(set, revision133)).isTrue();

        assertThat(RevisionData.restoresTemplateOf(SetEdits.withImage(set, "nginx:next"), revision133)).isFalse();
        assertThat(RevisionData.restoresTemplateOf(set, revision133)).isTrue();
    }

    // ---------------------------------------------------------------- semantic comparison

    @Test
    void a133RevisionRestoresTheTemplateOfTheSetReadFromA134ApiServer() {
        assertThat(RevisionData.restoresTemplateOf(CompatibilityFixtures.set134(), CompatibilityFixtures.revision133())).isTrue();
    }

    @Test
    void a134RevisionRestoresTheTemplateOfTheSetReadFromA133ApiServer() {
        ControllerRevision revision134 = CompatibilityFixtures.revision133().withMetadata(ObjectMeta.named("test", "x"));
        revision134 = TestJson.revision(revision134.metadata(), RAW_1_34, 2);
        assertThat(RevisionData.restoresTemplateOf(CompatibilityFixtures.set133(), revision134)).isTrue();
    }

    static Stream<Arguments> semanticallyEqualTemplates() {
        return Stream.of(
                Arguments.of("whitespace, key order and escapes",
                        "{ \"spec\" : { \"template\" : { \"spec\": {\"b\": \"\\u0078\", \"a\": 1}, \"$patch\": \"replace\" } } }",
                        Json.object("spec", Json.object("a", 1, "b", "x"))),
                Arguments.of("number spelling", data("{\"spec\":{\"n\":30.0,\"m\":3e1}}"),
                        Json.object("spec", Json.object("n", 30, "m", 30))),
                Arguments.of("null creationTimestamp", data("{\"metadata\":{\"creationTimestamp\":null},\"spec\":{}}"),
                        Json.object("metadata", Json.object(), "spec", Json.object())),
                Arguments.of("empty labels and annotations", data("{\"metadata\":{\"labels\":{},\"annotations\":{},\"name\":\"\"},\"spec\":{}}"),
                        Json.object("spec", Json.object())),
                Arguments.of("null member deep in the spec", data("{\"spec\":{\"containers\":[{\"name\":\"c\",\"command\":null}],\"nodeSelector\":null}}"),
                        Json.object("spec", Json.object("containers", Json.array(Json.object("name", "c"))))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("semanticallyEqualTemplates")
    void serialisationDifferencesDoNotMakeRevisionsDiffer(String difference, String revisionData, Json.Obj setTemplate) {
        StatefulSet set = SetEdits.withTemplate(Fixtures.statefulSet("web", 1), t -> setTemplate);
        assertThat(RevisionData.restoresTemplateOf(set, revision(revisionData))).isTrue();
    }

    static Stream<Arguments> semanticallyDifferentTemplates() {
        return Stream.of(
                Arguments.of("another image", data("{\"spec\":{\"containers\":[{\"image\":\"b\"}]}}"),
                        Json.object("spec", Json.object("containers", Json.array(Json.object("image", "a"))))),
                Arguments.of("empty securityContext is a non-nil pointer", data("{\"spec\":{\"securityContext\":{}}}"),
                        Json.object("spec", Json.object())),
                Arguments.of("empty string inside the pod spec", data("{\"spec\":{\"hostname\":\"\"}}"),
                        Json.object("spec", Json.object())),
                Arguments.of("a null array element is still an element", data("{\"spec\":{\"args\":[null]}}"),
                        Json.object("spec", Json.object("args", Json.array()))),
                Arguments.of("template labels", data("{\"metadata\":{\"labels\":{\"a\":\"1\"}},\"spec\":{}}"),
                        Json.object("metadata", Json.object("labels", Json.object("a", "2")), "spec", Json.object())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("semanticallyDifferentTemplates")
    void semanticDifferencesStillMakeRevisionsDiffer(String difference, String revisionData, Json.Obj setTemplate) {
        StatefulSet set = SetEdits.withTemplate(Fixtures.statefulSet("web", 1), t -> setTemplate);
        assertThat(RevisionData.restoresTemplateOf(set, revision(revisionData))).isFalse();
    }

    @Test
    void unreadableRevisionDataIsNeverSemanticallyEqual() {
        assertThat(RevisionData.restoresTemplateOf(Fixtures.statefulSet("web", 1), revision("{\"spec\":"))).isFalse();
    }

    private static String data(String template) {
        String withDirective = template.replaceFirst("^\\{", "{\"\\$patch\":\"replace\",");
        return "{\"spec\":{\"template\":" + withDirective + "}}";
    }

    private static ControllerRevision revision(String data) {
        return TestJson.revision(ObjectMeta.named("default", "web-x"), data, 1);
    }
}
