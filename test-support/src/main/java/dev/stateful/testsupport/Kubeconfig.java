package dev.stateful.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A kubeconfig file with one cluster, one user authenticated by a bearer token, and one context. */
public final class Kubeconfig {

    private Kubeconfig() {
    }

    /**
     * Writes {@code file} for {@code server}, authenticating with {@code token} as {@code user}.
     *
     * @param certificateAuthority the CA to trust for an {@code https} server, or null for plain HTTP
     */
    public static Path write(Path file, String server, String user, String token, Path certificateAuthority) {
        String ca = certificateAuthority == null ? "" : "\n    certificate-authority: " + certificateAuthority.toAbsolutePath();
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            return Files.writeString(file, """
                    apiVersion: v1
                    kind: Config
                    clusters:
                    - name: test
                      cluster:
                        server: %s%s
                    users:
                    - name: %s
                      user:
                        token: %s
                    contexts:
                    - name: test
                      context:
                        cluster: test
                        user: %s
                    current-context: test
                    """.formatted(server, ca, user, token, user));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
