package dev.stateful.domain.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The apimachinery string formats: which values each accepts. */
class NamesTest {

    @ParameterizedTest(name = "{0}(\"{1}\") valid={2}")
    @CsvSource(delimiter = '|', value = {
            "label     | web                  | true",
            "label     | web-0                | true",
            "label     | 0web                 | true",
            "label     | Web                  | false",
            "label     | -web                 | false",
            "label     | web-                 | false",
            "label     | web.v1               | false",
            "label     | ''                   | false",
            "subdomain | web.v1               | true",
            "subdomain | data                 | true",
            "subdomain | .data                | false",
            "subdomain | data_1               | false",
            "qualified | app                  | true",
            "qualified | example.com/App_1    | true",
            "qualified | /app                 | false",
            "qualified | example.com/         | false",
            "qualified | a/b/c                | false",
            "qualified | Example.com/app      | false",
            "value     | ''                   | true",
            "value     | My_Value.1           | true",
            "value     | -x                   | false",
            "value     | a b                  | false",
            "percent   | 0%                   | true",
            "percent   | 100%                 | true",
            "percent   | 5                    | false",
            "percent   | -5%                  | false",
            "percent   | 5.5%                 | false"})
    void acceptsExactlyTheUpstreamFormat(String format, String value, boolean valid) {
        assertThat(check(format).apply(value).isEmpty()).isEqualTo(valid);
    }

    @ParameterizedTest(name = "{0} limit {1}")
    @CsvSource({"label, 63, characters", "subdomain, 253, characters", "value, 63, bytes"})
    void limitsLengthInBytes(String format, int limit, String unit) {
        // a label value's message is apimachinery 0.36's content.MaxLenError; names keep util/validation's
        assertThat(check(format).apply("a".repeat(limit))).isEmpty();
        assertThat(check(format).apply("a".repeat(limit + 1))).containsExactly("must be no more than " + limit + " " + unit);
    }

    private static Function<String, List<String>> check(String format) {
        return switch (format) {
            case "label" -> Names::dns1123Label;
            case "subdomain" -> Names::dns1123Subdomain;
            case "qualified" -> Names::qualifiedName;
            case "value" -> Names::labelValue;
            default -> Names::percent;
        };
    }
}
