package dev.stateful.app.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.app.ExitCodes;
import dev.stateful.app.cli.ServeCommand;
import dev.stateful.grpc.runtime.Channels;
import dev.stateful.grpc.runtime.ClientSettings;
import dev.stateful.grpc.v1.ApplyRequest;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import io.grpc.ManagedChannel;
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
            Commands.Run status = Commands.rollout("status", "web", "--server", served.address(), "--timeout", "60");

            assertThat(status.exit()).as(status.err()).isZero();
            assertThat(status.out().strip()).endsWith("partitioned roll out complete: 3 new pods have been updated...");
        }
    }

    @Test
    void historyAndUndoWorkLikeKubectl() throws Exception {
        try (Commands.Served served = Commands.serve("--time-scale", "10", "--file", Commands.WEB.toString())) {
            assertThat(Commands.rollout("status", "web", "--server", served.address(), "--timeout", "60").exit()).isZero();
            Commands.Run nothingToUndo = Commands.rollout("undo", "web", "--server", served.address());
            assertThat(nothingToUndo.exit()).isEqualTo(ExitCodes.FAILURE);
            assertThat(nothingToUndo.err()).isEqualTo("error: no last revision to roll back to" + System.lineSeparator());

            applyImage(served, "registry.k8s.io/nginx-slim:0.9");
            Commands.Run rollout = Commands.rollout("status", "web", "--server", served.address(), "--timeout", "60");
            assertThat(rollout.exit()).isZero();
            assertThat(rollout.out()).contains("pod web-0 deleted", "pod web-0 is Running and Ready",
                    "waiting for web-1 to be available (Ready for minReadySeconds=10)");
            assertThat(rollout.out().lines().filter(l -> l.startsWith("partitioned roll out complete"))).hasSize(1);

            Commands.Run history = Commands.rollout("history", "web", "--server", served.address());
            assertThat(history.out()).startsWith("statefulset.apps/web" + System.lineSeparator() + "REVISION  CHANGE-CAUSE");
            assertThat(history.out()).containsPattern("1\\s+<none>\\s+registry.k8s.io/nginx-slim:0.8\\s+0")
                    .containsPattern("2\\s+<none>\\s+registry.k8s.io/nginx-slim:0.9\\s+3 \\(update\\)");

            assertThat(Commands.rollout("undo", "web", "--server", served.address()).out().strip()).isEqualTo("statefulset.apps/web rolled back");
            assertThat(Commands.rollout("status", "web", "--server", served.address(), "--timeout", "60").exit()).isZero();
            assertThat(Commands.rollout("history", "web", "--server", served.address()).out())
                    .containsPattern("3\\s+<none>\\s+registry.k8s.io/nginx-slim:0.8\\s+3 \\(update\\)");

            Commands.Run unknown = Commands.rollout("undo", "web", "--to-revision", "9", "--server", served.address());
            assertThat(unknown.exit()).isEqualTo(ExitCodes.FAILURE);
            assertThat(unknown.err()).contains("error: unable to find specified revision 9 in history");
        }
    }

    @Test
    void withATokenOnlyTheRightTokenGetsIn(@TempDir Path dir) throws Exception {
        Path token = Files.writeString(dir.resolve("token"), "s3cret-token\n");
        Path wrong = Files.writeString(dir.resolve("wrong"), "guess\n");
        try (Commands.Served served = Commands.serve("--token-file", token.toString(), "--file", Commands.WEB.toString())) {
            Commands.Run anonymous = Commands.rollout("history", "web", "--server", served.address());
            Commands.Run guessed = Commands.rollout("history", "web", "--server", served.address(), "--token-file", wrong.toString());
            Commands.Run allowed = Commands.rollout("history", "web", "--server", served.address(), "--token-file", token.toString());

            assertThat(anonymous.exit()).isEqualTo(ExitCodes.FAILURE);
            assertThat(anonymous.err()).contains("missing bearer token", "use --token-file or set STATEFUL_TOKEN");
            assertThat(guessed.err()).contains("invalid bearer token").doesNotContain("guess\n", "s3cret");
            assertThat(allowed.exit()).isZero();
            assertThat(served.process().out()).contains("bearer token required").doesNotContain("s3cret");
        }
    }

    @Test
    void serveRefusesToListenBeyondLoopbackWithoutAToken() {
        Commands.Run run = Commands.run(new ServeCommand(), "--bind", "0.0.0.0", "--port", "0");

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).contains("error: refusing to listen on 0.0.0.0 without authentication");
    }

    @Test
    void tlsFlagsGoTogether() {
        Commands.Run run = Commands.run(new ServeCommand(), "--tls-cert", "cert.pem", "--port", "0");

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).contains("--tls-cert and --tls-key go together");
    }

    @Test
    void anUnreachableServerIsOneLine() {
        Commands.Run run = Commands.rollout("status", "web", "--server", "127.0.0.1:1", "--timeout", "10");

        assertThat(run.exit()).isEqualTo(ExitCodes.FAILURE);
        assertThat(run.err()).isEqualTo("error: cannot reach 127.0.0.1:1: connection refused" + System.lineSeparator());
    }
}
