package dev.stateful.fabric8.client;

import io.fabric8.kubernetes.client.http.AsyncBody;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.http.StandardHttpHeaders;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** An answer read from a {@link WriteLanes} lane, its body already whole. */
final class LaneResponse extends StandardHttpHeaders implements HttpResponse<AsyncBody> {

    private final int code;
    private final HttpRequest request;
    private final AsyncBody body;

    LaneResponse(int code, Map<String, List<String>> headers, HttpRequest request, AsyncBody body) {
        super(headers);
        this.code = code;
        this.request = request;
        this.body = body;
    }

    @Override
    public int code() {
        return code;
    }

    @Override
    public AsyncBody body() {
        return body;
    }

    @Override
    public HttpRequest request() {
        return request;
    }

    @Override
    public Optional<HttpResponse<?>> previousResponse() {
        return Optional.empty();
    }
}
