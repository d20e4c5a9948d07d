package dev.stateful.grpc.security;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.X509Certificate;

/**
 * Whether a private key belongs to a certificate, checked at start-up so that a mismatched pair is
 * refused in one line instead of failing every TLS handshake later. Used by {@code serve}'s gRPC
 * listener and by the controller's HTTPS metrics port.
 */
public final class KeyMatch {

    private KeyMatch() {
    }

    /** The key signs a challenge that the certificate's public key verifies. */
    public static boolean signsFor(PrivateKey key, X509Certificate certificate) {
        String algorithm = switch (certificate.getPublicKey().getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            case "Ed25519", "EdDSA" -> "Ed25519";
            default -> null;
        };
        if (algorithm == null) {
            return true; // an algorithm this check does not know: the handshake will tell
        }
        try {
            byte[] challenge = "stateful key and certificate check".getBytes(StandardCharsets.UTF_8);
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(challenge);
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(certificate.getPublicKey());
            verifier.update(challenge);
            return verifier.verify(signer.sign());
        } catch (GeneralSecurityException e) {
            return false;
        }
    }
}
