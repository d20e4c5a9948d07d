package dev.stateful.app.cli;

import dev.stateful.grpc.runtime.ClientSettings;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** How a client command reaches a {@code stateful serve}: address, token, TLS. */
public final class ClientOptions {

    @Option(names = "--server", paramLabel = "HOST:PORT", defaultValue = "localhost:50051",
            description = "the server (default: ${DEFAULT-VALUE})")
    String server;

    @Mixin
    ConnectionOptions connection;

    ClientSettings settings() {
        return connection.settings(server);
    }
}
