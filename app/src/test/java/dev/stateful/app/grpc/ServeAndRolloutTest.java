package dev.stateful.app.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.app.CommandRun;
import dev.stateful.app.ExitCodes;
import dev.stateful.app.cli.ServeCommand;
import dev.stateful.domain.testing.HostileManifests;
import dev.stateful.grpc.runtime.Channels;
import dev.stateful.grpc.runtime.ClientSettings;
import dev.stateful.grpc.v1.ApplyRequest;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import io.grpc.ManagedChannel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code stateful serve} with the controller on the in-memory cluster, steered by {@code stateful rollout}. */
class ServeAndRolloutTest {

    private static void applyImage(Commands.Served served, String image) throws Exception {
        String manifest = Files.readString(Commands.WEB).replace("registry.k8s.io/nginx-slim:0.8", image);
        ManagedChannel channel = Channels.open(ClientSettings.plaintext(served.address()));
        try {
            StatefulSetServiceGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS)
                    .apply(ApplyRequest.newBuilder().setManifest(manifest).build());
        } finally {
            channel.shutdownNow();
        }
    }

    @Test
    void rolloutStatusFollowsTheControllerUntilTheRolloutIsComplete() throws Exception {
        try (Commands.Served served = Commands.serve("--time-scale", "50", "--file", Commands.WEB.toString())) {
            CommandRun status = Commands.rollout("status", "web", "--server", served.address(), "--timeout", "60");

            assertThat(status.exit()).as(status.err()).isZero();
            assertThat(status.out().strip()).endsWith("partitioned roll out complete: 3 new pods have been updated...");
        }
    }

    @Test
    void historyAndUndoWorkLikeKubectl() throws Exception {
        try (Commands.Served served = Commands.serve("--time-scale", "10", "--file", Commands.WEB.toString())) {
            assertThat(Commands.rollout("status", "web", "--server", served.address(), "--timeout", "60").exit()).isZero();
            CommandRun nothingToUndo = Commands.rollout("undo", "web", "--server", served.address());
            assertThat(nothingToUndo.exit()).isEqualTo(ExitCodes.FAILURE);
            assertThat(nothingToUndo.err()).isEqualTo("error: no last revision to roll back to" + System.lineSeparator());

            applyImage(served, "registry.k8s.io/nginx-slim:0.9");
            CommandRun rollout = Commands.rollout("status", "web", "--server", served.address(), "--timeout", "60");
            assertThat(rollout.exit()).isZero();
            assertThat(rollout.out()).contains("pod web-0 deleted", "pod web-0 is Running and Ready",
                    "waiting for web-1 to be available (Ready for minReadySeconds=10)");
            assertThat(rollout.out().lines().filter(l -> l.startsWith("partitioned roll out complete"))).hasSize(1);

            CommandRun history = Commands.rollout("history", "web", "--server", served.address());
            assertThat(history.out()).startsWith("statefulset.apps/web" + System.lineSeparator() + "REVISION  CHANGE-CAUSE");
            assertThat(history.out()).containsPattern("1\\s+<none>\\s+registry.k8s.io/nginx-slim:0.8\\s+0")
                    .containsPattern("2\\s+<none>\\s+registry.k8s.io/nginx-slim:0.9\\s+3 \\(update\\)");

            assertThat(Commands.rollout("undo", "web", "--server", served.address()).out().strip()).isEqualTo("statefulset.apps/web rolled back");
            assertThat(Commands.rollout("status", "web", "--server", served.address(), "--timeout", "60").exit()).isZero();
            assertThat(Commands.rollout("history", "web", "--server", served.address()).out())
                    .containsPattern("3\\s+<none>\\s+registry.k8s.io/nginx-slim:0.8\\s+3 \\(update\\)");

            CommandRun unknown = Commands.rollout("undo", "web", "--to-revision", "9", "--server", served.address());
            assertThat(unknown.exit()).isEqualTo(ExitCodes.FAILURE);
            assertThat(unknown.err()).contains("error: unable to find specified revision 9 in history");
        }
    }

    @Test
    void withATokenOnlyTheRightTokenGetsIn(@TempDir Path dir) throws Exception {
        Path token = Files.writeString(dir.resolve("token"), "s3cret-token\n");
        Path wrong = Files.writeString(dir.resolve("wrong"), "guess\n");
        try (Commands.Served served = Commands.serve("--token-file", token.toString(), "--file", Commands.WEB.toString())) {
            CommandRun anonymous = Commands.rollout("history", "web", "--server", served.address());
            CommandRun guessed = Commands.rollout("history", "web", "--server", served.address(), "--token-file", wrong.toString());
            CommandRun allowed = Commands.rollout("history", "web", "--server", served.address(), "--token-file", token.toString());

            assertThat(anonymous.exit()).isEqualTo(ExitCodes.FAILURE);
            assertThat(anonymous.err()).contains("missing bearer token", "use --token-file or set STATEFUL_TOKEN");
            assertThat(guessed.err()).contains("invalid bearer token").doesNotContain("guess\n", "s3cret");
            assertThat(allowed.exit()).isZero();
            assertThat(served.process().out()).contains("bearer token required").doesNotContain("s3cret");
        }
    }

    @Test
    void anAliasBombGivenToApplyFailsFastOnTheNodeLimitAndServeGoesOn() throws Exception {
        try (Commands.Served served = Commands.serve("--file", Commands.WEB.toString())) {
            ManagedChannel channel = Channels.open(ClientSettings.plaintext(served.address()));
            try {
                var stub = StatefulSetServiceGrpc.newBlockingStub(channel).withDeadlineAfter(20, TimeUnit.SECONDS);
                io.grpc.StatusRuntimeException e = org.assertj.core.api.Assertions.catchThrowableOfType(io.grpc.StatusRuntimeException.class,
                        () -> stub.apply(ApplyRequest.newBuilder().setManifest(HostileManifests.aliasBomb()).build()));

                assertThat(e.getStatus().getCode()).isEqualTo(io.grpc.Status.Code.INVALID_ARGUMENT);
                assertThat(e.getStatus().getDescription()).contains("YAML node limit");
                assertThat(stub.listStatefulSets(dev.stateful.grpc.v1.ListStatefulSetsRequest.getDefaultInstance()).getStatefulSetsCount())
                        .isEqualTo(1);
            } finally {
                channel.shutdownNow();
            }
        }
    }

    @Test
    void aSetScaledToTheLargestReplicaCountGetsPodsAndTheServerStaysServing() throws Exception {
        // cluster time 50 times faster: the example's minReadySeconds pass before the next pod of the OrderedReady set
        try (Commands.Served served = Commands.serve("--time-scale", "50", "--file", Commands.WEB.toString())) {
            CommandRun scaled = Commands.main("scale", "web", "--replicas", "2147483647", "--server", served.address());
            assertThat(scaled.exit()).as(scaled.err()).isZero();
            ManagedChannel channel = Channels.open(ClientSettings.plaintext(served.address()));
            try {
                var health = io.grpc.health.v1.HealthGrpc.newBlockingStub(channel);
                var stub = StatefulSetServiceGrpc.newBlockingStub(channel);
                dev.stateful.grpc.v1.GetStatefulSetRequest web = dev.stateful.grpc.v1.GetStatefulSetRequest.newBuilder()
                        .setRef(dev.stateful.grpc.v1.ObjectRef.newBuilder().setName("web")).build();
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (stub.withDeadlineAfter(10, TimeUnit.SECONDS).getStatefulSet(web).getPodsCount() <= 3 && System.nanoTime() < until) {
                    TimeUnit.MILLISECONDS.sleep(100);
                }
                assertThat(stub.withDeadlineAfter(10, TimeUnit.SECONDS).getStatefulSet(web).getPodsCount()).isGreaterThan(3);
                assertThat(health.withDeadlineAfter(10, TimeUnit.SECONDS).check(io.grpc.health.v1.HealthCheckRequest.getDefaultInstance())
                        .getStatus()).isEqualTo(io.grpc.health.v1.HealthCheckResponse.ServingStatus.SERVING);
            } finally {
                channel.shutdownNow();
            }
        }
    }

    @Test
    void serveRefusesToListenBeyondLoopbackWithoutAToken() {
        CommandRun run = Commands.run(new ServeCommand(), "--bind", "0.0.0.0", "--port", "0");

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).contains("error: refusing to listen on 0.0.0.0 without authentication");
    }

    @Test
    void serveRefusesBeyondLoopbackATokenShorterThan32Bytes(@TempDir Path dir) throws IOException {
        Path token = Files.writeString(dir.resolve("token"), "x\n");

        CommandRun run = Commands.run(new ServeCommand(), "--bind", "0.0.0.0", "--port", "0", "--token-file", token.toString(),
                "--insecure-plaintext");

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).contains("error: refusing to listen on 0.0.0.0 with a 1-byte token").doesNotContain("\tat ");
    }

    @Test
    void serveRefusesPlaintextBeyondLoopbackUnlessAskedForWithInsecurePlaintext(@TempDir Path dir) throws IOException {
        Path token = Files.writeString(dir.resolve("token"), "0123456789abcdef0123456789abcdef\n");

        CommandRun run = Commands.run(new ServeCommand(), "--bind", "0.0.0.0", "--port", "0", "--token-file", token.toString());

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).contains("error: refusing to serve plaintext on 0.0.0.0", "--insecure-plaintext");
    }

    @Test
    void serveRefusesCallLimitsBelowOne() {
        CommandRun run = Commands.run(new ServeCommand(), "--port", "0", "--max-streams", "0");

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).contains("every call limit and the thread count must be at least 1");
    }

    @Test
    void tlsFlagsGoTogether() {
        CommandRun run = Commands.run(new ServeCommand(), "--tls-cert", "cert.pem", "--port", "0");

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).contains("--tls-cert and --tls-key go together");
    }

    @Test
    void anUnreachableServerIsOneLine() {
        CommandRun run = Commands.rollout("status", "web", "--server", "127.0.0.1:1", "--timeout", "10");

        assertThat(run.exit()).isEqualTo(ExitCodes.FAILURE);
        assertThat(run.err()).isEqualTo("error: cannot reach 127.0.0.1:1: connection refused" + System.lineSeparator());
    }
}
