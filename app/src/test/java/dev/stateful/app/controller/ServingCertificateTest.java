package dev.stateful.app.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --tls-cert-file and --tls-private-key-file: what cannot serve a handshake is refused at start, in one line. */
class ServingCertificateTest {

    static final Instant NOW = Instant.parse("2026-06-01T00:00:00Z");

    @TempDir
    Path dir;

    @Test
    void aMatchingCertificateAndPkcs1KeyServe() throws Exception {
        KeyPair pair = rsa();
        Path certificate = pem("tls.crt", certificate(pair, NOW.minus(Duration.ofDays(1)), NOW.plus(Duration.ofDays(30))));
        Path key = pem("tls.key", pair);   // JcaPEMWriter writes -----BEGIN RSA PRIVATE KEY----- (PKCS#1), as openssl genrsa did

        assertThat(Files.readString(key)).startsWith("-----BEGIN RSA PRIVATE KEY-----");
        assertThat(ServingCertificate.fromFiles(certificate, key, NOW).getProtocol()).isEqualTo("TLS");
    }

    @Test
    void aKeyThatDoesNotMatchTheCertificateIsRefused() throws Exception {
        Path certificate = pem("tls.crt", certificate(rsa(), NOW.minus(Duration.ofDays(1)), NOW.plus(Duration.ofDays(30))));
        Path otherKey = pem("other.key", rsa());

        assertThatThrownBy(() -> ServingCertificate.fromFiles(certificate, otherKey, NOW))
                .isInstanceOf(dev.stateful.app.InvalidInputException.class)
                .hasMessage("--tls-private-key-file " + otherKey + " does not match --tls-cert-file " + certificate);
    }

    @Test
    void anExpiredCertificateIsRefused() throws Exception {
        KeyPair pair = rsa();
        Path certificate = pem("tls.crt", certificate(pair, NOW.minus(Duration.ofDays(30)), NOW.minus(Duration.ofDays(1))));

        assertThatThrownBy(() -> ServingCertificate.fromFiles(certificate, pem("tls.key", pair), NOW))
                .hasMessageStartingWith("--tls-cert-file " + certificate + " expired at ");
    }

    @Test
    void aFileWithoutAKeyIsRefused() throws Exception {
        KeyPair pair = rsa();
        Path certificate = pem("tls.crt", certificate(pair, NOW.minus(Duration.ofDays(1)), NOW.plus(Duration.ofDays(30))));

        assertThatThrownBy(() -> ServingCertificate.fromFiles(certificate, certificate, NOW))
                .hasMessage("--tls-private-key-file " + certificate + " holds no unencrypted PEM private key");
    }

    static KeyPair rsa() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        return generator.generateKeyPair();
    }

    static X509Certificate certificate(KeyPair pair, Instant from, Instant until) throws Exception {
        X500Name name = new X500Name("CN=localhost");
        return new JcaX509CertificateConverter().getCertificate(new JcaX509v3CertificateBuilder(name, BigInteger.ONE, Date.from(from),
                Date.from(until), name, pair.getPublic()).build(new JcaContentSignerBuilder("SHA256withRSA").build(pair.getPrivate())));
    }

    Path pem(String name, Object object) throws IOException {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            writer.writeObject(object);
        }
        return Files.writeString(dir.resolve(name), out.toString());
    }
}
