package dev.stateful.grpc.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Test PKI made at test time with the JDK's keytool: a CA, certificates it signs (localhost and
 * 127.0.0.1 for servers), written as PEM files (PKCS#8 keys) like an operator would provide them.
 */
public final class Certificates {

    private static final String PASSWORD = "changeit";

    private final Path dir;

    private Certificates(Path dir) {
        this.dir = dir;
    }

    /** A certificate authority in {@code dir}: {@code <name>-ca.pem}. */
    public static Authority authority(Path dir, String name) {
        Certificates tool = new Certificates(dir);
        Path store = dir.resolve(name + "-ca.p12");
        tool.keytool("-genkeypair", "-alias", "ca", "-keyalg", "RSA", "-keysize", "2048", "-dname", "CN=" + name + " test CA",
                "-ext", "bc:c", "-validity", "2", "-keystore", store.toString());
        Path pem = dir.resolve(name + "-ca.pem");
        tool.keytool("-exportcert", "-rfc", "-alias", "ca", "-keystore", store.toString(), "-file", pem.toString());
        return new Authority(tool, name, store, pem);
    }

    /** A CA that signs certificates. */
    public record Authority(Certificates tool, String name, Path store, Path certificate) {

        /** A server certificate for localhost and 127.0.0.1. */
        public Issued server(String holder) {
            return issue(holder, "SAN=dns:localhost,ip:127.0.0.1", "EKU=serverAuth");
        }

        public Issued client(String holder) {
            return issue(holder, "EKU=clientAuth");
        }

        /** A server certificate whose two days of validity ended a week ago. */
        public Issued expiredServer(String holder) {
            return issue(holder, List.of("-startdate", "-9d"), "SAN=dns:localhost,ip:127.0.0.1", "EKU=serverAuth");
        }

        private Issued issue(String holder, String... extensions) {
            return issue(holder, List.of(), extensions);
        }

        private Issued issue(String holder, List<String> validity, String... extensions) {
            Path dir = tool.dir;
            Path keys = dir.resolve(holder + ".p12");
            tool.keytool("-genkeypair", "-alias", holder, "-keyalg", "RSA", "-keysize", "2048", "-dname", "CN=" + holder,
                    "-validity", "2", "-keystore", keys.toString());
            Path request = dir.resolve(holder + ".csr");
            tool.keytool("-certreq", "-alias", holder, "-keystore", keys.toString(), "-file", request.toString());
            Path certificate = dir.resolve(holder + ".pem");
            List<String> args = new ArrayList<>(List.of("-gencert", "-rfc", "-alias", "ca", "-keystore", store.toString(),
                    "-infile", request.toString(), "-outfile", certificate.toString(), "-validity", "2"));
            args.addAll(validity);
            for (String extension : extensions) {
                args.add("-ext");
                args.add(extension);
            }
            tool.keytool(args.toArray(String[]::new));
            Path key = dir.resolve(holder + "-key.pem");
            writeKey(keys, holder, key);
            return new Issued(certificate, key);
        }
    }

    /** A certificate (PEM) and its private key (PKCS#8 PEM). */
    public record Issued(Path certificate, Path privateKey) {
    }

    private static void writeKey(Path store, String alias, Path pem) {
        try (InputStream in = Files.newInputStream(store)) {
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(in, PASSWORD.toCharArray());
            PrivateKey key = (PrivateKey) keys.getKey(alias, PASSWORD.toCharArray());
            String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(key.getEncoded());
            Files.writeString(pem, "-----BEGIN PRIVATE KEY-----\n" + body + "\n-----END PRIVATE KEY-----\n");
        } catch (Exception e) {
            throw new IllegalStateException("cannot export the key of " + alias, e);
        }
    }

    private void keytool(String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        command.addAll(List.of("-storetype", "PKCS12", "-storepass", PASSWORD));
        try {
            Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("keytool " + String.join(" ", args) + " failed: " + output);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run keytool", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted running keytool", e);
        }
    }
}
