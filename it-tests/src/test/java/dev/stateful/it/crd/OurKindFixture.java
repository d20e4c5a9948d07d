package dev.stateful.it.crd;

import dev.stateful.it.support.RealCluster;
import dev.stateful.it.support.RealClusterExtension;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the end-to-end classes of our kind run on: a real control plane whose kube-controller-manager
 * runs its own StatefulSet controller, our kind installed and {@code --kinds crd} running once for the
 * class ({@link CustomKindInstall}), and each test in a namespace of its own with {@link CustomSets} there.
 */
abstract class OurKindFixture {

    static final Duration TIMEOUT = Duration.ofSeconds(90);

    @RegisterExtension
    static final RealClusterExtension real = new RealClusterExtension("", RealCluster.withUpstreamController());
    static RealCluster cluster;

    String namespace;
    CustomSets sets;

    @BeforeAll
    static void installTheKindAndStartTheController() throws IOException {
        cluster = real.get();
        CustomKindInstall.installTheKindAndStartTheController(cluster, TIMEOUT);
    }

    @BeforeEach
    void freshNamespace() {
        namespace = cluster.newNamespace();
        sets = new CustomSets(cluster.client(), namespace);
    }
}
