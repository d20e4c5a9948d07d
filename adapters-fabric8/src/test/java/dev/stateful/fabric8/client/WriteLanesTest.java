package dev.stateful.fabric8.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.fabric8.kubernetes.client.http.AsyncBody;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.http.StandardHttpRequest;
import io.vertx.core.Vertx;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class WriteLanesTest {

    /** What the server received, one line a request: method, path, content type, authorization, body and the client's port. */
    private final List<String> received = new CopyOnWriteArrayList<>();
    private final List<Integer> clientPorts = new CopyOnWriteArrayList<>();
    private volatile CountDownLatch hold = new CountDownLatch(0);
    private final CountDownLatch arrived = new CountDownLatch(1);
    private HttpServer server;
    private String url;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", this::answer);
        server.start();
        url = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        hold.countDown();
        server.stop(0);
    }

    private void answer(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        received.add(exchange.getRequestMethod() + " " + exchange.getRequestURI() + " " + exchange.getRequestHeaders().getFirst("Content-Type")
                + " " + exchange.getRequestHeaders().getFirst("Authorization") + " " + body);
        clientPorts.add(exchange.getRemoteAddress().getPort());
        arrived.countDown();
        try {
            hold.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        boolean conflict = exchange.getRequestURI().getPath().endsWith("/taken");
        byte[] answer = (conflict ? "{\"kind\":\"Status\",\"code\":409}" : "{\"kind\":\"Pod\"}").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Audit-Id", "a1");
        exchange.sendResponseHeaders(conflict ? 409 : 201, answer.length);
        exchange.getResponseBody().write(answer);
        exchange.close();
    }

    private static WriteLanes lanes(int count) throws Exception {
        return new WriteLanes(count, SSLContext.getDefault().getSocketFactory(), true, Duration.ofSeconds(2));
    }

    private StandardHttpRequest post(String path) {
        return (StandardHttpRequest) new StandardHttpRequest.Builder().uri(url + path)
                .header("Authorization", "Bearer t").method("POST", "application/json", "{\"kind\":\"Pod\"}").build();
    }

    /** The answer's body as the consumer is given it. */
    private static String read(HttpResponse<AsyncBody> response, List<ByteBuffer> chunks) throws Exception {
        response.body().consume();
        response.body().done().get(5, TimeUnit.SECONDS);
        StringBuilder text = new StringBuilder();
        chunks.forEach(chunk -> text.append(StandardCharsets.UTF_8.decode(chunk)));
        return text.toString();
    }

    @Test
    void a_write_is_sent_on_a_lane_and_its_answer_read_whole_on_the_calling_thread() throws Exception {
        List<ByteBuffer> chunks = new ArrayList<>();

        Optional<CompletableFuture<HttpResponse<AsyncBody>>> sent = lanes(1).send(post("/api/v1/namespaces/ns/pods"), (chunk, body) -> chunks.addAll(chunk));

        assertThat(sent).isPresent();
        assertThat(sent.get()).as("answered before send returns").isDone();
        HttpResponse<AsyncBody> response = sent.get().get();
        assertThat(response.code()).isEqualTo(201);
        assertThat(response.header("audit-id")).isEqualTo("a1");
        assertThat(read(response, chunks)).isEqualTo("{\"kind\":\"Pod\"}");
        assertThat(received).containsExactly("POST /api/v1/namespaces/ns/pods application/json Bearer t {\"kind\":\"Pod\"}");
    }

    @Test
    void updates_and_deletes_with_their_bodies_go_on_lanes_too() throws Exception {
        WriteLanes lanes = lanes(1);

        for (String method : List.of("PUT", "DELETE")) {
            StandardHttpRequest request = (StandardHttpRequest) new StandardHttpRequest.Builder().uri(url + "/api/v1/namespaces/ns/pods/p")
                    .method(method, "application/json", "{\"kind\":\"DeleteOptions\"}").build();
            assertThat(lanes.send(request, (chunk, body) -> { }).orElseThrow().get().code()).isEqualTo(201);
        }

        assertThat(received).containsExactly(
                "PUT /api/v1/namespaces/ns/pods/p application/json null {\"kind\":\"DeleteOptions\"}",
                "DELETE /api/v1/namespaces/ns/pods/p application/json null {\"kind\":\"DeleteOptions\"}");
    }

    @Test
    void a_write_asks_for_json_as_client_go_does_unless_it_says_otherwise() throws Exception {
        List<String> accepts = new CopyOnWriteArrayList<>();
        server.createContext("/accept", exchange -> {
            accepts.add(exchange.getRequestHeaders().getFirst("Accept"));
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        WriteLanes lanes = lanes(1);

        lanes.send(post("/accept"), (chunk, body) -> { }).orElseThrow().get();
        lanes.send((StandardHttpRequest) new StandardHttpRequest.Builder().uri(url + "/accept").header("Accept", "application/yaml")
                .method("POST", "application/json", "{}").build(), (chunk, body) -> { }).orElseThrow().get();

        assertThat(accepts).containsExactly("application/json, */*", "application/yaml");
    }

    @Test
    void an_error_status_is_an_answer_for_fabric8_to_read_not_a_failure() throws Exception {
        List<ByteBuffer> chunks = new ArrayList<>();

        HttpResponse<AsyncBody> response = lanes(1).send(post("/api/v1/namespaces/ns/pods/taken"), (chunk, body) -> chunks.addAll(chunk)).orElseThrow().get();

        assertThat(response.code()).isEqualTo(409);
        assertThat(read(response, chunks)).contains("\"code\":409");
    }

    @Test
    void writes_one_after_another_share_one_kept_alive_connection() throws Exception {
        WriteLanes lanes = lanes(1);

        for (int i = 0; i < 3; i++) {
            lanes.send(post("/api/v1/namespaces/ns/pods"), (chunk, body) -> { }).orElseThrow().get();
        }

        assertThat(clientPorts).hasSize(3);
        assertThat(clientPorts).as("one connection, no handshake per write").containsOnly(clientPorts.get(0));
    }

    @Test
    void reads_patches_streamed_bodies_and_streamed_answers_are_left_to_the_multiplexed_connection() throws Exception {
        WriteLanes lanes = lanes(1);
        AsyncBody.Consumer<List<ByteBuffer>> ignore = (chunk, body) -> { };

        assertThat(lanes.send((StandardHttpRequest) new StandardHttpRequest.Builder().uri(url + "/api/v1/pods").build(), ignore)).isEmpty();
        assertThat(lanes.send((StandardHttpRequest) new StandardHttpRequest.Builder().uri(url + "/api/v1/namespaces/ns/pods/p")
                .method("PATCH", "application/merge-patch+json", "{}").build(), ignore)).isEmpty();
        assertThat(lanes.send((StandardHttpRequest) new StandardHttpRequest.Builder().uri(url + "/api/v1/namespaces/ns/pods")
                .method("POST", "application/json", new ByteArrayInputStream(new byte[2]), 2L).build(), ignore)).isEmpty();
        assertThat(lanes.send((StandardHttpRequest) new StandardHttpRequest.Builder().uri(url + "/api/v1/namespaces/ns/pods")
                .method("POST", "application/json", "{}").forStreaming().build(), ignore)).isEmpty();
        assertThat(received).as("nothing sent").isEmpty();
    }

    @Test
    void a_write_does_not_wait_for_a_lane_when_every_lane_is_busy() throws Exception {
        WriteLanes lanes = lanes(1);
        hold = new CountDownLatch(1);
        CompletableFuture<Optional<CompletableFuture<HttpResponse<AsyncBody>>>> first = CompletableFuture.supplyAsync(
                () -> lanes.send(post("/api/v1/namespaces/ns/pods"), (chunk, body) -> { }));
        assertThat(arrived.await(5, TimeUnit.SECONDS)).as("the first write reached the server").isTrue();

        assertThat(lanes.send(post("/api/v1/namespaces/ns/pods"), (chunk, body) -> { })).as("the second, while the first holds the lane").isEmpty();

        hold.countDown();
        assertThat(first.get(5, TimeUnit.SECONDS).orElseThrow().get().code()).isEqualTo(201);
        assertThat(lanes.send(post("/api/v1/namespaces/ns/pods"), (chunk, body) -> { })).as("the lane free again").isPresent();
    }

    @Test
    void a_vertx_thread_never_blocks_on_a_lane() throws Exception {
        WriteLanes lanes = lanes(1);
        Vertx vertx = Vertx.vertx();
        try {
            CompletableFuture<Boolean> carried = new CompletableFuture<>();
            vertx.runOnContext(v -> carried.complete(lanes.send(post("/api/v1/namespaces/ns/pods"), (chunk, body) -> { }).isPresent()));

            assertThat(carried.get(5, TimeUnit.SECONDS)).isFalse();
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void a_server_that_cannot_be_reached_fails_the_write() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        StandardHttpRequest request = (StandardHttpRequest) new StandardHttpRequest.Builder().uri("http://127.0.0.1:" + closed + "/api/v1/namespaces/ns/pods")
                .method("POST", "application/json", "{}").build();

        CompletableFuture<HttpResponse<AsyncBody>> sent = lanes(1).send(request, (chunk, body) -> { }).orElseThrow();

        assertThat(sent).isCompletedExceptionally();
        assertThat(catchCause(sent)).isInstanceOf(ConnectException.class);
    }

    @Test
    void a_write_unanswered_within_its_timeout_fails() throws Exception {
        hold = new CountDownLatch(1);
        StandardHttpRequest request = (StandardHttpRequest) new StandardHttpRequest.Builder().uri(url + "/api/v1/namespaces/ns/pods")
                .method("POST", "application/json", "{}").timeout(200, TimeUnit.MILLISECONDS).build();

        CompletableFuture<HttpResponse<AsyncBody>> sent = lanes(1).send(request, (chunk, body) -> { }).orElseThrow();

        assertThat(catchCause(sent)).isInstanceOf(SocketTimeoutException.class);
    }

    private static Throwable catchCause(CompletableFuture<?> future) throws InterruptedException {
        try {
            future.get();
            throw new AssertionError("the write succeeded");
        } catch (ExecutionException e) {
            return e.getCause();
        }
    }
}
