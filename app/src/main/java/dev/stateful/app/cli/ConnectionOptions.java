package dev.stateful.app.cli;

import dev.stateful.app.InvalidInputException;
import dev.stateful.grpc.runtime.Channels;
import dev.stateful.grpc.runtime.ClientSettings;
import dev.stateful.grpc.security.BearerToken;
import dev.stateful.grpc.security.ClientTls;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** How a client authenticates to a server it has named elsewhere: token and TLS. */
public final class ConnectionOptions {

    @Option(names = "--token-file", paramLabel = "FILE", description = "bearer token file (default: the STATEFUL_TOKEN environment variable, if set)")
    Path tokenFile;

    @Option(names = "--tls", description = "use TLS, trusting the JDK's CAs unless --tls-ca is given")
    boolean tls;

    @Option(names = "--tls-ca", paramLabel = "FILE", description = "PEM CA certificates to trust (implies --tls)")
    Path tlsCa;

    @Option(names = "--tls-cert", paramLabel = "FILE", description = "PEM client certificate, for mutual TLS (implies --tls)")
    Path tlsCert;

    @Option(names = "--tls-key", paramLabel = "FILE", description = "PEM (PKCS#8) key of the client certificate")
    Path tlsKey;

    /** @param address the server, {@code host:port} or {@code grpc://host:port} */
    ClientSettings settings(String address) {
        try {
            return settingsOf(address);
        } catch (InvalidInputException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            // an address, a token file or TLS files the user named: exit 2, as every invalid flag
            throw new InvalidInputException(e.getMessage());
        }
    }

    private ClientSettings settingsOf(String address) {
        ClientSettings settings = ClientSettings.plaintext(Channels.target(address));
        Optional<BearerToken> token = tokenFile != null ? Optional.of(BearerToken.fromFile(tokenFile)) : BearerToken.fromEnvironment(System.getenv());
        if (token.isPresent()) {
            settings = settings.withToken(token.get());
        }
        if (tls || tlsCa != null || tlsCert != null || tlsKey != null) {
            ClientTls clientTls = new ClientTls(Optional.ofNullable(tlsCa), Optional.ofNullable(tlsCert), Optional.ofNullable(tlsKey));
            clientTls.credentials(); // the files are read here, so one that cannot be used is invalid input, not a failed call
            settings = settings.withTls(clientTls);
        }
        return settings;
    }
}
