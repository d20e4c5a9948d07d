package dev.stateful.domain.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.StatefulSet;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The two tables of a validation test: {@code invalidRows()}, each a mutation of {@link StatefulSetValidatorTest#VALID} with
 * exactly the violations it causes, in upstream's order, and {@code validRows()}, variants it accepts. Each subclass
 * declares both static sources.
 */
abstract class RuleRows {

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidRows")
    void reportsExactlyTheViolationsOfTheRule(String rule, UnaryOperator<StatefulSet> mutation, List<Violation> expected) {
        assertThat(StatefulSetValidator.validate(mutation.apply(StatefulSetValidatorTest.VALID))).containsExactlyElementsOf(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validRows")
    void acceptsValidVariants(String variant, UnaryOperator<StatefulSet> mutation) {
        assertThat(StatefulSetValidator.validate(mutation.apply(StatefulSetValidatorTest.VALID))).isEmpty();
    }
}
