package dev.stateful.ports.leadership;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.ports.ApiException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LeadershipGateTest {

    final AtomicLong nanos = new AtomicLong(5_000_000_000L);
    final LeadershipGate gate = new LeadershipGate(Duration.ofSeconds(10), nanos::get);

    void advance(Duration d) {
        nanos.addAndGet(d.toNanos());
    }

    @Test
    void a_new_gate_is_closed() {
        assertThat(gate.isOpen()).isFalse();
        assertThatThrownBy(() -> gate.check("create pod web-0"))
                .isInstanceOf(ApiException.Unavailable.class)
                .hasMessage("not the leader: refusing to create pod web-0");
    }

    @Test
    void leading_with_a_fresh_renewal_opens_it() {
        gate.renewed(nanos.get());
        gate.open();

        assertThatCode(() -> gate.check("create pod web-0")).doesNotThrowAnyException();
    }

    @Test
    void losing_the_lease_closes_it_at_once() {
        gate.renewed(nanos.get());
        gate.open();

        gate.close();

        assertThat(gate.isOpen()).isFalse();
    }

    @Test
    void without_renewals_it_closes_by_itself_when_the_validity_runs_out() {
        gate.renewed(nanos.get());
        gate.open();

        advance(Duration.ofSeconds(10).minusNanos(1));
        assertThat(gate.isOpen()).isTrue();
        advance(Duration.ofNanos(1));
        assertThat(gate.isOpen()).isFalse();

        gate.renewed(nanos.get());
        assertThat(gate.isOpen()).isTrue();
    }
}
