package dev.stateful.grpc.security;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Instant;
import java.util.Base64;
import java.util.List;

/** Reads a server's PEM certificate and PKCS#8 key and checks that they can serve a handshake. */
final class TlsMaterial {

    private TlsMaterial() {
    }

    static void verify(ServerTls tls, Instant now) {
        X509Certificate leaf = leaf(tls);
        if (now.isAfter(leaf.getNotAfter().toInstant())) {
            throw new IllegalArgumentException("the TLS certificate " + tls.certificateChain() + " expired at "
                    + leaf.getNotAfter().toInstant());
        }
        if (now.isBefore(leaf.getNotBefore().toInstant())) {
            throw new IllegalArgumentException("the TLS certificate " + tls.certificateChain() + " is not valid before "
                    + leaf.getNotBefore().toInstant());
        }
        PrivateKey key = key(tls, leaf.getPublicKey().getAlgorithm());
        if (!KeyMatch.signsFor(key, leaf)) {
            throw new IllegalArgumentException("the TLS key " + tls.privateKey() + " does not match the certificate "
                    + tls.certificateChain());
        }
    }

    private static X509Certificate leaf(ServerTls tls) {
        InputStream file;
        try {
            file = Files.newInputStream(tls.certificateChain());
        } catch (IOException e) {
            throw FileErrors.cannotRead("TLS certificate", tls.certificateChain(), e);
        }
        try (InputStream in = file) {
            List<? extends java.security.cert.Certificate> chain = List.copyOf(
                    CertificateFactory.getInstance("X.509").generateCertificates(in));
            if (chain.isEmpty() || !(chain.get(0) instanceof X509Certificate leaf)) {
                throw new IllegalArgumentException("the TLS certificate file " + tls.certificateChain() + " holds no certificate");
            }
            return leaf;
        } catch (IOException | GeneralSecurityException e) {
            throw tls.unusable(e);
        }
    }

    private static PrivateKey key(ServerTls tls, String algorithm) {
        String pem;
        try {
            // bytes that are not ASCII make it no PEM key, said below, rather than a file that cannot be read
            pem = new String(Files.readAllBytes(tls.privateKey()), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw FileErrors.cannotRead("TLS key", tls.privateKey(), e);
        }
        try {
            int begin = pem.indexOf("-----BEGIN PRIVATE KEY-----");
            int end = pem.indexOf("-----END PRIVATE KEY-----");
            if (begin < 0 || end < begin) {
                throw new IllegalArgumentException("the TLS key " + tls.privateKey() + " of the certificate " + tls.certificateChain()
                        + " is not a PEM PKCS#8 private key (-----BEGIN PRIVATE KEY-----)");
            }
            byte[] der = Base64.getMimeDecoder().decode(pem.substring(begin + 27, end));
            return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (GeneralSecurityException | IllegalStateException e) {
            throw new IllegalArgumentException("the TLS key " + tls.privateKey() + " does not match the certificate "
                    + tls.certificateChain() + " (" + e.getMessage() + ")", e);
        }
    }
}
