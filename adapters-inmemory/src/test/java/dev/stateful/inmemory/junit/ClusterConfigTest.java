package dev.stateful.inmemory.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.kubelet.KubeletTimings;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Where {@link ClusterConfig} is read from: the method, the class, and a {@code @Nested} test's enclosing classes. */
@ExtendWith(InMemoryClusterExtension.class)
@ClusterConfig(instantKubelet = true)
class ClusterConfigTest {

    @Test
    void theClassesConfigurationHolds(InMemoryCluster cluster) {
        assertThat(cluster.kubelet().timings()).isEqualTo(KubeletTimings.instant());
    }

    @Test
    @ClusterConfig
    void theMethodsConfigurationWins(InMemoryCluster cluster) {
        assertThat(cluster.kubelet().timings()).isEqualTo(KubeletTimings.defaults());
    }

    @Nested
    class Nested1 {

        @Nested
        class Nested2 {

            @Test
            void aNestedTestTwoLevelsDownGetsTheEnclosingClassesConfiguration(InMemoryCluster cluster) {
                assertThat(cluster.kubelet().timings()).isEqualTo(KubeletTimings.instant());
            }
        }
    }

    static class Base {
    }

    @ClusterConfig(instantKubelet = true)
    static class Configured extends Base {
    }

    @Nested
    class Inherited extends Configured {

        @Test
        void aSuperclasssConfigurationIsInherited(InMemoryCluster cluster) {
            assertThat(cluster.kubelet().timings()).isEqualTo(KubeletTimings.instant());
        }
    }
}
