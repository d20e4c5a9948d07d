package dev.stateful.fabric8.client;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.http.AsyncBody;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.http.Interceptor;
import io.fabric8.kubernetes.client.http.TlsVersion;
import io.fabric8.kubernetes.client.http.WebSocket;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import javax.net.ssl.KeyManager;
import javax.net.ssl.TrustManager;

/**
 * One fabric8 HTTP client over several connections to the API server: each write (POST, PUT, PATCH,
 * DELETE) goes out on the next of {@code n} clients built alike, each with a connection (and a
 * selector thread reading it) of its own; reads, lists and watches stay on the first. kube-apiserver
 * lets one HTTP/2 connection carry 250 concurrent streams; client-go's transport opens another
 * connection when a burst reaches that, where the JDK 17 client refuses the request ("too many
 * concurrent streams"). A slow-start batch of upstream's width (256 creates in flight,
 * {@code slowStartBatch}) spread this way keeps each connection far below the cap. Reads stay on one
 * connection because the large answers of lists and the watch streams are what a connection's
 * buffers hold on to (with every request spread, the heap after a full GC with 10,000 pods and
 * claims cached was 76 MB against 32 MB); the writes' answers are small.
 * WebSockets and request builders come from the first client; the rest is the same on all.
 */
final class SpreadHttpClient implements HttpClient {

    private final List<HttpClient> clients;
    private final AtomicInteger next = new AtomicInteger();

    private SpreadHttpClient(List<HttpClient> clients) {
        this.clients = List.copyOf(clients);
    }

    /** A factory whose clients spread their requests over {@code connections} clients of {@code delegate}. */
    static HttpClient.Factory factory(HttpClient.Factory delegate, int connections) {
        if (connections < 1) {
            throw new IllegalArgumentException("connections must be at least 1, got " + connections);
        }
        return new HttpClient.Factory() {
            @Override
            public HttpClient.Builder newBuilder(Config config) {
                return new Builder(java.util.stream.IntStream.range(0, connections).mapToObj(i -> delegate.newBuilder(config)).toList());
            }

            @Override
            public HttpClient.Builder newBuilder() {
                return new Builder(java.util.stream.IntStream.range(0, connections).mapToObj(i -> delegate.newBuilder()).toList());
            }

            @Override
            public int priority() {
                return delegate.priority();
            }
        };
    }

    /** A read on the first client, a write on the next. */
    private HttpClient forRequest(HttpRequest request) {
        if ("GET".equals(request.method())) {
            return clients.get(0);
        }
        return clients.get(Math.floorMod(next.getAndIncrement(), clients.size()));
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, Class<T> type) {
        return forRequest(request).sendAsync(request, type);
    }

    @Override
    public CompletableFuture<HttpResponse<AsyncBody>> consumeBytes(HttpRequest request, AsyncBody.Consumer<List<ByteBuffer>> consumer) {
        return forRequest(request).consumeBytes(request, consumer);
    }

    @Override
    public WebSocket.Builder newWebSocketBuilder() {
        return clients.get(0).newWebSocketBuilder();
    }

    @Override
    public HttpRequest.Builder newHttpRequestBuilder() {
        return clients.get(0).newHttpRequestBuilder();
    }

    @Override
    public DerivedClientBuilder newBuilder() {
        return new Derived(clients.stream().map(HttpClient::newBuilder).toList());
    }

    @Override
    public boolean isClosed() {
        return clients.stream().allMatch(HttpClient::isClosed);
    }

    @Override
    public void close() {
        clients.forEach(HttpClient::close);
    }

    /** Builders of a derived client (fabric8 derives one per request configuration): each is told the same. */
    private static class Derived implements DerivedClientBuilder {

        final List<? extends DerivedClientBuilder> builders;

        Derived(List<? extends DerivedClientBuilder> builders) {
            this.builders = builders;
        }

        @Override
        public HttpClient build() {
            return new SpreadHttpClient(builders.stream().map(DerivedClientBuilder::build).toList());
        }

        @Override
        public Derived addOrReplaceInterceptor(String name, Interceptor interceptor) {
            builders.forEach(b -> b.addOrReplaceInterceptor(name, interceptor));
            return this;
        }

        @Override
        public Derived authenticatorNone() {
            builders.forEach(DerivedClientBuilder::authenticatorNone);
            return this;
        }

        @Override
        public Derived tag(Object value) {
            builders.forEach(b -> b.tag(value));
            return this;
        }
    }

    /** The builders of the {@code n} clients: every setting goes to each. */
    private static final class Builder extends Derived implements HttpClient.Builder {

        private final List<HttpClient.Builder> all;

        Builder(List<HttpClient.Builder> builders) {
            super(builders);
            this.all = builders;
        }

        private Builder each(Consumer<HttpClient.Builder> setting) {
            all.forEach(setting);
            return this;
        }

        @Override
        public Builder addOrReplaceInterceptor(String name, Interceptor interceptor) {
            return each(b -> b.addOrReplaceInterceptor(name, interceptor));
        }

        @Override
        public Builder authenticatorNone() {
            return each(HttpClient.Builder::authenticatorNone);
        }

        @Override
        public Builder tag(Object value) {
            return each(b -> b.tag(value));
        }

        @Override
        public Builder connectTimeout(long timeout, TimeUnit unit) {
            return each(b -> b.connectTimeout(timeout, unit));
        }

        @Override
        public Builder websocketPingInterval(long interval, TimeUnit unit) {
            return each(b -> b.websocketPingInterval(interval, unit));
        }

        @Override
        public Builder sslContext(KeyManager[] keyManagers, TrustManager[] trustManagers) {
            return each(b -> b.sslContext(keyManagers, trustManagers));
        }

        @Override
        public Builder followAllRedirects() {
            return each(HttpClient.Builder::followAllRedirects);
        }

        @Override
        public Builder proxyAddress(InetSocketAddress address) {
            return each(b -> b.proxyAddress(address));
        }

        @Override
        public Builder proxyAuthorization(String credentials) {
            return each(b -> b.proxyAuthorization(credentials));
        }

        @Override
        public Builder tlsVersions(TlsVersion... versions) {
            return each(b -> b.tlsVersions(versions));
        }

        @Override
        public Builder tlsServerName(String serverName) {
            return each(b -> b.tlsServerName(serverName));
        }

        @Override
        public Builder preferHttp11() {
            return each(HttpClient.Builder::preferHttp11);
        }

        @Override
        public Builder proxyType(ProxyType type) {
            return each(b -> b.proxyType(type));
        }
    }
}
