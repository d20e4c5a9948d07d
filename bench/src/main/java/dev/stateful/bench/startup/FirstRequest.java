package dev.stateful.bench.startup;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A stand-in API server on loopback that notes when the first request arrives (System.nanoTime of
 * this JVM) and answers every request 404: enough to time a child process from start to its first
 * API request, whatever it does next.
 */
final class FirstRequest implements AutoCloseable {

    private static final byte[] NOT_FOUND = "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"reason\":\"NotFound\",\"code\":404}"
            .getBytes(StandardCharsets.UTF_8);

    private final HttpServer server;
    private final AtomicLong firstAt = new AtomicLong();
    private final CountDownLatch arrived = new CountDownLatch(1);

    FirstRequest() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            if (firstAt.compareAndSet(0, System.nanoTime())) {
                arrived.countDown();
            }
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(404, NOT_FOUND.length);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(NOT_FOUND);
            }
        });
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Nanoseconds from {@code startNanos} to the first request; throws if none came within the timeout. */
    long awaitSince(long startNanos, long timeout, TimeUnit unit) throws InterruptedException {
        if (!arrived.await(timeout, unit)) {
            throw new IllegalStateException("no API request within " + timeout + " " + unit);
        }
        return firstAt.get() - startNanos;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
