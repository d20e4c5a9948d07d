package dev.stateful.it.crd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.app.wiring.Injectors;
import dev.stateful.fabric8.preflight.CustomKindInstalledCheck;
import dev.stateful.it.support.TestCluster;

import dev.stateful.testsupport.controlplane.ControlPlane;
import dev.stateful.testsupport.controlplane.ControlPlaneExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * deploy/crd/customresourcedefinition.yaml is what {@link CrdGenerator} makes of the apps/v1
 * OpenAPI document of the kube-apiserver the tests run (v1.36.3): nobody edits the schema by hand.
 * {@code -Dcrd.write=true} writes it instead of comparing. On this control plane the CRD is not
 * installed, which {@code --kinds crd} refuses with what to do.
 */
class GeneratedCrdIT {

    static final Path CRD = Path.of("..", "deploy", "crd", "customresourcedefinition.yaml");

    @RegisterExtension
    static final ControlPlaneExtension plane = new ControlPlaneExtension("", ControlPlane.Options.defaults());

    @Test
    void theCommittedCrdIsTheOneGeneratedFromTheApiServersAppsV1Schema() throws IOException {
        ControlPlane server = plane.get();
        String generated = CrdGenerator.generate(server.admin().raw(server.url() + "/openapi/v3/apis/apps/v1"));
        if (Boolean.getBoolean("crd.write")) {
            Files.writeString(CRD, generated);
        }
        assertThat(Files.readString(CRD)).as("deploy/crd/customresourcedefinition.yaml; regenerate with -Dcrd.write=true")
                .isEqualTo(generated);
    }

    @Test
    void ourKindsControllerRefusesToStartWhereTheCrdIsNotInstalled() {
        assertThatThrownBy(() -> Injectors.startController(TestCluster.controllerSettings(plane.get().kubeconfig("admin"), "--kinds=crd")))
                .isInstanceOf(CustomKindInstalledCheck.NotInstalledException.class)
                .hasMessageContaining("statefulsets.apps.stateful.dev is not served by this cluster")
                .hasMessageContaining("kubectl apply --server-side -k deploy/crd/");
    }
}
