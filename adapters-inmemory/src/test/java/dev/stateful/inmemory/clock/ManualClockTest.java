package dev.stateful.inmemory.clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class ManualClockTest {

    private final ManualClock clock = new ManualClock(Instant.parse("2026-03-01T12:00:00Z"));

    @Test
    void timeMovesOnlyWhenAdvanced() {
        Instant before = clock.instant();

        clock.advance(Duration.ofMillis(1500));

        assertThat(clock.instant()).isEqualTo(before.plusMillis(1500));
        assertThat(clock.millis()).isEqualTo(before.toEpochMilli() + 1500);
    }

    @Test
    void timeNeverGoesBackwards() {
        Instant now = clock.instant();

        assertThatThrownBy(() -> clock.advance(Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> clock.advanceTo(now.minusSeconds(1))).isInstanceOf(IllegalArgumentException.class);
        assertThat(clock.advanceTo(now.plusSeconds(9))).isEqualTo(now.plusSeconds(9));
    }

    @Test
    void aZonedViewSharesTheSameTime() {
        Clock paris = clock.withZone(ZoneId.of("Europe/Paris"));

        clock.advance(Duration.ofMinutes(5));

        assertThat(paris.instant()).isEqualTo(clock.instant());
        assertThat(paris.getZone()).isEqualTo(ZoneId.of("Europe/Paris"));
    }
}
