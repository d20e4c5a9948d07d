package dev.stateful.app.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InClusterTest {

    static final Map<String, String> POD_ENV = Map.of("KUBERNETES_SERVICE_HOST", "10.0.0.1", "KUBERNETES_SERVICE_PORT", "443");

    @TempDir
    Path serviceAccount;

    @Test
    void aPodWithAServiceAccountTokenIsInCluster() throws Exception {
        Files.writeString(serviceAccount.resolve("token"), "t");

        assertThat(new InCluster(POD_ENV, serviceAccount).isInCluster()).isTrue();
    }

    @Test
    void withoutTheServiceEnvironmentOrTheTokenItIsNot() throws Exception {
        assertThat(new InCluster(POD_ENV, serviceAccount).isInCluster()).as("no token").isFalse();
        Files.writeString(serviceAccount.resolve("token"), "t");
        assertThat(new InCluster(Map.of(), serviceAccount).isInCluster()).as("no service environment").isFalse();
    }

    @Test
    void theNamespaceIsTheServiceAccountsOwn() throws Exception {
        assertThat(new InCluster(POD_ENV, serviceAccount).namespace()).isEmpty();
        Files.writeString(serviceAccount.resolve("namespace"), "stateful-system\n");
        assertThat(new InCluster(POD_ENV, serviceAccount).namespace()).contains("stateful-system");
    }
}
