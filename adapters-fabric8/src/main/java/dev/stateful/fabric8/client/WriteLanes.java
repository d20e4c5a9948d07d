package dev.stateful.fabric8.client;

import io.fabric8.kubernetes.client.http.AsyncBody;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.http.StandardHttpRequest;
import io.vertx.core.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLSocketFactory;

/**
 * A few HTTP/1.1 keep-alive connections on which a thread that waits for its write's answer anyway
 * (a worker's pod create or status write, a slow-start batch's call, an event) sends it itself and
 * reads the answer itself: the kernel wakes that thread when the answer arrives. Over the multiplexed
 * HTTP/2 connection the answer is read by the event loop, which then wakes the waiting thread, and the
 * next request goes back to the event loop to be written: three thread wake-ups a round trip where
 * this has one, each of which waits for a core when the API server keeps both busy. client-go's
 * goroutines hand over without the kernel. Measured against kube-controller-manager without rate
 * limits (docs/benchmarks.md, "Writes on lanes of their own"): less of our CPU and shorter OrderedReady
 * syncs.
 *
 * <p>Only what a lane can carry whole goes on one, and only when one is free; everything else, and
 * every request while all lanes are busy, goes on the HTTP/2 connection as before:
 * <ul>
 *   <li>POST, PUT and DELETE (the JDK's {@link HttpURLConnection} has no PATCH; reads, lists and
 *       watches stay multiplexed, so a long list never holds a lane);</li>
 *   <li>a body of text or bytes, no {@code Expect: 100-continue}, no streamed answer;</li>
 *   <li>not from a Vert.x thread, which must not block;</li>
 *   <li>no proxy and no TLS server name of its own in the kubeconfig (the lanes connect directly,
 *       to the address the URL names).</li>
 * </ul>
 * fabric8's interceptors (credentials and their refresh, the rate limit, the request metrics) run
 * before either way: the lanes are only the transport. The JDK keeps a lane's connection open
 * between writes (five idle connections to a server, each for five seconds, as {@link #LANES} assumes)
 * and, since the body is held rather than streamed, sends a write once more on a new connection when a
 * kept-alive one turns out to have been closed by the server; a write the server did get is then
 * answered AlreadyExists, Conflict or NotFound, which the controller takes as it takes any failed
 * write: its next sync reads the cluster again.
 */
final class WriteLanes {

    /**
     * As many lanes as kube-controller-manager's StatefulSet workers ({@code --concurrent-statefulset-syncs}, 5)
     * and as the JDK keeps idle connections to one server ({@code http.maxConnections}, 5): a sixth
     * concurrent writer uses the HTTP/2 connection rather than a connection the JDK would close
     * after one request.
     */
    static final int LANES = 5;
    private static final Set<String> METHODS = Set.of("POST", "PUT", "DELETE");

    private final Semaphore free;
    private final SSLSocketFactory tls;
    private final boolean verifyHostname;
    private final Duration connectTimeout;

    /**
     * @param tls the kubeconfig's trust and client keys, for an {@code https} server
     * @param verifyHostname false when the kubeconfig skips TLS verification ({@code insecure-skip-tls-verify})
     */
    WriteLanes(int lanes, SSLSocketFactory tls, boolean verifyHostname, Duration connectTimeout) {
        this.free = new Semaphore(lanes);
        this.tls = tls;
        this.verifyHostname = verifyHostname;
        this.connectTimeout = connectTimeout;
    }

    /** No lanes: every request on the multiplexed connection. */
    static WriteLanes none() {
        return new WriteLanes(0, null, true, Duration.ZERO);
    }

    /** The answer to {@code request} from a lane, or empty when it is not for one or none is free. */
    Optional<CompletableFuture<HttpResponse<AsyncBody>>> send(StandardHttpRequest request, AsyncBody.Consumer<List<ByteBuffer>> consumer) {
        byte[] body = bodyOf(request);
        if (!carries(request, body) || !free.tryAcquire()) {
            return Optional.empty();
        }
        try {
            return Optional.of(CompletableFuture.completedFuture(exchange(request, body, consumer)));
        } catch (IOException | RuntimeException e) {
            return Optional.of(CompletableFuture.failedFuture(e));
        } finally {
            free.release();
        }
    }

    private boolean carries(StandardHttpRequest request, byte[] body) {
        return METHODS.contains(request.method()) && (body != null || request.body() == null)
                && !request.isExpectContinue() && !request.isForStreaming() && !Context.isOnVertxThread()
                && (tls != null || "http".equals(request.uri().getScheme()));
    }

    private static byte[] bodyOf(StandardHttpRequest request) {
        if (request.body() instanceof StandardHttpRequest.StringBodyContent text) {
            return text.getContent().getBytes(StandardCharsets.UTF_8);
        }
        if (request.body() instanceof StandardHttpRequest.ByteArrayBodyContent bytes) {
            return bytes.getContent();
        }
        return null;
    }

    private HttpResponse<AsyncBody> exchange(StandardHttpRequest request, byte[] body, AsyncBody.Consumer<List<ByteBuffer>> consumer)
            throws IOException {
        HttpURLConnection connection = (HttpURLConnection) request.uri().toURL().openConnection(Proxy.NO_PROXY);
        if (connection instanceof HttpsURLConnection https) {
            https.setSSLSocketFactory(tls);
            if (!verifyHostname) {
                https.setHostnameVerifier((host, session) -> true);
            }
        }
        connection.setUseCaches(false);
        connection.setInstanceFollowRedirects(false);
        connection.setConnectTimeout((int) connectTimeout.toMillis());
        Duration timeout = request.getTimeout();
        connection.setReadTimeout(timeout == null ? 0 : (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
        connection.setRequestMethod(request.method());
        request.headers().forEach((name, values) -> values.forEach(value -> connection.addRequestProperty(name, value)));
        if (request.header("Accept") == null) {
            // client-go's; the JDK's own default asks for images first
            connection.setRequestProperty("Accept", "application/json, */*");
        }
        if (body != null) {
            if (request.getContentType() != null) {
                connection.setRequestProperty("Content-Type", request.getContentType());
            }
            connection.setDoOutput(true);
            // not streamed: before a streamed POST on a kept-alive connection the JDK waits a
            // millisecond for the server to have closed it (HttpClient.available), a second wake-up
            try (OutputStream out = connection.getOutputStream()) {
                out.write(body);
            }
        }
        int code = connection.getResponseCode();
        Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        connection.getHeaderFields().forEach((name, values) -> {
            if (name != null) {
                headers.put(name, values);
            }
        });
        byte[] answer;
        // read to the end, so that the connection goes back to the JDK's keep-alive cache
        try (InputStream in = code >= 400 ? connection.getErrorStream() : connection.getInputStream()) {
            answer = in == null ? new byte[0] : in.readAllBytes();
        }
        return new LaneResponse(code, headers, request, new WholeBody(answer, consumer));
    }
}
