package dev.stateful.app.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HealthServerTest {

    final AtomicBoolean synced = new AtomicBoolean();
    final AtomicBoolean alive = new AtomicBoolean(true);
    final HealthServer server = new HealthServer(new java.net.InetSocketAddress("127.0.0.1", 0),
            () -> "workqueue_depth{name=\"statefulset\"} 0.0\n", synced::get, alive::get);

    @AfterEach
    void stop() {
        server.close();
    }

    HttpResponse<String> send(String method, String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .method(method, HttpRequest.BodyPublishers.noBody()).build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void healthzIsOkWhileTheProcessServes() throws Exception {
        HttpResponse<String> response = send("GET", "/healthz");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("ok\n");
    }

    @Test
    void itListensOnlyOnTheBindAddress() {
        assertThat(server.address().getAddress().isLoopbackAddress()).isTrue();
    }

    @Test
    void healthzFailsOnceTheWorkersAreGone() throws Exception {
        alive.set(false);

        HttpResponse<String> response = send("GET", "/healthz");

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(response.body()).contains("workers are gone");
    }

    @Test
    void readyzIsUnavailableUntilTheCachesHaveSynced() throws Exception {
        HttpResponse<String> before = send("GET", "/readyz");
        synced.set(true);
        HttpResponse<String> after = send("GET", "/readyz");

        assertThat(before.statusCode()).isEqualTo(503);
        assertThat(before.body()).contains("not synced");
        assertThat(after.statusCode()).isEqualTo(200);
    }

    @Test
    void metricsAreServedInThePrometheusTextFormat() throws Exception {
        HttpResponse<String> response = send("GET", "/metrics");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).contains("text/plain; version=0.0.4; charset=utf-8");
        assertThat(response.body()).isEqualTo("workqueue_depth{name=\"statefulset\"} 0.0\n");
    }

    @Test
    void headAnswersWithoutABodyAndOtherMethodsAreRefused() throws Exception {
        assertThat(send("HEAD", "/healthz").statusCode()).isEqualTo(200);
        assertThat(send("POST", "/healthz").statusCode()).isEqualTo(405);
    }

    @Test
    void unknownPathsAreNotFound() throws Exception {
        assertThat(send("GET", "/").statusCode()).isEqualTo(404);
        assertThat(send("GET", "/healthzz").statusCode()).isEqualTo(404);
    }

    @Test
    void aTakenPortIsOneClearError() {
        assertThatThrownBy(() -> new HealthServer(new java.net.InetSocketAddress("127.0.0.1", server.port()), () -> "", () -> true, () -> true))
                .hasMessageStartingWith("cannot serve /metrics on port " + server.port() + ": ");
    }
}
