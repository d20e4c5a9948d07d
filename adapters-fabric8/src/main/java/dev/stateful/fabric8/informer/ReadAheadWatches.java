package dev.stateful.fabric8.informer;

import io.fabric8.kubernetes.client.http.AsyncBody;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.http.Interceptor;
import io.fabric8.kubernetes.client.http.WebSocket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The informers' HTTP client, whose WebSockets keep reading while earlier watch events are still
 * being decoded, up to {@link #AHEAD} events, as client-go's watch does within its HTTP/2 stream's
 * 4 MiB flow-control window. fabric8 asks for the next frame only once the last one has been
 * decoded and dispatched on its per-watch executor (its {@code WatcherWebSocketListener}), so every
 * event costs two thread hand-offs before the socket is read again. On two busy cores that is a few
 * milliseconds an event: in a burst (a 500-replica Parallel set turning Ready) the API server's
 * watch cache fills the watcher's small buffer, and kube-apiserver closes a watcher that does not
 * keep up ({@code cacheWatcher.add} in the cacher; the informer then watches again from its last
 * resourceVersion). Reading ahead keeps the socket drained and the events in order; fabric8's
 * executor still decodes them one at a time.
 *
 * <p>The pod informer's WebSocket asks for protobuf and reads it through {@link ProtobufPodWatches}.
 * Requests, plain HTTP watches and everything but a WebSocket's demand and the pod watch's
 * format go to the client as they are.
 */
final class ReadAheadWatches implements HttpClient {

    /** Watch events read but not yet decoded, per WebSocket, before reading waits for the decoding. */
    static final int AHEAD = 512;

    private final HttpClient client;
    private final int ahead;
    /** Where the pod watch's listener hands its pods to the informers' deserializer. */
    private final DecodedPods decoded;
    /** Whether the pod watch asks for protobuf: until an event of it could not be read ({@link ProtobufPodWatches}). */
    private final AtomicBoolean protobufPods = new AtomicBoolean(true);

    private ReadAheadWatches(HttpClient client, int ahead, DecodedPods decoded) {
        this.client = client;
        this.ahead = ahead;
        this.decoded = decoded;
    }

    static HttpClient of(HttpClient client, DecodedPods decoded) {
        return of(client, AHEAD, decoded);
    }

    static HttpClient of(HttpClient client, int ahead, DecodedPods decoded) {
        if (ahead < 1) {
            throw new IllegalArgumentException("ahead must be at least 1, got " + ahead);
        }
        return client instanceof ReadAheadWatches ? client : new ReadAheadWatches(client, ahead, decoded);
    }

    @Override
    public WebSocket.Builder newWebSocketBuilder() {
        return new Builder(client.newWebSocketBuilder());
    }

    @Override
    public DerivedClientBuilder newBuilder() {
        DerivedClientBuilder derived = client.newBuilder();
        return new DerivedClientBuilder() {
            @Override
            public HttpClient build() {
                return of(derived.build(), ahead, decoded);
            }

            @Override
            public DerivedClientBuilder addOrReplaceInterceptor(String name, Interceptor interceptor) {
                derived.addOrReplaceInterceptor(name, interceptor);
                return this;
            }

            @Override
            public DerivedClientBuilder authenticatorNone() {
                derived.authenticatorNone();
                return this;
            }

            @Override
            public DerivedClientBuilder tag(Object tag) {
                derived.tag(tag);
                return this;
            }
        };
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, Class<T> type) {
        return client.sendAsync(request, type);
    }

    @Override
    public CompletableFuture<HttpResponse<AsyncBody>> consumeBytes(HttpRequest request, AsyncBody.Consumer<List<ByteBuffer>> consumer) {
        return client.consumeBytes(request, consumer);
    }

    @Override
    public HttpRequest.Builder newHttpRequestBuilder() {
        return client.newHttpRequestBuilder();
    }

    @Override
    public boolean isClosed() {
        return client.isClosed();
    }

    @Override
    public void close() {
        client.close();
    }

    private final class Builder implements WebSocket.Builder {

        private final WebSocket.Builder builder;
        private URI uri;

        Builder(WebSocket.Builder builder) {
            this.builder = builder;
        }

        @Override
        public CompletableFuture<WebSocket> buildAsync(WebSocket.Listener listener) {
            if (protobufPods.get() && ProtobufPodWatches.isPodWatch(uri)) {
                builder.setHeader("Accept", ProtobufPodWatches.MEDIA_TYPE);
                return builder.buildAsync(new ReadingAhead(ProtobufPodWatches.decoding(listener, () -> protobufPods.set(false), decoded), ahead));
            }
            return builder.buildAsync(new ReadingAhead(listener, ahead));
        }

        @Override
        public WebSocket.Builder subprotocol(String protocol) {
            builder.subprotocol(protocol);
            return this;
        }

        @Override
        public WebSocket.Builder header(String name, String value) {
            builder.header(name, value);
            return this;
        }

        @Override
        public WebSocket.Builder setHeader(String name, String value) {
            builder.setHeader(name, value);
            return this;
        }

        @Override
        public WebSocket.Builder uri(URI uri) {
            this.uri = uri;
            builder.uri(uri);
            return this;
        }

        @Override
        public WebSocket.Builder connectTimeout(long timeout, TimeUnit unit) {
            builder.connectTimeout(timeout, unit);
            return this;
        }
    }

    /**
     * One WebSocket's listener: each message asks the socket for the next one at once while fewer
     * than {@code ahead} are undecoded; past that, the next decoding to finish asks for it. Either
     * way the socket is asked once per message, so a transport that adds up demand (the JDK's) and
     * one that resets it on every message (Vert.x's) both read one message per request. The
     * listener's own requests, made when it has decoded a message, are counted, not passed on.
     */
    static final class ReadingAhead implements WebSocket.Listener {

        private final WebSocket.Listener listener;
        private final int ahead;
        private final AtomicInteger undecoded = new AtomicInteger();
        /** Whether a message arrived past the limit and has not asked for its successor yet. */
        private final AtomicBoolean owed = new AtomicBoolean();
        private volatile Socket socket;

        ReadingAhead(WebSocket.Listener listener, int ahead) {
            this.listener = listener;
            this.ahead = ahead;
        }

        private Socket socket(WebSocket webSocket) {
            Socket current = socket;
            if (current == null || current.webSocket != webSocket) {
                current = new Socket(webSocket);
                socket = current;
            }
            return current;
        }

        private Socket arrived(WebSocket webSocket) {
            Socket current = socket(webSocket);
            if (undecoded.incrementAndGet() <= ahead) {
                webSocket.request();
            } else {
                owed.set(true);
            }
            return current;
        }

        @Override
        public void onOpen(WebSocket webSocket) {
            listener.onOpen(socket(webSocket));
        }

        @Override
        public void onMessage(WebSocket webSocket, String text) {
            listener.onMessage(arrived(webSocket), text);
        }

        @Override
        public void onMessage(WebSocket webSocket, ByteBuffer bytes) {
            listener.onMessage(arrived(webSocket), bytes);
        }

        @Override
        public void onClose(WebSocket webSocket, int code, String reason) {
            listener.onClose(socket(webSocket), code, reason);
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            listener.onError(socket(webSocket), error);
        }

        /** The socket as the listener sees it: its {@link #request()} marks a message decoded. */
        private final class Socket implements WebSocket {

            private final WebSocket webSocket;

            Socket(WebSocket webSocket) {
                this.webSocket = webSocket;
            }

            @Override
            public void request() {
                undecoded.decrementAndGet();
                if (owed.compareAndSet(true, false)) {
                    webSocket.request();
                }
            }

            @Override
            public boolean send(ByteBuffer buffer) {
                return webSocket.send(buffer);
            }

            @Override
            public boolean sendClose(int code, String reason) {
                return webSocket.sendClose(code, reason);
            }

            @Override
            public long queueSize() {
                return webSocket.queueSize();
            }
        }
    }
}
