package dev.stateful.fabric8.client;

import io.fabric8.kubernetes.client.vertx5.Vertx5HttpClientFactory;
import io.netty.handler.ssl.OpenSsl;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.file.FileSystemOptions;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.WebSocketClientOptions;
import io.vertx.core.net.OpenSSLEngineOptions;
import io.vertx.ext.web.client.WebClientOptions;

/**
 * fabric8's Vert.x 5 transport as client-go talks to kube-apiserver: HTTP/2 over TLS (ALPN), every
 * request a stream of one connection, and a further connection only when one is full (Vert.x's pool
 * opens it at the server's 250 concurrent streams, as Go's transport does), with TLS in BoringSSL
 * where netty-tcnative has it for the platform (Linux x86-64 and arm64) and in the JDK elsewhere.
 * One connection's reads, decryption, frame decoding and the completion of each call run on its
 * event loop with no thread hand-off, which is what made it cheaper than the JDK client against
 * kube-controller-manager without rate limits (docs/benchmarks.md, "HTTP transports and executors",
 * 2026-12-04); BoringSSL does AES-GCM in hardware where the JDK under C1 (the image's compiler)
 * does not. Plain {@code http} servers (fabric8's mock, a local proxy) are spoken to in HTTP/1.1,
 * as they expect.
 *
 * <p>All of it runs on one event loop. fabric8's own Vert.x instance has two per core, and a call
 * from a thread outside Vert.x (a worker, an informer) is tied to an event loop of its own, so a
 * response was read on the connection's loop and handed to the caller's loop to be completed: a
 * thread hand-off per call that the single loop does not have. Measured against
 * kube-controller-manager without rate limits, it took a tenth off our CPU (docs/benchmarks.md,
 * "Round trips measured apart, and one event loop", and "Informer events on one thread, one event
 * loop again"). With one loop a call that blocked on it waiting for an answer would wait for its
 * own timeout; BlockHound over the end-to-end leader-election and mock suites and the bench's
 * rollouts found none (that section).
 */
final class NettyTransport extends Vertx5HttpClientFactory {

    /** The event loop's thread names start with this. */
    static final String EVENT_LOOP_PREFIX = "vert.x-eventloop-thread-";

    private final boolean tls;
    private final Vertx vertx;

    /** @param vertx the instance requests run on; null for fabric8's own */
    NettyTransport(boolean tls, Vertx vertx) {
        super(vertx);
        this.tls = tls;
        this.vertx = vertx;
    }

    /** @param tls whether the API server is reached over {@code https} */
    static NettyTransport create(boolean tls) {
        return new NettyTransport(tls, oneEventLoop());
    }

    /** Stops this transport's event loop (fabric8 closes only a Vert.x instance it made itself); the client using it closes first. */
    void close() {
        if (vertx != null) {
            vertx.close();
        }
    }

    /**
     * As fabric8 makes its own (daemon threads, no file cache, Vert.x's asynchronous DNS resolver
     * off so names resolve as the JDK resolves them) with one event loop. Synchronized: the resolver
     * is switched off by a system property for the instance's creation, as fabric8 does.
     */
    private static synchronized Vertx oneEventLoop() {
        VertxOptions options = new VertxOptions().setEventLoopPoolSize(1).setUseDaemonThread(true)
                .setFileSystemOptions(new FileSystemOptions().setFileCachingEnabled(false).setClassPathResolvingEnabled(false));
        String property = "vertx.disableDnsResolver";
        String before = System.getProperty(property);
        try {
            System.setProperty(property, "true");
            return Vertx.vertx(options);
        } finally {
            if (before == null) {
                System.clearProperty(property);
            } else {
                System.setProperty(property, before);
            }
        }
    }

    /** Whether TLS runs in BoringSSL here; when not, in the JDK. */
    static boolean openSsl() {
        return OpenSsl.isAvailable();
    }

    @Override
    protected void additionalConfig(WebClientOptions options, WebSocketClientOptions webSockets, PoolOptions pool) {
        if (!tls) {
            return;
        }
        options.setProtocolVersion(HttpVersion.HTTP_2).setUseAlpn(true);
        if (openSsl()) {
            options.setSslEngineOptions(new OpenSSLEngineOptions());
            webSockets.setSslEngineOptions(new OpenSSLEngineOptions());
        }
    }
}
