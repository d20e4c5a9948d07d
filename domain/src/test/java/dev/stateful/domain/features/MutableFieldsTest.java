package dev.stateful.domain.features;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.LabelSelector;
import dev.stateful.domain.model.SetExtensions;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.domain.validation.StatefulSetValidator;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** podManagementPolicy and serviceName may change on our own kind (kubernetes#117693), never on apps/v1. */
class MutableFieldsTest {

    static final StatefulSet APPS = Fixtures.statefulSet("web", 3);
    static final StatefulSet OURS = APPS.as(SetKind.STATEFUL_DEV, SetExtensions.NONE);

    static StatefulSet edited(StatefulSet set, UnaryOperator<StatefulSetSpec> change) {
        return set.withSpec(change.apply(set.spec()));
    }

    @Test
    void ourKindMayChangeItsPodManagementPolicyAndServiceName() {
        StatefulSet changed = edited(OURS, spec -> spec.withPodManagementPolicy(StatefulSetSpec.PARALLEL).withServiceName("other"));

        assertThat(StatefulSetValidator.validateUpdate(OURS, changed)).isEmpty();
    }

    @Test
    void appsV1MayNot() {
        StatefulSet changed = edited(APPS, spec -> spec.withPodManagementPolicy(StatefulSetSpec.PARALLEL));

        assertThat(StatefulSetValidator.validateUpdate(APPS, changed)).extracting(v -> v.detail())
                .containsExactly(StatefulSetValidator.FORBIDDEN_SPEC_UPDATE);
        assertThat(StatefulSetValidator.validateUpdate(APPS, edited(APPS, spec -> spec.withServiceName("other")))).isNotEmpty();
    }

    @Test
    void ourKindsOtherFieldsStayImmutable() {
        StatefulSet changed = edited(OURS, spec -> spec.withSelector(new LabelSelector(spec.selector().matchLabels(),
                List.of(new LabelSelector.Requirement("tier", "DoesNotExist", List.of())))));

        assertThat(StatefulSetValidator.validateUpdate(OURS, changed)).extracting(v -> v.detail())
                .containsExactly(StatefulSetValidator.FORBIDDEN_SPEC_UPDATE);
    }

    @Test
    void aServiceNameOurKindChangesToIsValidatedAsOnACreate() {
        StatefulSet changed = edited(OURS, spec -> spec.withServiceName("Other_Svc"));

        assertThat(StatefulSetValidator.validateUpdate(OURS, changed)).extracting(v -> v.field()).containsExactly("spec.serviceName");
    }
}
