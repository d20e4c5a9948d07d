package dev.stateful.grpc.runtime;

import dev.stateful.grpc.security.BearerTokenClientInterceptor;
import io.grpc.ChannelCredentials;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;

/** Opens client channels: TLS when configured, the bearer token on every call. */
public final class Channels {

    private Channels() {
    }

    public static ManagedChannel open(ClientSettings settings) {
        ChannelCredentials credentials = settings.tls().isPresent() ? settings.tls().get().credentials() : InsecureChannelCredentials.create();
        ManagedChannelBuilder<?> builder = Grpc.newChannelBuilder(settings.target(), credentials)
                .maxInboundMessageSize(settings.maxInboundMessageBytes());
        settings.token().ifPresent(token -> builder.intercept(new BearerTokenClientInterceptor(token)));
        return builder.build();
    }

    /** Parses {@code grpc://host:port} or {@code host:port} into a target. */
    public static String target(String address) {
        String target = address.startsWith("grpc://") ? address.substring("grpc://".length()) : address;
        int colon = target.lastIndexOf(':');
        if (target.isEmpty() || colon <= 0 || colon == target.length() - 1
                || !target.substring(colon + 1).chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("expected host:port (or grpc://host:port), got \"" + address + "\"");
        }
        // grpc-java would take it and fail on its executor thread, forever, with no status for the call
        String digits = target.substring(colon + 1);
        int port = digits.length() > 5 ? -1 : Integer.parseInt(digits);
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("the port of \"" + address + "\" is out of range: a port is 1 to 65535");
        }
        String host = target.substring(0, colon);
        if (host.contains(":") && !(host.startsWith("[") && host.endsWith("]"))) {
            throw new IllegalArgumentException("an IPv6 address goes in brackets: [" + host + "]:" + digits + ", got \"" + address + "\"");
        }
        return target;
    }
}
