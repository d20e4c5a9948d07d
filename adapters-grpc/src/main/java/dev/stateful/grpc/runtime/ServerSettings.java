package dev.stateful.grpc.runtime;

import dev.stateful.grpc.security.BearerToken;
import dev.stateful.grpc.security.ServerTls;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Optional;

/**
 * Where and how a server listens. Loopback by default; anything beyond loopback needs a bearer
 * token ({@link #check()} refuses to start otherwise).
 *
 * @param port 0 picks a free port
 * @param maxInboundMessageBytes larger requests fail with RESOURCE_EXHAUSTED
 */
public record ServerSettings(String bindAddress, int port, Optional<ServerTls> tls, Optional<BearerToken> token,
                             int maxInboundMessageBytes, Duration shutdownGrace) {

    public static final String LOOPBACK = "127.0.0.1";
    public static final int DEFAULT_PORT = 50051;
    public static final int DEFAULT_MAX_INBOUND_MESSAGE_BYTES = 4 * 1024 * 1024;

    public static ServerSettings loopback(int port) {
        return new ServerSettings(LOOPBACK, port, Optional.empty(), Optional.empty(), DEFAULT_MAX_INBOUND_MESSAGE_BYTES, Duration.ofSeconds(5));
    }

    public ServerSettings withBindAddress(String value) {
        return new ServerSettings(value, port, tls, token, maxInboundMessageBytes, shutdownGrace);
    }

    public ServerSettings withTls(ServerTls value) {
        return new ServerSettings(bindAddress, port, Optional.of(value), token, maxInboundMessageBytes, shutdownGrace);
    }

    public ServerSettings withToken(BearerToken value) {
        return new ServerSettings(bindAddress, port, tls, Optional.of(value), maxInboundMessageBytes, shutdownGrace);
    }

    public ServerSettings withMaxInboundMessageBytes(int value) {
        return new ServerSettings(bindAddress, port, tls, token, value, shutdownGrace);
    }

    /** How long closing waits for calls in flight; streams still open then (watches) are cut. */
    public ServerSettings withShutdownGrace(Duration value) {
        return new ServerSettings(bindAddress, port, tls, token, maxInboundMessageBytes, value);
    }

    /** The address to bind; throws IllegalArgumentException with a clear message if it is unusable. */
    public InetAddress address() {
        try {
            return InetAddress.getByName(bindAddress);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("cannot bind to " + bindAddress + ": unknown host");
        }
    }

    public boolean loopbackOnly() {
        return address().isLoopbackAddress();
    }

    /** Refuses settings that would expose the server without authentication. */
    public void check() {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is out of range (0-65535)");
        }
        if (maxInboundMessageBytes <= 0) {
            throw new IllegalArgumentException("the maximum request size must be positive");
        }
        if (!loopbackOnly() && token.isEmpty()) {
            throw new IllegalArgumentException("refusing to listen on " + bindAddress + " without authentication: a bearer token is "
                    + "required beyond loopback (--token-file FILE or the " + BearerToken.ENV + " environment variable)");
        }
    }
}
