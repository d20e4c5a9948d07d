package dev.stateful.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;

class LoopbackPortsTest {

    @Test
    void aFreePortCanBeBoundOnLoopback() throws IOException {
        int port = LoopbackPorts.free();

        try (ServerSocket server = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            assertThat(server.getLocalPort()).isEqualTo(port);
        }
    }

    @Test
    void aConnectionToAFreePortIsRefused() throws IOException {
        int port = LoopbackPorts.free();

        try (Socket socket = new Socket()) {
            assertThatThrownBy(() -> socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 2_000))
                    .isInstanceOf(ConnectException.class);
        }
    }
}
