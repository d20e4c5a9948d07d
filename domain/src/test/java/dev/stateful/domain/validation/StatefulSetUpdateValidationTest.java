package dev.stateful.domain.validation;

import static dev.stateful.domain.validation.StatefulSetValidatorTest.claim;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.meta;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.spec;
import static dev.stateful.domain.validation.Violation.Type.FORBIDDEN;
import static dev.stateful.domain.validation.Violation.Type.INVALID;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.LabelSelector;
import dev.stateful.domain.model.Ordinals;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.testing.Fixtures;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Upstream {@code ValidateStatefulSetUpdate}: which spec changes an update may make. */
class StatefulSetUpdateValidationTest {

    static final StatefulSet OLD = Fixtures.statefulSet("web", 3);
    static final Violation FORBIDDEN_SPEC = new Violation("spec", FORBIDDEN,
            "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', "
                    + "'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden");

    static Stream<Arguments> forbiddenChanges() {
        return Stream.of(
                arguments("selector", spec(s -> s.withSelector(new LabelSelector(Map.of("app", "nginx"),
                        List.of(new LabelSelector.Requirement("tier", "DoesNotExist", List.of())))))),
                arguments("serviceName", spec(s -> s.withServiceName("other"))),
                arguments("volumeClaimTemplates: a template added", spec(s -> s.withVolumeClaimTemplates(List.of(claim("www"), claim("logs"))))),
                arguments("volumeClaimTemplates: storage size grown", spec(s -> s.withVolumeClaimTemplates(List.of(
                        new PersistentVolumeClaim(claim("www").metadata(),
                                claim("www").spec().with("resources", Json.object("requests", Json.object("storage", "2Gi"))), ""))))),
                arguments("podManagementPolicy", spec(s -> s.withPodManagementPolicy(StatefulSetSpec.PARALLEL))));
    }

    @ParameterizedTest(name = "changing {0} is forbidden")
    @MethodSource("forbiddenChanges")
    void forbidsChangesToImmutableSpecFields(String field, UnaryOperator<StatefulSet> change) {
        assertThat(StatefulSetValidator.validateUpdate(OLD, change.apply(OLD))).containsExactly(FORBIDDEN_SPEC);
    }

    static Stream<Arguments> allowedChanges() {
        return Stream.of(
                arguments("replicas", spec(s -> s.withReplicas(7))),
                arguments("template", spec(s -> s.withTemplate(Fixtures.template("nginx", "nginx:1.27")))),
                arguments("updateStrategy", spec(s -> s.withUpdateStrategy(UpdateStrategy.onDelete()))),
                arguments("updateStrategy.rollingUpdate", spec(s -> s.withUpdateStrategy(UpdateStrategy.rollingUpdate(2, IntOrString.of("50%"))))),
                arguments("minReadySeconds", spec(s -> s.withMinReadySeconds(30))),
                arguments("revisionHistoryLimit (mutable since kubernetes 1.36)", spec(s -> s.withRevisionHistoryLimit(5))),
                arguments("ordinals", spec(s -> s.withOrdinals(new Ordinals(2)))),
                arguments("persistentVolumeClaimRetentionPolicy", spec(s -> s.withRetentionPolicy(new RetentionPolicy("Delete", "Delete")))),
                arguments("metadata labels", meta(m -> m.withLabels(Map.of("team", "a")))),
                arguments("nothing", UnaryOperator.<StatefulSet>identity()));
    }

    @ParameterizedTest(name = "changing {0} is allowed")
    @MethodSource("allowedChanges")
    void allowsChangesToMutableFields(String field, UnaryOperator<StatefulSet> change) {
        assertThat(StatefulSetValidator.validateUpdate(OLD, change.apply(OLD))).isEmpty();
    }

    @Test
    void severalForbiddenChangesGiveOneError() {
        StatefulSet changed = spec(s -> s.withServiceName("x").withPodManagementPolicy(StatefulSetSpec.PARALLEL).withRevisionHistoryLimit(1)).apply(OLD);

        assertThat(StatefulSetValidator.validateUpdate(OLD, changed)).containsExactly(FORBIDDEN_SPEC);
    }

    @Test
    void nameAndNamespaceAreImmutable() {
        StatefulSet renamed = meta(m -> m.withName("web2").withNamespace("prod")).apply(OLD);

        assertThat(StatefulSetValidator.validateUpdate(OLD, renamed)).containsExactly(
                new Violation("metadata.name", INVALID, "\"web2\": field is immutable"),
                new Violation("metadata.namespace", INVALID, "\"prod\": field is immutable"));
    }

    @Test
    void aDifferentUidIsImmutableButAnOmittedOneIsKept() {
        assertThat(StatefulSetValidator.validateUpdate(OLD, meta(m -> m.withUid("other")).apply(OLD)))
                .containsExactly(new Violation("metadata.uid", INVALID, "\"other\": field is immutable"));
        assertThat(StatefulSetValidator.validateUpdate(OLD, meta(m -> m.withUid(null)).apply(OLD))).isEmpty();
    }

    @Test
    void theNewSpecIsValidatedToo() {
        StatefulSet scaledBelowZero = spec(s -> s.withReplicas(-1)).apply(OLD);

        assertThat(StatefulSetValidator.validateUpdate(OLD, scaledBelowZero))
                .containsExactly(new Violation("spec.replicas", INVALID, "-1: must be greater than or equal to 0"));
    }

    @Test
    void specErrorsAndTheForbiddenChangeAccumulate() {
        StatefulSet changed = spec(s -> s.withMinReadySeconds(-1).withServiceName("x")).apply(OLD);

        assertThat(StatefulSetValidator.validateUpdate(OLD, changed)).containsExactly(
                new Violation("spec.minReadySeconds", INVALID, "-1: must be greater than or equal to 0"), FORBIDDEN_SPEC);
    }

    @Test
    void theNameIsNotRevalidatedOnUpdateSoLegacyLongNamesStayUpdatable() {
        StatefulSet legacy = meta(m -> m.withName("a".repeat(60))).apply(OLD);

        assertThat(StatefulSetValidator.validate(legacy)).extracting(Violation::field).containsExactly("metadata.name");
        assertThat(StatefulSetValidator.validateUpdate(legacy, spec(s -> s.withReplicas(0)).apply(legacy))).isEmpty();
    }
}
