package dev.stateful.grpc.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ChannelsTest {

    @Test
    void targetsAreHostAndPortWithAnOptionalScheme() {
        assertThat(Channels.target("grpc://localhost:50051")).isEqualTo("localhost:50051");
        assertThat(Channels.target("10.0.0.1:7000")).isEqualTo("10.0.0.1:7000");
        assertThatThrownBy(() -> Channels.target("localhost")).hasMessageContaining("expected host:port");
        assertThatThrownBy(() -> Channels.target("localhost:http")).hasMessageContaining("expected host:port");
    }
}
