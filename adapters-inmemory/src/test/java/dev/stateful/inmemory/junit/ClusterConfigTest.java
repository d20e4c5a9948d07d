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

    /** Its configuration differs from the enclosing class's: what a subclass gets tells which one was read. */
    @ClusterConfig(seed = 7)
    static class Configured {
    }

    @Nested
    class Inherited extends Configured {

        @Test
        void aSuperclasssConfigurationComesBeforeTheEnclosingClasss(InMemoryCluster cluster) {
            assertThat(cluster.kubelet().timings()).isEqualTo(KubeletTimings.defaults());
        }
    }
}
