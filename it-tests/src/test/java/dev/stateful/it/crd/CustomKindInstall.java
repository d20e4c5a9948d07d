package dev.stateful.it.crd;

import dev.stateful.it.support.RealCluster;
import dev.stateful.testsupport.crd.OurKindDefinition;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** What each end-to-end class of our kind starts from: the CRD and deploy/crd/'s role installed, {@code --kinds crd} running. */
final class CustomKindInstall {

    static final Path CRD_DIR = Path.of("..", "deploy", "crd");
    static final String CRD_CONTROLLER = "crd-controller";

    private CustomKindInstall() {
    }

    static void installTheKindAndStartTheController(RealCluster cluster, Duration timeout) throws IOException {
        KubernetesClient admin = cluster.plane().admin();
        OurKindDefinition.install(admin, CRD_DIR, timeout);
        for (String manifest : List.of("clusterrole.yaml", "clusterrolebinding.yaml")) {
            try (InputStream in = Files.newInputStream(CRD_DIR.resolve(manifest))) {
                for (HasMetadata object : admin.load(in).items()) {
                    admin.resource(object).create();
                }
            }
        }
        // started at once, as `kubectl apply -k deploy/crd/` does: the controller waits until the new kind is served.
        // deploy/crd/'s ClusterRole alone (no apps/v1 StatefulSet rights), and the election Role
        cluster.bindLikeDeploy(CRD_CONTROLLER, "stateful-controller-crd", "stateful-controller-leader-election");
        cluster.startController(CRD_CONTROLLER, "--kinds=crd");
    }
}
