package dev.stateful.it.support;

import dev.stateful.testsupport.api.ApiWrite;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.function.Predicate;

/**
 * fabric8's mock API server in CRUD mode, over plain HTTP on a free port, recording every write
 * and every watch. Callers are told apart by the token of their kubeconfig. Not a real API server:
 * no garbage collection, no graceful deletion (a deleted pod is gone at once), no defaulting or
 * validation beyond a new pod's Pending phase, no set-based selectors, no server-side apply, and a
 * watch starts from the moment it arrives instead of from the resourceVersion it names, so a change
 * made between an informer's list and its watch is never delivered: wait for the watches
 * ({@link #watchCount}) before changing anything a new informer must see.
 */
public final class MockApiServer implements AutoCloseable {

    /** The mock logs every request through java.util.logging; held here so the setting is not collected. */
    private static final java.util.logging.Logger REQUEST_LOG = quiet(java.util.logging.Logger.getLogger("io.fabric8.mockwebserver"));

    private final RecordingDispatcher dispatcher = new RecordingDispatcher();
    private final KubernetesMockServer server;

    public MockApiServer() {
        server = new KubernetesMockServer(new Context(Serialization.jsonMapper()), new MockWebServer(), new HashMap<>(), dispatcher, false);
        server.init();
    }

    private static java.util.logging.Logger quiet(java.util.logging.Logger logger) {
        logger.setLevel(java.util.logging.Level.WARNING);
        return logger;
    }

    public String url() {
        return server.url("/").replaceAll("/$", "");
    }

    /** Writes a kubeconfig for this server whose token is {@code user}. */
    public Path kubeconfig(Path file, String user) {
        try {
            Files.createDirectories(file.getParent());
            return Files.writeString(file, """
                    apiVersion: v1
                    kind: Config
                    clusters:
                    - name: mock
                      cluster:
                        server: %s
                    users:
                    - name: %s
                      user:
                        token: %s
                    contexts:
                    - name: mock
                      context:
                        cluster: mock
                        user: %s
                    current-context: mock
                    """.formatted(url(), user, user, user));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A client of its own for the test, writing as {@code user}. */
    public KubernetesClient client(Path dir, String user) {
        Config config = Config.fromKubeconfig(null, kubeconfig(dir.resolve(user + ".kubeconfig"), user).toFile());
        return new KubernetesClientBuilder().withConfig(config).build();
    }

    /** How many watches {@code user} has opened so far. */
    public long watchCount(String user) {
        return dispatcher.watches().stream().filter(w -> w.user().equals(user)).count();
    }

    public List<ApiWrite> writes() {
        return dispatcher.writes();
    }

    public List<ApiWrite> writes(Predicate<ApiWrite> filter) {
        return dispatcher.writes().stream().filter(filter).toList();
    }

    /** Every write to a StatefulSet's {@code /status}, in the order the writes took effect. */
    public List<StatusWrite> statusWrites() {
        return dispatcher.statusWrites();
    }

    @Override
    public void close() {
        server.destroy();
    }
}
