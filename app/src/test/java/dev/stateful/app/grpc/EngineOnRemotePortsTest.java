package dev.stateful.app.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.app.CommandRun;
import dev.stateful.app.ExitCodes;
import dev.stateful.app.cli.EngineCommand;
import dev.stateful.app.cli.ServeCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code serve --remote-ports} in one role, {@code engine --ports grpc://...} in the other: the set converges. */
class EngineOnRemotePortsTest {

    @Test
    void theEngineDrivesTheServedClusterThroughItsPorts(@TempDir Path dir) throws Exception {
        // the engine keeps wall-clock time, so the cluster runs in real time: a small set without minReadySeconds
        Path manifest = Files.writeString(dir.resolve("web.yaml"), Files.readString(Commands.WEB)
                .replace("replicas: 3", "replicas: 2").replace("minReadySeconds: 10", "minReadySeconds: 0"));
        try (Commands.Served served = Commands.serve("--remote-ports", "--file", manifest.toString())) {
            // the hint is the line after the one serve() waits for: wait for it too, do not read it at once
            String hint = "stateful engine --ports grpc://127.0.0.1:" + served.port();
            assertThat(served.process().await(Pattern.compile(Pattern.quote(hint)), Duration.ofSeconds(10))).isEqualTo(hint);

            try (Commands.Background engine = Commands.engine("--ports", "grpc://" + served.address(), "--resync-seconds", "1")) {
                engine.await(Pattern.compile("the controller runs against the remote ports"), Duration.ofSeconds(30));

                CommandRun status = Commands.rollout("status", "web", "--server", served.address(), "--timeout", "60");

                assertThat(status.exit()).as(status.err()).isZero();
                assertThat(status.out()).contains("pod web-1 is Running and Ready");
                assertThat(status.out().strip()).endsWith("partitioned roll out complete: 2 new pods have been updated...");
            }
        }
    }

    @Test
    void withRemotePortsClusterTimeCannotBeScaled() {
        CommandRun run = Commands.run(new ServeCommand(), "--remote-ports", "--time-scale", "10", "--port", "0");

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).contains("--time-scale must stay 1 with --remote-ports");
    }

    @Test
    void anEngineWithoutAnAddressIsAUsageError() {
        assertThat(Commands.run(new EngineCommand()).exit()).isEqualTo(ExitCodes.INVALID);
    }
}
