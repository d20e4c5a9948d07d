package dev.stateful.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.app.controller.RunningController;
import dev.stateful.it.support.RealCluster;
import dev.stateful.it.support.RealClusterExtension;
import dev.stateful.testsupport.tls.InsecureSkipVerify;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBindingBuilder;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The controller's secure metrics port (its default) against a real API server, as kube-controller-manager's
 * secure port behaves: /metrics for a token the API server authenticates (TokenReview) and whose user RBAC
 * lets get /metrics (SubjectAccessReview, deploy/'s stateful-controller-metrics-reader ClusterRole), the probes
 * for anyone. The controller runs as deploy/'s service account with deploy/'s ClusterRole.
 */
class MetricsAuthIT {

    static final String MONITORING = "monitoring";
    static final Pattern TOKEN = Pattern.compile("token: (\\S+)");

    @RegisterExtension
    static final RealClusterExtension real = new RealClusterExtension();
    static RealCluster cluster;
    static RunningController controller;
    static HttpClient https;

    @BeforeAll
    static void startSecureController() {
        cluster = real.get();
        cluster.createNamespace(MONITORING);
        controller = cluster.startController(RealCluster.CONTROLLER, "--metrics-secure=true", "--bind-address=127.0.0.1");
        https = InsecureSkipVerify.httpClient();
    }

    @AfterAll
    static void stop() {
        cluster.stopControllers();
    }

    @Test
    void metricsWithoutATokenAreUnauthorized() throws Exception {
        assertThat(get("/metrics", null).statusCode()).isEqualTo(401);
    }

    @Test
    void aTokenTheApiServerDoesNotKnowIsUnauthorized() throws Exception {
        assertThat(get("/metrics", "not-a-token-of-this-cluster").statusCode()).isEqualTo(401);
    }

    @Test
    void aServiceAccountWithoutTheMetricsRuleIsForbidden() throws Exception {
        HttpResponse<String> response = get("/metrics", tokenOf(account("nosy")));

        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.body()).doesNotContain("workqueue_depth");
    }

    @Test
    void aServiceAccountBoundToDeploysMetricsReaderRoleGetsTheMetrics() throws Exception {
        String prometheus = account("prometheus");
        cluster.client().rbac().clusterRoleBindings().resource(new ClusterRoleBindingBuilder()
                .withNewMetadata().withName("prometheus-stateful-metrics").endMetadata()
                .withNewRoleRef().withApiGroup("rbac.authorization.k8s.io").withKind("ClusterRole")
                .withName("stateful-controller-metrics-reader").endRoleRef()
                .addNewSubject().withKind("ServiceAccount").withName(prometheus).withNamespace(MONITORING).endSubject().build()).create();

        HttpResponse<String> response = get("/metrics", tokenOf(prometheus));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("workqueue_depth{name=\"statefulset\"}");
    }

    @Test
    void theProbesAnswerWithoutAToken() throws Exception {
        assertThat(get("/healthz", null).statusCode()).isEqualTo(200);
        dev.stateful.testsupport.Eventually.await("readyz 200 without a token", Duration.ofSeconds(60),
                () -> get("/readyz", null).statusCode() == 200);
    }

    static HttpResponse<String> get(String path, String token) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + controller.port() + path))
                .timeout(Duration.ofSeconds(10));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        try {
            return https.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Service account {@code name} in {@value #MONITORING}, with no role bound to it. */
    static String account(String name) {
        cluster.client().serviceAccounts().inNamespace(MONITORING).resource(new ServiceAccountBuilder()
                .withNewMetadata().withName(name).endMetadata().build()).create();
        return name;
    }

    static String tokenOf(String account) throws IOException {
        Path kubeconfig = cluster.plane().serviceAccountKubeconfig(MONITORING, account);
        Matcher token = TOKEN.matcher(Files.readString(kubeconfig));
        assertThat(token.find()).as("a token in " + kubeconfig).isTrue();
        return token.group(1);
    }
}
