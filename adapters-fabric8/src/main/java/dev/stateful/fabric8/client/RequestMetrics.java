package dev.stateful.fabric8.client;

import io.fabric8.kubernetes.client.http.AsyncBody;
import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.http.Interceptor;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * client-go's REST client metrics (k8s.io/client-go/tools/metrics, as registered by
 * component-base's restclient adapter): {@code rest_client_requests_total{code,method,host}} for
 * every response (code {@code <error>} when no response came) and
 * {@code rest_client_request_duration_seconds{verb,host}}, a histogram with client-go's buckets.
 */
final class RequestMetrics implements Interceptor {

    static final String NAME = "stateful-client-metrics";
    static final String REQUESTS = "rest_client_requests";
    static final String DURATION = "rest_client_request_duration";
    static final String NO_RESPONSE = "<error>";

    /** client-go's requestLatency buckets: 0.005 .. 60 s. */
    private static final Duration[] BUCKETS = Stream.of(5, 25, 100, 250, 500, 1000, 2000, 4000, 8000, 15_000, 30_000, 60_000)
            .map(Duration::ofMillis).toArray(Duration[]::new);

    /**
     * When the request left, carried on the request itself: fabric8 builds a new request (with a
     * new id) after the interceptors' {@code before}, so nothing else ties the response to it.
     */
    static final String SENT_AT = "X-Stateful-Sent-At";

    private final MeterRegistry registry;
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();
    private final Map<String, Timer> timers = new ConcurrentHashMap<>();

    RequestMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
        builder.setHeader(SENT_AT, Long.toString(System.nanoTime()));
    }

    @Override
    public void after(HttpRequest request, HttpResponse<?> response, AsyncBody.Consumer<List<ByteBuffer>> consumer) {
        record(request, Integer.toString(response.code()));
    }

    @Override
    public void afterConnectionFailure(HttpRequest request, Throwable failure) {
        record(request, NO_RESPONSE);
    }

    private void record(HttpRequest request, String code) {
        String host = host(request.uri());
        String method = request.method();
        // the meters of each label set are looked up once, not built and registered again per response
        counters.computeIfAbsent(code + ' ' + method + ' ' + host, key -> Counter.builder(REQUESTS)
                .description("Number of HTTP requests, partitioned by status code, method, and host.")
                .tags("code", code, "method", method, "host", host).register(registry)).increment();
        String sentAt = request.header(SENT_AT);
        if (sentAt != null) {
            long start = Long.parseLong(sentAt);
            timers.computeIfAbsent(method + ' ' + host, key -> Timer.builder(DURATION)
                    .description("Request latency in seconds. Broken down by verb, and host.")
                    .tags("verb", method, "host", host).serviceLevelObjectives(BUCKETS).register(registry))
                    .record(Duration.ofNanos(System.nanoTime() - start));
        }
    }

    static String host(URI uri) {
        return uri.getPort() < 0 ? uri.getHost() : uri.getHost() + ":" + uri.getPort();
    }
}
