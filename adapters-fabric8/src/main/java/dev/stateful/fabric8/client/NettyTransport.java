package dev.stateful.fabric8.client;

import io.fabric8.kubernetes.client.vertx5.Vertx5HttpClientFactory;
import io.netty.handler.ssl.OpenSsl;
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
 */
final class NettyTransport extends Vertx5HttpClientFactory {

    private final boolean tls;

    /** @param tls whether the API server is reached over {@code https} */
    NettyTransport(boolean tls) {
        this.tls = tls;
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
