package dev.stateful.it.crd;

import static org.assertj.core.api.Assertions.assertThat;

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
 * {@code -Dcrd.write=true} writes it instead of comparing.
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
}
