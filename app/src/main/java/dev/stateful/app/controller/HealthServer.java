package dev.stateful.app.controller;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The controller's HTTP endpoints: {@code /metrics} (Prometheus text format), {@code /healthz}
 * (200 while the process serves and its workers live, 500 once one is gone, so that the kubelet
 * restarts it) and {@code /readyz} (200 once the informer caches are synced, 503 before).
 */
public final class HealthServer implements AutoCloseable {

    static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";
    private static final String PLAIN = "text/plain; charset=utf-8";

    private final HttpServer server;
    private final ExecutorService executor;

    /**
     * Binds the port (0 for any free one) and starts serving.
     *
     * @param metrics the scrape text
     * @param ready whether the controller is ready for traffic
     */
    public HealthServer(int port, Supplier<String> metrics, BooleanSupplier ready) {
        this(new InetSocketAddress(port), metrics, ready, () -> true);
    }

    /**
     * @param address where to listen (the {@code --bind-address} and the port)
     * @param alive whether the process still does its job (its workers run)
     */
    public HealthServer(InetSocketAddress address, Supplier<String> metrics, BooleanSupplier ready, BooleanSupplier alive) {
        server = bind(address);
        executor = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "health-server");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/", exchange -> {
            try (exchange) {
                route(exchange, metrics, ready, alive);
            }
        });
        server.start();
    }

    private static HttpServer bind(InetSocketAddress address) {
        if (address.isUnresolved()) {
            throw new IllegalArgumentException("cannot serve /metrics on " + address.getHostString() + ": unknown address");
        }
        try {
            return HttpServer.create(address, 0);
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

    private static void route(HttpExchange exchange, Supplier<String> metrics, BooleanSupplier ready, BooleanSupplier alive)
            throws IOException {
        String method = exchange.getRequestMethod();
        if (!"GET".equals(method) && !"HEAD".equals(method)) {
            reply(exchange, 405, PLAIN, "method not allowed\n");
            return;
        }
        switch (exchange.getRequestURI().getPath()) {
            case "/metrics":
                reply(exchange, 200, PROMETHEUS_TEXT, metrics.get());
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
