package dev.stateful.grpc.security;

import io.grpc.ServerCredentials;
import io.grpc.TlsServerCredentials;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The server's TLS material, PEM files: its certificate chain and private key (PKCS#8), and, for
 * mutual TLS, the CA certificates that client certificates must chain to (then required).
 */
public record ServerTls(Path certificateChain, Path privateKey, Optional<Path> clientCa) {

    /**
     * Refuses, at start-up and in one sentence, material every handshake would fail on: a
     * certificate that has expired or is not valid yet, or a key that is not the certificate's
     * (netty would accept both and fail each handshake).
     */
    public void verify(java.time.Instant now) {
        TlsMaterial.verify(this, now);
    }

    public ServerCredentials credentials() {
        try {
            TlsServerCredentials.Builder tls = TlsServerCredentials.newBuilder().keyManager(certificateChain.toFile(), privateKey.toFile());
            if (clientCa.isPresent()) {
                tls.trustManager(clientCa.get().toFile()).clientAuth(TlsServerCredentials.ClientAuth.REQUIRE);
            }
            return tls.build();
        } catch (IOException | RuntimeException e) {
            throw unusable(e);
        }
    }

    /** The files could be read but not used (e.g. the key is not a PKCS#8 private key): one sentence naming them. */
    public IllegalArgumentException unusable(Exception cause) {
        return new IllegalArgumentException("cannot use the TLS certificate " + certificateChain + " and key " + privateKey
                + clientCa.map(ca -> " (client CA " + ca + ")").orElse("") + ": " + cause.getMessage()
                + (cause.getCause() != null ? " (" + cause.getCause().getMessage() + ")" : ""), cause);
    }

    public boolean mutual() {
        return clientCa.isPresent();
    }
}
