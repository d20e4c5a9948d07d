package dev.stateful.inmemory.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.kubelet.KubeletTimings;
import org.junit.jupiter.api.Test;

/** {@link ClusterConfig} alone registers the extension it configures: without it, the parameters would have no resolver. */
@ClusterConfig(instantKubelet = true)
class ClusterConfigAloneTest {

    @Test
    void theClusterAndItsDriverAreHandedOverAsConfigured(InMemoryCluster cluster, ControllerDriver driver) {
        assertThat(driver.cluster()).isSameAs(cluster);
        assertThat(cluster.kubelet().timings()).isEqualTo(KubeletTimings.instant());
    }
}
