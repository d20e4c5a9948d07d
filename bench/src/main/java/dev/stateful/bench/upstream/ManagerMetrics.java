package dev.stateful.bench.upstream;

import dev.stateful.testsupport.tls.InsecureSkipVerify;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * kube-controller-manager's /metrics on the bench plane's loopback port. Its serving certificate is
 * the self-signed one it makes for itself when given none, so the scrape trusts whatever is served,
 * as a Prometheus scrape config with {@code insecure_skip_verify} does. In HTTP/1.1: over HTTP/2 the
 * JDK's client got a GOAWAY from it for every request.
 */
final class ManagerMetrics {

    private ManagerMetrics() {
    }

    static String scrape(int port) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().sslContext(InsecureSkipVerify.sslContext()).version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + port + "/metrics"))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("kube-controller-manager's /metrics answered " + response.statusCode());
        }
        return response.body();
    }
}
