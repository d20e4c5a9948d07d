package dev.stateful.app.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class GoDurationTest {

    @Test
    void readsTheUnitsKubernetesFlagsUse() {
        assertThat(GoDuration.parse("15s")).isEqualTo(Duration.ofSeconds(15));
        assertThat(GoDuration.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(GoDuration.parse("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(GoDuration.parse("1h")).isEqualTo(Duration.ofHours(1));
    }

    @Test
    void addsUpCombinedAndFractionalParts() {
        assertThat(GoDuration.parse("1m30s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(GoDuration.parse("1.5s")).isEqualTo(Duration.ofMillis(1500));
    }

    @Test
    void rejectsANumberWithoutAUnitOrWithAnUnknownOne() {
        assertThatThrownBy(() -> GoDuration.parse("15")).hasMessageContaining("invalid duration '15'");
        assertThatThrownBy(() -> GoDuration.parse("3d")).hasMessageContaining("invalid duration '3d'");
        assertThatThrownBy(() -> GoDuration.parse("s")).hasMessageContaining("invalid duration 's'");
        assertThatThrownBy(() -> GoDuration.parse("10s junk")).hasMessageContaining("invalid duration");
    }
}
