package dev.stateful.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How {@code stateful plan} states when the controller looks again. */
class PlanPrinterTest {

    @Test
    void aRequeueIsPrintedInWholeSecondsRoundedUpSoThatNoneReadsAsZero() {
        assertThat(PlanPrinter.secondsUp(Duration.ofMillis(250))).isEqualTo(1);
        assertThat(PlanPrinter.secondsUp(Duration.ofSeconds(30))).isEqualTo(30);
        assertThat(PlanPrinter.secondsUp(Duration.ofSeconds(29).plusNanos(1))).isEqualTo(30);
    }
}
