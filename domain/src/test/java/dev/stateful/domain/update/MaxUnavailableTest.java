package dev.stateful.domain.update;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.model.IntOrString;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Upstream {@code TestGetStatefulSetMaxUnavailable} and the metrics cases. */
class MaxUnavailableTest {

    @ParameterizedTest(name = "{0} of {1} replicas -> {2}")
    @CsvSource(nullValues = "nil", value = {
            // upstream TestGetStatefulSetMaxUnavailable table
            "nil,   10, 1",
            "3,     10, 3",
            "3,      0, 3",
            "0,      0, 1",
            "10%,   25, 2",
            "100%,   5, 5",
            "50%,    5, 2",
            "10%,    5, 1",
            "1%,     0, 1",
            "0%,     0, 1",
            // TestStatefulSetMetrics
            "20%,   10, 2",
            "25%,    8, 2",
            "80%,    5, 4",
            // percentages round down, then at least 1
            "99%,  100, 99",
            "33%,    3, 1",
            "34%,    3, 1",
            "67%,    3, 2"})
    void resolvesAbsentIntegersAndRoundedDownPercentagesToAtLeastOne(String value, int replicas, int expected) {
        assertThat(MaxUnavailable.resolve(parse(value), replicas)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "\"{0}\" is not a percentage")
    @ValueSource(strings = {"5", "abc%", "", "5.5%"})
    void rejectsStringsThatAreNotIntegerPercentages(String value) {
        assertThatThrownBy(() -> MaxUnavailable.resolve(IntOrString.of(value), 10)).isInstanceOf(IllegalArgumentException.class);
    }

    private static IntOrString parse(String value) {
        if (value == null) {
            return null;
        }
        return value.endsWith("%") ? IntOrString.of(value) : IntOrString.of(Integer.parseInt(value));
    }
}
