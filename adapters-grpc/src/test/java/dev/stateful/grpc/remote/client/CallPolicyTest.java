package dev.stateful.grpc.remote.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class CallPolicyTest {

    @Test
    void atLeastOneAttempt() {
        assertThatThrownBy(() -> new CallPolicy(Duration.ofSeconds(1), 0, Duration.ofMillis(1), Duration.ofMillis(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theBackoffDoublesWithJitterUpToTheCap() {
        CallPolicy policy = CallPolicy.defaults();

        assertThat(policy.backoff(1, 1.0)).isEqualTo(Duration.ofMillis(100));
        assertThat(policy.backoff(1, 0.0)).isEqualTo(Duration.ofMillis(50));
        assertThat(policy.backoff(3, 1.0)).isEqualTo(Duration.ofMillis(400));
        assertThat(policy.backoff(30, 1.0)).isEqualTo(Duration.ofSeconds(2));
    }
}
