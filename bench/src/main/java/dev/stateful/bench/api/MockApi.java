package dev.stateful.bench.api;

import dev.stateful.bench.StandInKubeconfig;
import dev.stateful.fabric8.client.ClientFactory;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;

/**
 * fabric8's mock API server in CRUD mode on 127.0.0.1 (HTTP), with a kubeconfig pointing at it, so
 * clients are built by the controller's own {@link ClientFactory} (fabric8's Vert.x transport, token bucket).
 */
public final class MockApi implements AutoCloseable {

    /** Client-side rate limits: kube-controller-manager's defaults, or none. */
    public enum RateLimit {
        OFF(1e9, 1_000_000, "off"), DEFAULTS(20, 30, "defaults 20 qps / burst 30");

        final double qps;
        final int burst;
        public final String text;

        RateLimit(double qps, int burst, String text) {
            this.qps = qps;
            this.burst = burst;
            this.text = text;
        }
    }

    /** The mock server logs every request through java.util.logging; kept quiet (and strongly referenced). */
    private static final java.util.logging.Logger MOCK_LOG = java.util.logging.Logger.getLogger("io.fabric8.mockwebserver");

    static {
        MOCK_LOG.setLevel(java.util.logging.Level.WARNING);
    }

    private final KubernetesMockServer server;
    private final Path kubeconfig;

    public MockApi() {
        server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), new NameIndexedDispatcher(), false);
        server.init(InetAddress.getLoopbackAddress(), 0);
        try {
            kubeconfig = Files.createTempFile("stateful-bench-", ".kubeconfig");
            Files.writeString(kubeconfig, StandInKubeconfig.forServer(server.url("/").replaceAll("/$", "")));
        } catch (IOException e) {
            server.destroy();
            throw new UncheckedIOException(e);
        }
    }

    /** The server's base URL (http://127.0.0.1:port). */
    public String url() {
        return server.url("/").replaceAll("/$", "");
    }

    /** A client as the controller builds it, with the given client-side rate limit. */
    public KubernetesClient client(RateLimit limit) {
        return ClientFactory.create(ClientFactory.Options.defaults().withKubeconfig(kubeconfig).withRateLimit(limit.qps, limit.burst));
    }

    /**
     * A client as the controller builds it without a rate limit, but with a 2 s connect timeout
     * (fabric8's default is 10 s) and on the JDK 17 HTTP client (the one fabric8 picks on this class
     * path when none is named; the controller's is Vert.x): that client holds the first exchange of a
     * connection until the timeout has passed, and {@code MemoryFigure} must wait it out before each
     * heap reading. Loopback connects at once; otherwise configured as {@link ClientFactory} does.
     */
    public KubernetesClient measuringClient() {
        io.fabric8.kubernetes.client.Config config = io.fabric8.kubernetes.client.Config.fromKubeconfig(null, kubeconfig.toFile());
        config.setConnectionTimeout(2_000);
        // as ClientFactory: the mock can stall up to 30 s on a dropped watch, longer than fabric8's default 10 s
        config.setRequestTimeout(30_000);
        config.setRequestRetryBackoffLimit(0);
        return new io.fabric8.kubernetes.client.KubernetesClientBuilder().withConfig(config).build();
    }

    /**
     * A plain fabric8 client over HTTP/1.1 for filling the mock with objects (h2c through the
     * mock's server is markedly slower); not what any figure measures.
     */
    public KubernetesClient fillingClient() {
        return new io.fabric8.kubernetes.client.KubernetesClientBuilder()
                .withConfig(new io.fabric8.kubernetes.client.ConfigBuilder().withMasterUrl(url()).withHttp2Disable(true)
                        .withRequestRetryBackoffLimit(0).build())
                .build();
    }

    /**
     * Stops the server. Call it before closing the clients: a watch a client has closed but not
     * disconnected stops reading, the server's pending writes to it then block, and the mock waits
     * 30 s for them; shut down first, the server drops those connections itself. A shutdown that
     * still times out is reported, not thrown: the figure has its number by then.
     */
    @Override
    public void close() {
        try {
            server.destroy();
        } catch (RuntimeException e) {
            dev.stateful.bench.Log.progress("  (mock API did not shut down cleanly: %s)", e.getMessage());
        }
        try {
            Files.deleteIfExists(kubeconfig);
        } catch (IOException ignored) {
            // a temp file
        }
    }
}
