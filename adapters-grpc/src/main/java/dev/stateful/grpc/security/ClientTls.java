package dev.stateful.grpc.security;

import io.grpc.ChannelCredentials;
import io.grpc.TlsChannelCredentials;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A client's TLS material, PEM files: the CA certificates to trust (the JDK's when absent) and,
 * for mutual TLS, the client's certificate chain and private key.
 */
public record ClientTls(Optional<Path> trustedCa, Optional<Path> certificateChain, Optional<Path> privateKey) {

    public ClientTls {
        if (certificateChain.isPresent() != privateKey.isPresent()) {
            throw new IllegalArgumentException("a client certificate needs its private key, and the other way round");
        }
    }

    public ChannelCredentials credentials() {
        try {
            TlsChannelCredentials.Builder tls = TlsChannelCredentials.newBuilder();
            if (trustedCa.isPresent()) {
                tls.trustManager(trustedCa.get().toFile());
            }
            if (certificateChain.isPresent()) {
                tls.keyManager(certificateChain.get().toFile(), privateKey.orElseThrow().toFile());
            }
            return tls.build();
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("cannot load the client TLS files: " + e.getMessage(), e);
        }
    }
}
