package dev.stateful.grpc.runtime;

import dev.stateful.grpc.security.BearerToken;
import dev.stateful.grpc.security.ClientTls;
import java.util.Optional;

/**
 * How a client reaches a server.
 *
 * @param target host:port
 * @param tls TLS (and mutual TLS) material; plaintext when absent
 * @param maxInboundMessageBytes the largest response accepted (lists of pods can be large)
 */
public record ClientSettings(String target, Optional<ClientTls> tls, Optional<BearerToken> token, int maxInboundMessageBytes) {

    public static final int DEFAULT_MAX_INBOUND_MESSAGE_BYTES = 64 * 1024 * 1024;

    public static ClientSettings plaintext(String target) {
        return new ClientSettings(target, Optional.empty(), Optional.empty(), DEFAULT_MAX_INBOUND_MESSAGE_BYTES);
    }

    public ClientSettings withTls(ClientTls value) {
        return new ClientSettings(target, Optional.of(value), token, maxInboundMessageBytes);
    }

    public ClientSettings withToken(BearerToken value) {
        return new ClientSettings(target, tls, Optional.of(value), maxInboundMessageBytes);
    }
}
