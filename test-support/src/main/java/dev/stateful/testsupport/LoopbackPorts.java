package dev.stateful.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * A TCP port on the loopback address that nothing listens on, for a server a test starts (or for a
 * port a test needs refused). The socket that found it is bound to loopback only, never to every
 * interface, and closed before the port is returned, so another process could in principle take it
 * first: the server started on it then fails to bind, loudly.
 */
public final class LoopbackPorts {

    private LoopbackPorts() {
    }

    public static int free() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on the loopback address", e);
        }
    }
}
