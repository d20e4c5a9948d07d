package dev.stateful.testsupport.controlplane;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The key material a fresh control plane needs, written as PEM files into one directory: a CA,
 * kube-apiserver's serving certificate signed by it (for 127.0.0.1, localhost and the in-cluster
 * names), and the key pair service-account tokens are signed with.
 */
record Pki(Path caCertificate, Path servingCertificate, Path servingKey, Path serviceAccountKey, Path serviceAccountPublicKey) {

    private static final Duration VALIDITY = Duration.ofDays(2);
    private static final SecureRandom RANDOM = new SecureRandom();

    static Pki generate(Path dir) {
        try {
            KeyPair caKeys = rsa();
            X500Name caName = new X500Name("CN=stateful-test-ca");
            X509Certificate ca = sign(caName, caKeys, caName, caKeys, builder -> {
                builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
                builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
            });
            KeyPair servingKeys = rsa();
            X509Certificate serving = sign(new X500Name("CN=kube-apiserver"), servingKeys, caName, caKeys, builder -> {
                builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
                builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
                builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
                builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                    new GeneralName(GeneralName.iPAddress, "127.0.0.1"),
                    new GeneralName(GeneralName.iPAddress, ControlPlane.SERVICE_IP),
                    new GeneralName(GeneralName.dNSName, "localhost"),
                    new GeneralName(GeneralName.dNSName, "kubernetes"),
                    new GeneralName(GeneralName.dNSName, "kubernetes.default"),
                    new GeneralName(GeneralName.dNSName, "kubernetes.default.svc"),
                    new GeneralName(GeneralName.dNSName, "kubernetes.default.svc.cluster.local")}));
            });
            KeyPair serviceAccount = rsa();
            return new Pki(pem(dir.resolve("ca.crt"), ca), pem(dir.resolve("apiserver.crt"), serving),
                    pem(dir.resolve("apiserver.key"), servingKeys.getPrivate()), pem(dir.resolve("sa.key"), serviceAccount.getPrivate()),
                    pem(dir.resolve("sa.pub"), serviceAccount.getPublic()));
        } catch (GeneralSecurityException | OperatorCreationException | IOException e) {
            throw new IllegalStateException("could not generate the control plane's certificates", e);
        }
    }

    private interface Extensions {
        void add(X509v3CertificateBuilder builder) throws IOException;
    }

    private static X509Certificate sign(X500Name subject, KeyPair subjectKeys, X500Name issuer, KeyPair issuerKeys, Extensions extensions)
            throws IOException, OperatorCreationException, GeneralSecurityException {
        Instant now = Instant.now();
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(issuer, new BigInteger(64, RANDOM).abs(),
                Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(VALIDITY)), subject, subjectKeys.getPublic());
        extensions.add(builder);
        return new JcaX509CertificateConverter().getCertificate(
                builder.build(new JcaContentSignerBuilder("SHA256withRSA").build(issuerKeys.getPrivate())));
    }

    private static KeyPair rsa() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048, RANDOM);
        return generator.generateKeyPair();
    }

    private static Path pem(Path file, Object object) {
        StringWriter text = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(text)) {
            writer.writeObject(object);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            return Files.writeString(file, text.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
