package dev.stateful.fabric8.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class TokenBucketTest {

    final AtomicLong nanos = new AtomicLong();
    final List<Duration> slept = new ArrayList<>();
    final TokenBucket bucket = new TokenBucket(20, 3, nanos::get, n -> {
        slept.add(Duration.ofNanos(n));
        nanos.addAndGet(n);
    });

    @Test
    void a_burst_goes_through_without_waiting() throws Exception {
        for (int i = 0; i < 3; i++) {
            bucket.acquire();
        }

        assertThat(slept).isEmpty();
    }

    @Test
    void beyond_the_burst_requests_are_spaced_at_the_qps() throws Exception {
        for (int i = 0; i < 5; i++) {
            bucket.acquire();
        }

        assertThat(slept).containsExactly(Duration.ofMillis(50), Duration.ofMillis(50));
    }

    @Test
    void idle_time_refills_up_to_the_burst_only() throws Exception {
        for (int i = 0; i < 3; i++) {
            bucket.acquire();
        }
        nanos.addAndGet(Duration.ofSeconds(60).toNanos());

        for (int i = 0; i < 4; i++) {
            bucket.acquire();
        }

        assertThat(slept).containsExactly(Duration.ofMillis(50));
    }

    @Test
    void nonsense_limits_are_rejected() {
        assertThatThrownBy(() -> new TokenBucket(0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TokenBucket(1, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
