package dev.stateful.fabric8.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class EventSpamFilterTest {

    static final class Ticking extends Clock {
        Instant now = Instant.parse("2026-01-01T00:00:00Z");

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @Test
    void aBurstOf25PerKeyPassesThenEventsAreDropped() {
        EventSpamFilter filter = new EventSpamFilter(new Ticking());
        int allowed = 0;
        for (int i = 0; i < 100; i++) {
            allowed += filter.allow("web/SuccessfulCreate") ? 1 : 0;
        }
        assertThat(allowed).isEqualTo(25);
    }

    @Test
    void keysHaveTheirOwnBuckets() {
        EventSpamFilter filter = new EventSpamFilter(new Ticking());
        for (int i = 0; i < 25; i++) {
            filter.allow("web/SuccessfulCreate");
        }
        assertThat(filter.allow("web/SuccessfulCreate")).isFalse();
        assertThat(filter.allow("web/SuccessfulDelete")).isTrue();
        assertThat(filter.allow("db/SuccessfulCreate")).isTrue();
    }

    @Test
    void oneTokenComesBackEveryFiveMinutes() {
        Ticking clock = new Ticking();
        EventSpamFilter filter = new EventSpamFilter(clock);
        for (int i = 0; i < 25; i++) {
            filter.allow("k");
        }
        clock.now = clock.now.plus(Duration.ofMinutes(4));
        assertThat(filter.allow("k")).isFalse();
        clock.now = clock.now.plus(Duration.ofMinutes(1));
        assertThat(filter.allow("k")).isTrue();
        assertThat(filter.allow("k")).isFalse();
    }
}
