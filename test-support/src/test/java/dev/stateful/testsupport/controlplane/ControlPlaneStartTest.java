package dev.stateful.testsupport.controlplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a start that goes wrong ends: at once when a component exits, again on other ports when one was taken. */
class ControlPlaneStartTest {

    @Test
    void aComponentThatExitsEndsTheStartAtOnceNamingItsLog() {
        long started = System.nanoTime();

        assertThatThrownBy(() -> ControlPlane.start("bad-gate", ControlPlane.Options.defaults().withFeatureGates("NoSuchGate=true")))
                .hasMessageStartingWith("control plane did not start; logs in ")
                .rootCause().hasMessageContaining("kube-apiserver exited with code");

        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("not the 90 s a readiness wait allows").isLessThan(Duration.ofSeconds(60));
    }

    @Test
    void aLogSayingTheAddressIsInUseIsAPortTakenAndNothingElseIs(@TempDir Path logs) throws Exception {
        Files.writeString(logs.resolve("etcd.log"), "{\"level\":\"info\",\"msg\":\"serving client traffic\"}\n");
        assertThat(ControlPlane.portTaken(logs)).isFalse();

        Files.writeString(logs.resolve("kube-apiserver.log"), "E1206 run.go:72] \"command failed\" err=\"failed to create listener: "
                + "failed to listen on 127.0.0.1:46609: listen tcp 127.0.0.1:46609: bind: address already in use\"\n");
        assertThat(ControlPlane.portTaken(logs)).isTrue();
        assertThat(ControlPlane.portTaken(logs.resolve("absent"))).isFalse();
    }
}
