package dev.stateful.app.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.app.controller.MetricsReviewer.Verdict;
import dev.stateful.testsupport.tls.InsecureSkipVerify;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The secure metrics port: kube-controller-manager's delegated authentication and authorisation of /metrics. */
class SecureHealthServerTest {

    /** Tokens the fake API server knows, and whether their user may get /metrics. */
    static final Map<String, Verdict> TOKENS = Map.of("prometheus-token", Verdict.ALLOWED, "someone-token", Verdict.FORBIDDEN);

    final List<String> reviewed = new CopyOnWriteArrayList<>();
    final AtomicBoolean reviewsFail = new AtomicBoolean();
    final AtomicBoolean synced = new AtomicBoolean();
    final MetricsReviewer reviewer = token -> {
        reviewed.add(token);
        if (reviewsFail.get()) {
            throw new IllegalStateException("the API server is unreachable");
        }
        return TOKENS.getOrDefault(token, Verdict.UNAUTHENTICATED);
    };
    final HealthServer server = new HealthServer(new InetSocketAddress("127.0.0.1", 0), () -> "workqueue_depth 0.0\n",
            synced::get, () -> true,
            Optional.of(new HealthServer.Secure(ServingCertificate.selfSigned("127.0.0.1", Instant.now()), reviewer)));

    @AfterEach
    void stop() {
        server.close();
    }

    HttpResponse<String> get(String path, String authorization) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + server.port() + path));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return InsecureSkipVerify.httpClient()
                .send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void metricsWithoutABearerTokenIsUnauthorizedAndAsksTheApiServerNothing() throws Exception {
        assertThat(get("/metrics", null).statusCode()).isEqualTo(401);
        assertThat(get("/metrics", "Basic cHJvbWV0aGV1czpzZWNyZXQ=").statusCode()).isEqualTo(401);
        assertThat(reviewed).isEmpty();
    }

    @Test
    void aTokenTheApiServerDoesNotAuthenticateIsUnauthorized() throws Exception {
        HttpResponse<String> response = get("/metrics", "Bearer forged-token");

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.body()).doesNotContain("workqueue_depth");
        assertThat(reviewed).containsExactly("forged-token");
    }

    @Test
    void anAuthenticatedUserWithoutTheRuleIsForbidden() throws Exception {
        HttpResponse<String> response = get("/metrics", "Bearer someone-token");

        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.body()).doesNotContain("workqueue_depth");
    }

    @Test
    void aUserAllowedToGetMetricsReadsThem() throws Exception {
        HttpResponse<String> response = get("/metrics", "bearer  prometheus-token ");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("workqueue_depth 0.0\n");
        assertThat(response.headers().firstValue("Content-Type")).contains(HealthServer.PROMETHEUS_TEXT);
        assertThat(reviewed).containsExactly("prometheus-token");
    }

    @Test
    void theProbesAnswerWithoutATokenAsKubeControllerManagersAlwaysAllowPathsDo() throws Exception {
        assertThat(get("/healthz", null).statusCode()).isEqualTo(200);
        assertThat(get("/readyz", null).statusCode()).isEqualTo(503);
        synced.set(true);
        assertThat(get("/readyz", null).statusCode()).isEqualTo(200);
        assertThat(reviewed).isEmpty();
    }

    @Test
    void aReviewThatFailsIsAServerErrorNeverAnAllowance() throws Exception {
        reviewsFail.set(true);

        HttpResponse<String> response = get("/metrics", "Bearer prometheus-token");

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(response.body()).doesNotContain("workqueue_depth");
    }

    @Test
    void thePortSpeaksOnlyHttps() {
        HttpRequest plain = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/healthz")).build();

        assertThat(server.secure()).isTrue();
        assertThatThrownBy(() -> HttpClient.newHttpClient().send(plain, HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(IOException.class);
    }

    @Test
    void theBearerTokenIsTheValueAfterTheBearerScheme() {
        assertThat(HealthServer.bearerToken("Bearer abc")).contains("abc");
        assertThat(HealthServer.bearerToken("BEARER abc")).contains("abc");
        assertThat(HealthServer.bearerToken("Bearer ")).isEmpty();
        assertThat(HealthServer.bearerToken("Bearerabc")).isEmpty();
        assertThat(HealthServer.bearerToken(null)).isEmpty();
    }
}
