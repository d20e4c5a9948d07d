package dev.stateful.inmemory.driver;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.kubelet.PodBehaviour;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A cluster that never settles says what kept it moving, so the test's author can see why. */
@ExtendWith(InMemoryClusterExtension.class)
class SettleFailureTest {

    static final String WEB = """
            apiVersion: apps/v1
            kind: StatefulSet
            metadata: {name: web}
            spec:
              selector: {matchLabels: {app: web}}
              serviceName: web
              replicas: 2
              template:
                metadata: {labels: {app: web}}
                spec: {containers: [{name: web, image: nginx}]}
            """;

    @Test
    void aPodThatKeepsCrashingIsNamedWithTheWritesThatKeptComing(InMemoryCluster cluster, ControllerDriver driver) {
        cluster.apply(WEB);
        cluster.kubelet().behave("web-1", PodBehaviour.CRASH);

        assertThatThrownBy(() -> driver.settle(200, Duration.ofDays(1)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("the cluster did not settle within 200 rounds")
                .hasMessageContaining("of cluster time")
                .hasMessageContaining("CONTROLLER DELETE PODS default/web-1")
                .hasMessageContaining("CONTROLLER CREATE PODS default/web-1")
                .hasMessageContaining("KUBELET UPDATE_STATUS PODS default/web-1");
    }
}
