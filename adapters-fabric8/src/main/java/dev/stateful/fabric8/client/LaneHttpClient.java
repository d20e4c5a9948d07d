package dev.stateful.fabric8.client;

import io.fabric8.kubernetes.client.http.AsyncBody;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.http.StandardHttpClient;
import io.fabric8.kubernetes.client.http.StandardHttpRequest;
import io.fabric8.kubernetes.client.http.StandardWebSocketBuilder;
import io.fabric8.kubernetes.client.http.WebSocket;
import io.fabric8.kubernetes.client.http.WebSocketResponse;
import io.fabric8.kubernetes.client.vertx5.Vertx5HttpClient;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * fabric8's HTTP client over {@link LaneTransport}: a request goes on a free {@link WriteLanes} lane
 * when it is one a lane carries, else on the multiplexed connection; WebSockets always on the latter.
 * fabric8's request path ({@link StandardHttpClient}: interceptors, retries, timeouts) is the same for both.
 */
final class LaneHttpClient extends StandardHttpClient<LaneHttpClient, LaneTransport, LaneHttpClientBuilder> {

    private final Vertx5HttpClient<?> multiplexed;
    private final WriteLanes lanes;

    LaneHttpClient(LaneHttpClientBuilder builder, AtomicBoolean closed, Vertx5HttpClient<?> multiplexed, WriteLanes lanes) {
        super(builder, closed);
        this.multiplexed = multiplexed;
        this.lanes = lanes;
    }

    Vertx5HttpClient<?> multiplexed() {
        return multiplexed;
    }

    WriteLanes lanes() {
        return lanes;
    }

    @Override
    public CompletableFuture<HttpResponse<AsyncBody>> consumeBytesDirect(StandardHttpRequest request, AsyncBody.Consumer<List<ByteBuffer>> consumer) {
        return lanes.send(request, consumer).orElseGet(() -> multiplexed.consumeBytesDirect(request, consumer));
    }

    @Override
    public CompletableFuture<WebSocketResponse> buildWebSocketDirect(StandardWebSocketBuilder builder, WebSocket.Listener listener) {
        return multiplexed.buildWebSocketDirect(builder, listener);
    }

    @Override
    protected void doClose() {
        multiplexed.close();
    }
}
