package dev.stateful.grpc.runtime;

import dev.stateful.grpc.security.BearerToken;
import dev.stateful.grpc.security.ServerTls;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Optional;

/**
 * Where and how a server listens. Loopback by default; beyond loopback {@link #check()} refuses to
 * start without TLS (unless plaintext is asked for by name, {@code insecurePlaintext}) and without
 * a bearer token of at least {@value #MIN_TOKEN_BYTES} bytes.
 *
 * @param port 0 picks a free port
 * @param maxInboundMessageBytes larger requests fail with RESOURCE_EXHAUSTED
 * @param insecurePlaintext serve plaintext beyond loopback (tokens then cross the network in the clear)
 * @param limits concurrent calls and streams, per connection and in total, and the executor's threads
 */
public record ServerSettings(String bindAddress, int port, Optional<ServerTls> tls, Optional<BearerToken> token,
                             int maxInboundMessageBytes, Duration shutdownGrace, boolean insecurePlaintext, CallLimits limits) {

    public static final String LOOPBACK = "127.0.0.1";
    public static final int DEFAULT_PORT = 50051;
    public static final int DEFAULT_MAX_INBOUND_MESSAGE_BYTES = 4 * 1024 * 1024;
    /** 256 bits: a token a network attacker cannot guess (kube-apiserver's bootstrap tokens carry fewer; service-account tokens far more). */
    public static final int MIN_TOKEN_BYTES = 32;

    public static ServerSettings loopback(int port) {
        return new ServerSettings(LOOPBACK, port, Optional.empty(), Optional.empty(), DEFAULT_MAX_INBOUND_MESSAGE_BYTES, Duration.ofSeconds(5),
                false, CallLimits.DEFAULT);
    }

    public ServerSettings withBindAddress(String value) {
        return new ServerSettings(value, port, tls, token, maxInboundMessageBytes, shutdownGrace, insecurePlaintext, limits);
    }

    public ServerSettings withTls(ServerTls value) {
        return new ServerSettings(bindAddress, port, Optional.of(value), token, maxInboundMessageBytes, shutdownGrace, insecurePlaintext, limits);
    }

    public ServerSettings withToken(BearerToken value) {
        return new ServerSettings(bindAddress, port, tls, Optional.of(value), maxInboundMessageBytes, shutdownGrace, insecurePlaintext, limits);
    }

    public ServerSettings withMaxInboundMessageBytes(int value) {
        return new ServerSettings(bindAddress, port, tls, token, value, shutdownGrace, insecurePlaintext, limits);
    }

    /** How long closing waits for calls in flight; streams still open then (watches) are cut. */
    public ServerSettings withShutdownGrace(Duration value) {
        return new ServerSettings(bindAddress, port, tls, token, maxInboundMessageBytes, value, insecurePlaintext, limits);
    }

    /** Plaintext beyond loopback, asked for by name: {@code --insecure-plaintext}. */
    public ServerSettings withInsecurePlaintext(boolean value) {
        return new ServerSettings(bindAddress, port, tls, token, maxInboundMessageBytes, shutdownGrace, value, limits);
    }

    public ServerSettings withLimits(CallLimits value) {
        return new ServerSettings(bindAddress, port, tls, token, maxInboundMessageBytes, shutdownGrace, insecurePlaintext, value);
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
        limits.check();
        tls.ifPresent(t -> t.verify(java.time.Instant.now()));
        if (loopbackOnly()) {
            return;
        }
        if (token.isEmpty()) {
            throw new IllegalArgumentException("refusing to listen on " + bindAddress + " without authentication: a bearer token is "
                    + "required beyond loopback (--token-file FILE or the " + BearerToken.ENV + " environment variable)");
        }
        int tokenBytes = token.get().value().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        if (tokenBytes < MIN_TOKEN_BYTES) {
            throw new IllegalArgumentException("refusing to listen on " + bindAddress + " with a " + tokenBytes + "-byte token: beyond "
                    + "loopback the bearer token must be at least " + MIN_TOKEN_BYTES + " bytes (e.g. `openssl rand -hex 32`)");
        }
        if (tls.isEmpty() && !insecurePlaintext) {
            throw new IllegalArgumentException("refusing to serve plaintext on " + bindAddress + ": beyond loopback TLS is required "
                    + "(--tls-cert FILE --tls-key FILE), or --insecure-plaintext to send the token in the clear");
        }
    }
}
