package dev.stateful.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Rfc3339Test {

    @ParameterizedTest
    @ValueSource(strings = {"2026-01-02T03:04:05Z", "2024-02-29T23:59:59Z", "0001-01-01T00:00:00Z", "2026-01-02T03:04:05.123Z",
        "2026-01-02T03:04:05+02:00", "2026-01-02T03:04:05.5-07:30"})
    void readsWhatJavaTimeReads(String text) {
        assertThat(Rfc3339.parse(text)).isEqualTo(OffsetDateTime.parse(text).toInstant());
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-02-30T00:00:00Z", "2025-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-01-01T24:00:00Z",
        "2026-01-01T00:60:00Z", "2026-01-01T00:00:60Z", "2026-01-0xT00:00:00Z", "2026-01-01 00:00:00Z", "yesterday", ""})
    void rejectsWhatJavaTimeRejects(String text) {
        assertThatThrownBy(() -> OffsetDateTime.parse(text)).isInstanceOf(DateTimeParseException.class);
        assertThatThrownBy(() -> Rfc3339.parse(text)).isInstanceOf(DateTimeParseException.class);
    }

    @Test
    void agreesWithJavaTimeOnRandomSecondsFromYearOneToThe2090s() {
        Random random = new Random(3339);
        for (int i = 0; i < 20_000; i++) {
            Instant instant = Instant.ofEpochSecond(random.nextLong(-62_000_000_000L, 4_000_000_000L));
            String text = instant.toString();
            assertThat(Rfc3339.parse(text)).as(text).isEqualTo(OffsetDateTime.parse(text).toInstant()).isEqualTo(instant);
        }
    }
}
