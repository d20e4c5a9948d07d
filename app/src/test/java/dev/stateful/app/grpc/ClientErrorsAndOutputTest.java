package dev.stateful.app.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.app.CommandRun;
import dev.stateful.app.ExitCodes;
import dev.stateful.codec.JsonParser;
import dev.stateful.domain.json.Json;
import dev.stateful.grpc.testing.Certificates;
import dev.stateful.testsupport.LoopbackPorts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/** The client commands through the real main: {@code -o} for rollout status and history, and failures in a person's words. */
class ClientErrorsAndOutputTest {

    static int closedPort() {
        return LoopbackPorts.free();
    }

    @Test
    void rolloutHistoryAndStatusPrintJsonYamlAndWide() throws Exception {
        try (Commands.Served served = Commands.serve("--time-scale", "50", "--file", Commands.WEB.toString())) {
            CommandRun status = Commands.main("rollout", "status", "web", "--server", served.address(), "--timeout", "60", "-o", "json");
            CommandRun json = Commands.main("rollout", "history", "web", "--server", served.address(), "-o", "json");
            CommandRun yaml = Commands.main("rollout", "history", "web", "--server", served.address(), "-o", "yaml");
            CommandRun wide = Commands.main("rollout", "history", "web", "--server", served.address(), "-o", "wide");

            assertThat(status.exit()).as(status.err()).isZero();
            // a stream of objects, the last one the completion
            String last = status.out().substring(status.out().lastIndexOf("\n{") + 1);
            assertThat(JsonParser.parseObject(last).objectOrEmpty("done").string("message").orElseThrow())
                    .isEqualTo("partitioned roll out complete: 3 new pods have been updated...");

            assertThat(json.exit()).isZero();
            Json.Obj revision = JsonParser.parseObject(json.out()).array("revisions").get(0).asObject().orElseThrow();
            assertThat(revision.string("name").orElseThrow()).startsWith("web-");
            assertThat(revision.array("images")).containsExactly(Json.of("registry.k8s.io/nginx-slim:0.8"));
            assertThat(revision.integer("pods")).contains(3L);

            Map<String, Object> fromYaml = new Yaml().load(yaml.out());
            assertThat(Json.from(fromYaml)).isEqualTo(JsonParser.parseObject(json.out()));

            assertThat(wide.exit()).isZero();
            assertThat(wide.out().lines().skip(1).findFirst().orElseThrow()).containsPattern("REVISION\\s+CHANGE-CAUSE\\s+IMAGES\\s+PODS\\s+NAME\\s+CREATED");
            assertThat(wide.out()).containsPattern("1\\s+<none>\\s+registry.k8s.io/nginx-slim:0.8\\s+3 \\(update\\)\\s+"
                    + revision.string("name").orElseThrow() + "\\s+\\d{4}-\\d\\d-\\d\\dT");
        }
    }

    @Test
    void rolloutCommandsTakeKubectlsTypedNameAndRefuseAnotherType() throws Exception {
        try (Commands.Served served = Commands.serve("--time-scale", "50", "--file", Commands.WEB.toString())) {
            CommandRun status = Commands.main("rollout", "status", "statefulset/web", "--server", served.address(), "--timeout", "60");
            CommandRun history = Commands.main("rollout", "history", "sts/web", "--server", served.address());
            CommandRun deployment = Commands.main("rollout", "undo", "deployment/web", "--server", served.address());

            assertThat(status.exit()).as(status.err()).isZero();
            assertThat(history.exit()).as(history.err()).isZero();
            assertThat(history.out()).startsWith("statefulset.apps/web");
            assertThat(deployment.exit()).isEqualTo(ExitCodes.INVALID);
            assertThat(deployment.err()).contains("error: the server doesn't have a resource type \"deployment\"");
        }
    }

    @Test
    void badClientFlagsAreInvalidInputWithOneLineAndNoStackTrace(@TempDir Path dir) {
        List<List<String>> bad = List.of(
                List.of("rollout", "history", "web", "--server", "localhost:99999"),
                List.of("rollout", "status", "web", "--server", "::1:5000"),
                List.of("scale", "web", "--replicas", "2", "--server", "localhost"),
                List.of("scale", "web", "--replicas", "2", "--server", "127.0.0.1:" + closedPort(), "--token-file", dir.resolve("none").toString()),
                List.of("scale", "web", "--replicas", "2", "--server", "127.0.0.1:" + closedPort(), "--tls-ca", dir.resolve("none").toString()),
                List.of("engine", "--ports", "grpc://127.0.0.1:" + closedPort(), "--tls-cert", dir.resolve("none").toString(), "--tls-key", dir.resolve("none").toString()),
                List.of("rollout", "status", "web", "--server", "127.0.0.1:" + closedPort(), "--timeout", "-5"),
                List.of("rollout", "status", "web", "--server", "127.0.0.1:" + closedPort(), "--progress-deadline", "0"),
                List.of("engine", "--ports", "grpc://127.0.0.1:" + closedPort(), "--resync-seconds", "0"),
                List.of("engine", "--ports", "grpc://127.0.0.1:" + closedPort(), "--call-timeout-seconds", "-1"));
        for (List<String> args : bad) {
            CommandRun run = Commands.main(args.toArray(String[]::new));
            assertThat(run.exit()).as(String.join(" ", args) + ": " + run.err()).isEqualTo(ExitCodes.INVALID);
            assertThat(run.err()).as(String.join(" ", args)).doesNotContain("\tat ", "Exception");
        }
    }

    @Test
    void aRefusedConnectionIsSaidInWords() throws IOException {
        int port = closedPort();

        CommandRun run = Commands.main("rollout", "history", "web", "--server", "127.0.0.1:" + port);

        assertThat(run.exit()).isEqualTo(ExitCodes.FAILURE);
        assertThat(run.err()).isEqualTo("error: cannot reach 127.0.0.1:" + port + ": connection refused" + System.lineSeparator());
    }

    @Test
    void aServerCertificateTheClientDoesNotTrustIsSaidInWords(@TempDir Path dir) throws Exception {
        Certificates.Issued cert = Certificates.authority(dir, "private").server("server");
        try (Commands.Served served = Commands.serve("--tls-cert", cert.certificate().toString(), "--tls-key", cert.privateKey().toString(),
                "--file", Commands.WEB.toString())) {
            CommandRun untrusted = Commands.main("rollout", "history", "web", "--server", served.address(), "--tls");
            CommandRun plaintext = Commands.main("rollout", "history", "web", "--server", served.address());

            assertThat(untrusted.exit()).isEqualTo(ExitCodes.FAILURE);
            assertThat(untrusted.err()).startsWith("error: TLS: server certificate not trusted").doesNotContain("Pipeline", "Handler");
            assertThat(plaintext.exit()).isEqualTo(ExitCodes.FAILURE);
            assertThat(plaintext.err()).startsWith("error: cannot reach " + served.address()).doesNotContain("Pipeline", "Handler");
        }
    }

    @Test
    void aTimeoutSaysHowLongAndWhatFor() throws Exception {
        // real time: web's minReadySeconds=10 keeps its rollout going far longer than the timeout
        try (Commands.Served served = Commands.serve("--file", Commands.WEB.toString())) {
            CommandRun run = Commands.main("rollout", "status", "web", "--server", served.address(), "--timeout", "1");

            assertThat(run.exit()).isEqualTo(ExitCodes.FAILURE);
            assertThat(run.err()).isEqualTo("error: timed out after 1s waiting for web" + System.lineSeparator());
        }
    }

    @Test
    void theEngineSaysAtTheDefaultLevelWhenItCannotReachItsPortsServer() throws Exception {
        int port = closedPort();
        try (Commands.Background engine = Commands.engine("--ports", "grpc://127.0.0.1:" + port)) {
            engine.await(Pattern.compile("warning: cannot reach 127\\.0\\.0\\.1:" + port + ": connection refused; retrying until it answers"),
                    Duration.ofSeconds(30));
        }
    }

    @Test
    void theEngineSaysAtTheDefaultLevelWhenItsServerDoesNotServeTheRemotePorts() throws Exception {
        try (Commands.Served served = Commands.serve("--file", Commands.WEB.toString());
                Commands.Background engine = Commands.engine("--ports", "grpc://" + served.address())) {
            engine.await(Pattern.compile("warning: the server at " + Pattern.quote(served.address())
                    + " refuses the cluster watch: Method not found: stateful\\.v1\\.ClusterEventsService/WatchCluster \\(is it `stateful serve --remote-ports`, or another server of the remote ports\\?\\); "
                    + "nothing is synced until it accepts it, retrying"), Duration.ofSeconds(30));
        }
    }

    @Test
    void theEngineSaysAtTheDefaultLevelWhenItsServerRefusesItsToken(@TempDir Path dir) throws Exception {
        Path token = Files.writeString(dir.resolve("token"), "a-token-of-at-least-thirty-two-bytes-0123456789");
        Path wrong = Files.writeString(dir.resolve("wrong"), "another-token-of-at-least-thirty-two-bytes-0123");
        try (Commands.Served served = Commands.serve("--remote-ports", "--file", Commands.WEB.toString(), "--token-file", token.toString());
                Commands.Background engine = Commands.engine("--ports", "grpc://" + served.address(), "--token-file", wrong.toString())) {
            engine.await(Pattern.compile("warning: the server at " + Pattern.quote(served.address())
                    + " refuses the cluster watch: .*\\(use --token-file or set STATEFUL_TOKEN\\); nothing is synced until it accepts it, retrying"),
                    Duration.ofSeconds(30));
        }
    }

    @Test
    void theEnginesHelpNamesTheServerOneWay() {
        CommandRun help = Commands.main("engine", "--help");

        assertThat(help.out()).contains("--ports").doesNotContain("--server");
        assertThat(List.of(help.out().split("\\R"))).anyMatch(l -> l.contains("grpc://127.0.0.1:50051"));
    }
}
