package dev.stateful.fabric8.client;

import io.fabric8.kubernetes.client.http.StandardHttpClientBuilder;
import io.fabric8.kubernetes.client.http.TlsVersion;
import io.fabric8.kubernetes.client.vertx5.Vertx5HttpClientBuilder;
import io.fabric8.kubernetes.client.vertx5.Vertx5HttpClientFactory;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLContext;

/**
 * Builds a {@link LaneHttpClient}: the multiplexed connection with every setting fabric8 gave this
 * builder (fabric8's own Vert.x builder makes it), and the lanes where they can honour those settings.
 * A client fabric8 derives from another (a different timeout, a tag) shares its connections and lanes.
 */
final class LaneHttpClientBuilder extends StandardHttpClientBuilder<LaneHttpClient, LaneTransport, LaneHttpClientBuilder> {

    /** The JDK's own TLS versions: a kubeconfig asking for others gets no lanes. */
    private static final Set<TlsVersion> JDK_TLS = EnumSet.of(TlsVersion.TLS_1_3, TlsVersion.TLS_1_2);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    LaneHttpClientBuilder(LaneTransport transport) {
        super(transport);
    }

    @Override
    protected LaneHttpClientBuilder newInstance(LaneTransport transport) {
        return new LaneHttpClientBuilder(transport);
    }

    @Override
    public LaneHttpClient build() {
        if (client != null) {
            return new LaneHttpClient(this, client.getClosed(), client.multiplexed(), client.lanes());
        }
        return new LaneHttpClient(this, new AtomicBoolean(), multiplexed().build(), lanes());
    }

    private Vertx5HttpClientBuilder<Vertx5HttpClientFactory> multiplexed() {
        Vertx5HttpClientBuilder<Vertx5HttpClientFactory> builder = clientFactory.netty().newBuilder();
        if (connectTimeout != null) {
            builder.connectTimeout(connectTimeout.toMillis(), TimeUnit.MILLISECONDS);
        }
        if (websocketPingInterval != null) {
            builder.websocketPingInterval(websocketPingInterval.toMillis(), TimeUnit.MILLISECONDS);
        }
        if (keyManagers != null || trustManagers != null) {
            builder.sslContext(keyManagers, trustManagers);
        }
        if (followRedirects) {
            builder.followAllRedirects();
        }
        if (preferHttp11) {
            builder.preferHttp11();
        }
        if (tlsVersions != null) {
            builder.tlsVersions(tlsVersions);
        }
        if (tlsServerName != null) {
            builder.tlsServerName(tlsServerName);
        }
        if (proxyAddress != null) {
            builder.proxyAddress(proxyAddress);
            builder.proxyType(proxyType);
            if (proxyAuthorization != null) {
                builder.proxyAuthorization(proxyAuthorization);
            }
        }
        if (authenticatorNone) {
            builder.authenticatorNone();
        }
        return builder;
    }

    private WriteLanes lanes() {
        boolean jdkTls = tlsVersions == null || JDK_TLS.containsAll(Arrays.asList(tlsVersions));
        if (proxyAddress != null || tlsServerName != null || !jdkTls) {
            return WriteLanes.none();
        }
        SSLContext tls = sslContext;
        if (tls == null) {
            try {
                tls = SSLContext.getDefault();
            } catch (java.security.NoSuchAlgorithmException e) {
                return WriteLanes.none();
            }
        }
        return new WriteLanes(WriteLanes.LANES, tls.getSocketFactory(), clientFactory.verifyHostname(),
                connectTimeout != null ? connectTimeout : CONNECT_TIMEOUT);
    }
}
