package dev.stateful.domain.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.SetExtensions;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules of our own kind's fields, as the CRD's schema gives them to the API server. */
class ExtensionRulesTest {

    private static StatefulSet ours(Integer deadline, int minReadySeconds, IntOrString... reserved) {
        StatefulSet set = Fixtures.statefulSet("web", 3);
        set = set.withSpec(set.spec().withMinReadySeconds(minReadySeconds));
        return set.as(SetKind.STATEFUL_DEV, new SetExtensions(false, deadline, List.of(reserved)));
    }

    private static List<String> problems(StatefulSet set) {
        return StatefulSetValidator.validate(set).stream().map(Object::toString).toList();
    }

    @Test
    void progressDeadlineSecondsMustBeGreaterThanMinReadySecondsAsADeploymentsMust() {
        assertThat(problems(ours(120, 30))).isEmpty();
        assertThat(problems(ours(30, 30)))
                .containsExactly("spec.progressDeadlineSeconds: Invalid value: 30: must be greater than minReadySeconds");
        assertThat(problems(ours(0, 0)))
                .containsExactly("spec.progressDeadlineSeconds: Invalid value: 0: must be greater than minReadySeconds");
        assertThat(problems(ours(-1, 0))).containsExactly(
                "spec.progressDeadlineSeconds: Invalid value: -1: must be greater than or equal to 0",
                "spec.progressDeadlineSeconds: Invalid value: -1: must be greater than minReadySeconds");
    }

    @Test
    void anAbsentProgressDeadlineIsCheckedAsItsDefault600() {
        assertThat(problems(ours(null, 599))).isEmpty();
        assertThat(problems(ours(null, 600)))
                .containsExactly("spec.progressDeadlineSeconds: Invalid value: 600: must be greater than minReadySeconds");
    }

    @Test
    void reserveOrdinalsAreNonNegativeIntsOrOrderedRangesAndEachBadEntryIsNamed() {
        assertThat(problems(ours(null, 0, IntOrString.of(1), IntOrString.of("4-9"), IntOrString.of("3-3")))).isEmpty();
        assertThat(problems(ours(null, 0, IntOrString.of(-2), IntOrString.of("4-9"), IntOrString.of("9-4"), IntOrString.of("x"))))
                .containsExactly(
                        "spec.reserveOrdinals[0]: Invalid value: -2: " + RULE,
                        "spec.reserveOrdinals[2]: Invalid value: \"9-4\": " + RULE,
                        "spec.reserveOrdinals[3]: Invalid value: \"x\": " + RULE);
    }

    @Test
    void atMostAThousandEntries() {
        IntOrString[] many = java.util.stream.IntStream.range(0, 1001).mapToObj(i -> IntOrString.of(2 * i)).toArray(IntOrString[]::new);

        assertThat(problems(ours(null, 0, many))).containsExactly("spec.reserveOrdinals: Invalid value: 1001: must have at most 1000 entries"
                + " (a range \"a-b\" reserves any number of ordinals)");
        assertThat(problems(ours(null, 0, java.util.Arrays.copyOf(many, 1000)))).isEmpty();
    }

    @Test
    void theHighestOrdinalPastTheReservedOnesMustFit32Bits() {
        StatefulSet set = ours(null, 0, IntOrString.of("1-2147483646"));

        assertThat(problems(set)).containsExactly("spec.replicas: Invalid value: 3: with spec.reserveOrdinals skipped the highest"
                + " ordinal would be 2147483648, which must be at most 2147483647: a pod name's ordinal must fit a 32-bit integer");
        assertThat(problems(ours(null, 0, IntOrString.of("1-2147483645")))).as("0, 2147483646, 2147483647").isEmpty();
    }

    @Test
    void anAppsV1SetHasNoneOfTheseRules() {
        StatefulSet set = Fixtures.statefulSet("web", 3);
        set = set.withSpec(set.spec().withMinReadySeconds(900));

        assertThat(problems(set)).isEmpty();
    }

    private static final String RULE = "must be an ordinal (an integer from 0 to 2147483647) or a range \"a-b\" of ordinals with a <= b";
}
