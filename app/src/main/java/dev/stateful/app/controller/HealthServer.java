package dev.stateful.app.controller;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The controller's HTTP endpoints: {@code /metrics} (Prometheus text format), {@code /healthz}
 * (200 while the process serves and its workers live, 500 once one is gone, so that the kubelet
 * restarts it) and {@code /readyz} (200 once the informer caches are synced, 503 before).
 *
 * <p>Served securely (the default of {@code stateful controller}) it is kube-controller-manager's secure
 * port: HTTPS, and {@code /metrics} only for a bearer token whose user the API server authenticates
 * (401 otherwise) and authorises for {@code get} on {@code /metrics} (403 otherwise); the probes stay open,
 * as kube-controller-manager's {@code --authorization-always-allow-paths} default {@code /healthz,/readyz,/livez}
 * keeps them, so that the kubelet needs no token.
 */
public final class HealthServer implements AutoCloseable {

    static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";
    private static final String PLAIN = "text/plain; charset=utf-8";

    private static final Logger LOG = LoggerFactory.getLogger(HealthServer.class);

    /** HTTPS with this context, and {@code /metrics} for whom {@code reviewer} allows. */
    public record Secure(SSLContext tls, MetricsReviewer reviewer) {
    }

    private final HttpServer server;
    private final ExecutorService executor;

    /**
     * Binds {@code address} (port 0 for any free one) and starts serving.
     *
     * @param address where to listen (the {@code --bind-address} and the port)
     * @param metrics the scrape text
     * @param ready whether the controller is ready for traffic
     * @param alive whether the process still does its job (its workers run)
     */
    public HealthServer(InetSocketAddress address, Supplier<String> metrics, BooleanSupplier ready, BooleanSupplier alive) {
        this(address, metrics, ready, alive, Optional.empty());
    }

    /** @param secure HTTPS and delegated authentication of /metrics, or empty for plain HTTP open to all */
    public HealthServer(InetSocketAddress address, Supplier<String> metrics, BooleanSupplier ready, BooleanSupplier alive,
                        Optional<Secure> secure) {
        server = bind(address, secure.map(Secure::tls));
        executor = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "health-server");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/", exchange -> {
            try (exchange) {
                route(exchange, metrics, ready, alive, secure.map(Secure::reviewer));
            }
        });
        server.start();
    }

    private static HttpServer bind(InetSocketAddress address, Optional<SSLContext> tls) {
        if (address.isUnresolved()) {
            throw new IllegalArgumentException("cannot serve /metrics on " + address.getHostString() + ": unknown address");
        }
        try {
            if (tls.isEmpty()) {
                return HttpServer.create(address, 0);
            }
            HttpsServer https = HttpsServer.create(address, 0);
            https.setHttpsConfigurator(new HttpsConfigurator(tls.get()));
            return https;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serve /metrics on port " + address.getPort() + ": " + e.getMessage(), e);
        }
    }

    /** The address actually bound. */
    public InetSocketAddress address() {
        return server.getAddress();
    }

    /** The port actually bound. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** Whether this server speaks HTTPS (and so checks who reads /metrics). */
    public boolean secure() {
        return server instanceof HttpsServer;
    }

    private static void route(HttpExchange exchange, Supplier<String> metrics, BooleanSupplier ready, BooleanSupplier alive,
                              Optional<MetricsReviewer> reviewer) throws IOException {
        String method = exchange.getRequestMethod();
        if (!"GET".equals(method) && !"HEAD".equals(method)) {
            reply(exchange, 405, PLAIN, "method not allowed\n");
            return;
        }
        switch (exchange.getRequestURI().getPath()) {
            case "/metrics":
                if (reviewer.isEmpty() || allowed(exchange, reviewer.get())) {
                    reply(exchange, 200, PROMETHEUS_TEXT, metrics.get());
                }
                break;
            case "/healthz":
                if (alive.getAsBoolean()) {
                    reply(exchange, 200, PLAIN, "ok\n");
                } else {
                    reply(exchange, 500, PLAIN, "the StatefulSet workers are gone\n");
                }
                break;
            case "/readyz":
                if (ready.getAsBoolean()) {
                    reply(exchange, 200, PLAIN, "ok\n");
                } else {
                    reply(exchange, 503, PLAIN, "informer caches are not synced yet\n");
                }
                break;
            default:
                reply(exchange, 404, PLAIN, "not found: try /metrics, /healthz or /readyz\n");
        }
    }

    /** Answers 401, 403 or 500 itself and returns false unless the request's bearer may get /metrics. */
    private static boolean allowed(HttpExchange exchange, MetricsReviewer reviewer) throws IOException {
        Optional<String> token = bearerToken(exchange.getRequestHeaders().getFirst("Authorization"));
        if (token.isEmpty()) {
            reply(exchange, 401, PLAIN, "Unauthorized: /metrics needs a bearer token\n");
            return false;
        }
        MetricsReviewer.Verdict verdict;
        try {
            verdict = reviewer.review(token.get());
        } catch (RuntimeException e) {
            // as the API server's filters do when the review itself fails: neither allow nor blame the client
            LOG.warn("cannot review a /metrics request: {}", e.toString());
            reply(exchange, 500, PLAIN, "Internal Server Error: cannot review the request\n");
            return false;
        }
        switch (verdict) {
            case ALLOWED:
                return true;
            case UNAUTHENTICATED:
                reply(exchange, 401, PLAIN, "Unauthorized\n");
                return false;
            default:
                reply(exchange, 403, PLAIN, "Forbidden: the user may not get /metrics\n");
                return false;
        }
    }

    static Optional<String> bearerToken(String authorization) {
        if (authorization == null) {
            return Optional.empty();
        }
        String value = authorization.trim();
        if (value.length() <= 7 || !value.substring(0, 7).toLowerCase(Locale.ROOT).equals("bearer ")) {
            return Optional.empty();
        }
        String token = value.substring(7).trim();
        return token.isEmpty() ? Optional.empty() : Optional.of(token);
    }

    private static void reply(HttpExchange exchange, int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", contentType);
        boolean head = "HEAD".equals(exchange.getRequestMethod());
        exchange.sendResponseHeaders(status, head ? -1 : bytes.length);
        if (!head) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
