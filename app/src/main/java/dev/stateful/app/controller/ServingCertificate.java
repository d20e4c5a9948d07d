package dev.stateful.app.controller;

import dev.stateful.app.InvalidInputException;
import dev.stateful.grpc.security.KeyMatch;
import java.io.IOException;
import java.io.Reader;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The certificate the secure metrics port serves: the operator's {@code --tls-cert-file} and
 * {@code --tls-private-key-file} (PEM; PKCS#1, PKCS#8 or SEC1 key), or, when neither is given, a
 * self-signed one made in memory at start, as kube-controller-manager's
 * {@code SecureServingOptions.MaybeDefaultWithSelfSignedCerts} does (for localhost and the bind address).
 */
public final class ServingCertificate {

    private static final char[] NO_PASSWORD = new char[0];

    private ServingCertificate() {
    }

    /**
     * A TLS context for the given files; a missing, expired or mismatched pair is invalid input (one line, exit 2),
     * found at start rather than at every handshake.
     */
    public static SSLContext fromFiles(Path certificateFile, Path keyFile, Instant now) {
        List<X509Certificate> chain = chain(certificateFile);
        X509Certificate leaf = chain.get(0);
        if (now.isAfter(leaf.getNotAfter().toInstant())) {
            throw new InvalidInputException("--tls-cert-file " + certificateFile + " expired at " + leaf.getNotAfter().toInstant());
        }
        if (now.isBefore(leaf.getNotBefore().toInstant())) {
            throw new InvalidInputException("--tls-cert-file " + certificateFile + " is not valid before " + leaf.getNotBefore().toInstant());
        }
        PrivateKey key = key(keyFile);
        if (!KeyMatch.signsFor(key, leaf)) {
            throw new InvalidInputException("--tls-private-key-file " + keyFile + " does not match --tls-cert-file " + certificateFile);
        }
        return context(key, chain);
    }

    /** A TLS context with a fresh self-signed certificate for localhost, 127.0.0.1 and {@code host} (valid a year). */
    public static SSLContext selfSigned(String host, Instant now) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(256);
            KeyPair pair = generator.generateKeyPair();
            X500Name name = new X500Name("CN=stateful-controller@" + now.getEpochSecond());
            List<GeneralName> names = new ArrayList<>(List.of(new GeneralName(GeneralName.dNSName, "localhost"),
                    new GeneralName(GeneralName.iPAddress, "127.0.0.1")));
            if (host != null && !host.isEmpty() && !InetAddress.getByName(host).isAnyLocalAddress()) {
                names.add(new GeneralName(InetAddress.getByName(host).getHostAddress().equals(host)
                        ? GeneralName.iPAddress : GeneralName.dNSName, host));
            }
            JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(name, new BigInteger(64, new SecureRandom()),
                    Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(Duration.ofDays(365))), name, pair.getPublic());
            builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(names.toArray(GeneralName[]::new)));
            X509Certificate certificate = new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(pair.getPrivate())));
            return context(pair.getPrivate(), List.of(certificate));
        } catch (GeneralSecurityException | IOException | OperatorCreationException e) {
            throw new IllegalStateException("cannot make a self-signed serving certificate: " + e.getMessage(), e);
        }
    }

    /** Why a file could not be read: a missing one's exception carries only its path. */
    private static String reason(Exception e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file";
        }
        return e instanceof java.nio.file.AccessDeniedException ? "permission denied" : e.getMessage();
    }

    private static List<X509Certificate> chain(Path file) {
        try (var in = Files.newInputStream(file)) {
            List<X509Certificate> chain = new ArrayList<>();
            for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                chain.add((X509Certificate) c);
            }
            if (chain.isEmpty()) {
                throw new InvalidInputException("--tls-cert-file " + file + " holds no PEM certificate");
            }
            return chain;
        } catch (IOException | GeneralSecurityException e) {
            throw new InvalidInputException("--tls-cert-file " + file + " cannot be read: " + reason(e));
        }
    }

    private static PrivateKey key(Path file) {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.US_ASCII); PEMParser parser = new PEMParser(reader)) {
            Object parsed = parser.readObject();
            JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
            if (parsed instanceof PEMKeyPair pair) {
                return converter.getKeyPair(pair).getPrivate();
            }
            if (parsed instanceof PrivateKeyInfo info) {
                return converter.getPrivateKey(info);
            }
            throw new InvalidInputException("--tls-private-key-file " + file + " holds no unencrypted PEM private key");
        } catch (IOException e) {
            throw new InvalidInputException("--tls-private-key-file " + file + " cannot be read: " + reason(e));
        }
    }

    private static SSLContext context(PrivateKey key, List<X509Certificate> chain) {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("serving", key, NO_PASSWORD, chain.toArray(Certificate[]::new));
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, NO_PASSWORD);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys.getKeyManagers(), null, null);
            return context;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalArgumentException("cannot serve TLS with this certificate and key: " + e.getMessage(), e);
        }
    }
}
