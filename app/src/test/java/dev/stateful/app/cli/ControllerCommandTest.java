package dev.stateful.app.cli;

import static dev.stateful.app.CommandRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.app.CommandRun;
import dev.stateful.app.ExitCodes;
import dev.stateful.app.controller.ControllerSettings;
import dev.stateful.app.controller.InCluster;
import dev.stateful.testsupport.LoopbackPorts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The flags of {@code stateful controller}, their defaults, and how it fails before it ever runs. */
class ControllerCommandTest {

    static final Map<String, String> POD_ENV = Map.of("KUBERNETES_SERVICE_HOST", "10.0.0.1", "KUBERNETES_SERVICE_PORT", "443");

    @TempDir
    Path dir;

    static ControllerSettings parse(InCluster where, String... args) {
        ControllerCommand command = new ControllerCommand(where);
        new CommandLine(command).parseArgs(args);
        return command.settings();
    }

    InCluster outside() {
        return new InCluster(Map.of(), dir.resolve("no-service-account"));
    }

    InCluster inPod(String namespace) throws IOException {
        Path serviceAccount = Files.createDirectories(dir.resolve("serviceaccount"));
        Files.writeString(serviceAccount.resolve("token"), "t");
        Files.writeString(serviceAccount.resolve("namespace"), namespace);
        return new InCluster(POD_ENV, serviceAccount);
    }

    @Test
    void outsideAClusterTheDefaultsAreKubeControllerManagersWithoutLeaderElection() {
        ControllerSettings settings = parse(outside());

        assertThat(settings.namespace()).as("all namespaces").isEmpty();
        assertThat(settings.workers()).isEqualTo(5);
        assertThat(settings.qps()).isEqualTo(20);
        assertThat(settings.burst()).isEqualTo(30);
        assertThat(settings.metricsPort()).isEqualTo(8080);
        assertThat(settings.leaderElect()).isFalse();
        assertThat(settings.kubeconfig()).isNull();
        assertThat(settings.lease()).isEqualTo(new ControllerSettings.Lease("kube-system", "stateful-controller",
                Duration.ofSeconds(15), Duration.ofSeconds(10), Duration.ofSeconds(2)));
    }

    @Test
    void inAPodLeaderElectionIsOnAndTheLeaseLivesInThePodsNamespace() throws IOException {
        ControllerSettings settings = parse(inPod("stateful-system"));

        assertThat(settings.leaderElect()).isTrue();
        assertThat(settings.lease().namespace()).isEqualTo("stateful-system");
    }

    @Test
    void leaderElectionCanBeSwitchedEitherWayExplicitly() throws IOException {
        assertThat(parse(outside(), "--leader-elect").leaderElect()).isTrue();
        assertThat(parse(outside(), "--leader-elect=true").leaderElect()).isTrue();
        assertThat(parse(inPod("x"), "--leader-elect=false").leaderElect()).isFalse();
    }

    @Test
    void everyFlagReachesTheSettings() {
        ControllerSettings settings = parse(outside(), "--kubeconfig", "/etc/kube/config", "--context", "prod", "-n", "databases",
                "--workers", "8", "--lease-namespace", "ops", "--lease-name", "sts", "--leader-elect-lease-duration", "30s",
                "--leader-elect-renew-deadline", "20s", "--leader-elect-retry-period", "500ms", "--qps", "50", "--burst", "100",
                "--metrics-port", "0", "--bind-address", "127.0.0.1");

        assertThat(settings).isEqualTo(new ControllerSettings(Path.of("/etc/kube/config"), "prod", "databases", 8, false,
                new ControllerSettings.Lease("ops", "sts", Duration.ofSeconds(30), Duration.ofSeconds(20), Duration.ofMillis(500)),
                50, 100, 0, "127.0.0.1", ControllerSettings.DEFAULT_KINDS, true));
    }

    @Test
    void theMetricsPortIsSecureUnlessPlainHttpIsAskedFor() {
        assertThat(parse(outside()).metricsServing()).isEqualTo(ControllerSettings.MetricsServing.SECURE_SELF_SIGNED);
        assertThat(parse(outside(), "--metrics-secure=false").metricsServing()).isEqualTo(ControllerSettings.MetricsServing.INSECURE);
        assertThat(parse(outside(), "--tls-cert-file", "/tls/tls.crt", "--tls-private-key-file", "/tls/tls.key").metricsServing())
                .isEqualTo(new ControllerSettings.MetricsServing(true, Path.of("/tls/tls.crt"), Path.of("/tls/tls.key")));
    }

    @Test
    void aCertificateWithoutItsKeyOrOnAPlainPortIsAUsageError() {
        assertThat(run("controller", "--tls-cert-file", "/tls/tls.crt").err()).startsWith("--tls-cert-file and --tls-private-key-file go together");
        assertThat(run("controller", "--tls-private-key-file", "/tls/tls.key").exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run("controller", "--metrics-secure=false", "--tls-cert-file", "/a", "--tls-private-key-file", "/b").err())
                .startsWith("--tls-cert-file and --tls-private-key-file need --metrics-secure=true");
    }

    @Test
    void anUnreadableServingCertificateIsRefusedBeforeConnectingWithExitCodeTwo() {
        Path missing = dir.resolve("tls.crt");

        CommandRun run = run("controller", "--kubeconfig", dir.resolve("nope").toString(), "--tls-cert-file", missing.toString(),
                "--tls-private-key-file", dir.resolve("tls.key").toString());

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err().strip()).isEqualTo("error: --tls-cert-file " + missing + " cannot be read: no such file");
    }

    @Test
    void invalidFlagsAreUsageErrorsWithExitCodeTwo() {
        assertThat(run("controller", "--workers", "0").err()).startsWith("--workers must be at least 1, got 0");
        assertThat(run("controller", "--workers", "0").exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run("controller", "--metrics-port", "70000").err()).startsWith("--metrics-port must be between 0 and 65535");
        assertThat(run("controller", "--leader-elect-renew-deadline", "20s").err())
                .startsWith("leader election needs --leader-elect-retry-period < --leader-elect-renew-deadline < --leader-elect-lease-duration");
        assertThat(run("controller", "--log-format", "xml").err()).contains("invalid log format 'xml': use text or json");
        assertThat(run("controller", "--leader-elect-retry-period", "2").err()).contains("invalid duration '2'");
        // an address, as kube-controller-manager's, refused before connecting (a name would wait for the serving certificate)
        for (String notAnAddress : java.util.List.of("foo.invalid", "300.1.1.1", "localhost")) {
            CommandRun bind = run("controller", "--bind-address", notAnAddress);
            assertThat(bind.exit()).as(notAnAddress).isEqualTo(ExitCodes.INVALID);
            assertThat(bind.err()).startsWith("--bind-address must be an IP address, got \"" + notAnAddress + "\"");
        }
        assertThat(parse(outside(), "--bind-address", "::1").bindAddress()).isEqualTo("::1");
    }

    @Test
    void aNamespaceOrLeaseNameTheApiServerWouldRefuseIsAUsageError() {
        CommandRun lease = run("controller", "--lease-name", "Bad_Name");
        assertThat(lease.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(lease.err()).startsWith("--lease-name must be a valid name, got \"Bad_Name\": a lowercase RFC 1123 subdomain");
        assertThat(run("controller", "--lease-namespace", "kube.system").err()).startsWith("--lease-namespace must be a valid name");
        assertThat(run("controller", "-n", "Prod").exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(parse(outside(), "--lease-name", "stateful.example.com", "--lease-namespace", "ops", "-n", "prod").lease().name())
                .isEqualTo("stateful.example.com");
    }

    @Test
    void aMissingKubeconfigIsOneLineAndExitCodeOne() {
        CommandRun run = run("controller", "--kubeconfig", dir.resolve("nope").toString());

        assertThat(run.exit()).isEqualTo(ExitCodes.FAILURE);
        assertThat(run.err()).isEqualTo("error: kubeconfig " + dir.resolve("nope") + " does not exist" + System.lineSeparator());
    }

    @Test
    void anUnreachableApiServerIsOneLineAndExitCodeOne() throws IOException {
        int closed = LoopbackPorts.free();
        Path kubeconfig = Files.writeString(dir.resolve("config"), """
                apiVersion: v1
                kind: Config
                clusters: [{name: c, cluster: {server: "http://127.0.0.1:%d"}}]
                users: [{name: u, user: {token: t}}]
                contexts: [{name: c, context: {cluster: c, user: u}}]
                current-context: c
                """.formatted(closed));

        CommandRun run = run("controller", "--kubeconfig", kubeconfig.toString(), "--metrics-port", "0", "--bind-address", "127.0.0.1");

        assertThat(run.exit()).isEqualTo(ExitCodes.FAILURE);
        assertThat(run.err()).isEqualTo("error: cannot reach the Kubernetes API server at http://127.0.0.1:" + closed
                + "/: connection refused" + System.lineSeparator());
    }

    /** A kubeconfig whose one context is {@code c}. */
    private Path kubeconfigOfContextC() throws IOException {
        return Files.writeString(dir.resolve("config"), """
                apiVersion: v1
                kind: Config
                clusters: [{name: c, cluster: {server: "http://127.0.0.1:1"}}]
                users: [{name: u, user: {token: t}}]
                contexts: [{name: c, context: {cluster: c, user: u}}]
                current-context: c
                """);
    }

    @Test
    void aContextTheKubeconfigDoesNotHaveIsRefusedLikeKubectlDoes() throws IOException {
        Path kubeconfig = kubeconfigOfContextC();

        CommandRun run = run("controller", "--kubeconfig", kubeconfig.toString(), "--context", "nope", "--metrics-port", "0", "--bind-address", "127.0.0.1");
        CommandRun migrate = run("migrate", "statefulset/web", "--kubeconfig", kubeconfig.toString(), "--context", "nope", "--dry-run");

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).isEqualTo("error: context \"nope\" was not found" + System.lineSeparator());
        assertThat(migrate.exit()).as("migrate, the other command that connects to a cluster").isEqualTo(ExitCodes.INVALID);
        assertThat(migrate.err()).isEqualTo("error: context \"nope\" was not found" + System.lineSeparator());
    }

    @Test
    void migrateTakesTheTypesOfApps1SetsAndRefusesOurKindAndWhatKubectlRefuses() throws IOException {
        Path kubeconfig = kubeconfigOfContextC();
        // a context the kubeconfig lacks is the first thing migrate finds once it has the set's name
        for (String target : List.of("web", "statefulset/web", "StatefulSets.apps/web", "statefulset.v1.apps/web", "sts/web")) {
            CommandRun migrate = run("migrate", target, "--kubeconfig", kubeconfig.toString(), "--context", "nope", "--dry-run");

            assertThat(migrate.err()).as(target).isEqualTo("error: context \"nope\" was not found" + System.lineSeparator());
        }
        CommandRun ours = run("migrate", "statefulsets.apps.stateful.dev/web", "--kubeconfig", kubeconfig.toString());
        CommandRun empty = run("migrate", "sts/", "--kubeconfig", kubeconfig.toString());
        CommandRun deployment = run("migrate", "deployment/web", "--kubeconfig", kubeconfig.toString());

        assertThat(ours.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(ours.err()).startsWith("error: migrate moves an apps/v1 StatefulSet; \"statefulsets.apps.stateful.dev\" names our own kind"
                + " (apps.stateful.dev)" + System.lineSeparator());
        assertThat(empty.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(empty.err()).startsWith("error: arguments in resource/name form must have a single resource and name");
        assertThat(deployment.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(deployment.err()).startsWith("error: the server doesn't have a resource type \"deployment\"");
    }

    @Test
    void helpListsTheFlags() {
        CommandRun run = run("controller", "--help");

        assertThat(run.exit()).isZero();
        assertThat(run.out()).contains("--kubeconfig", "--namespace", "--workers", "--leader-elect", "--lease-namespace", "--lease-name",
                "--qps", "--burst", "--metrics-port", "--log-format");
    }
}
