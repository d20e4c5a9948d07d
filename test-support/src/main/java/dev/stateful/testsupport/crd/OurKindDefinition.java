package dev.stateful.testsupport.crd;

import dev.stateful.testsupport.Eventually;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** Our kind's CustomResourceDefinition (deploy/crd/), installed as the end-to-end tests and the bench need it. */
public final class OurKindDefinition {

    /** The CRD's name: the kind's plural and group. */
    public static final String NAME = "statefulsets.apps.stateful.dev";
    /** Its manifest's file name in deploy/crd/. */
    public static final String FILE = "customresourcedefinition.yaml";

    private OurKindDefinition() {
    }

    /**
     * Creates the CRD of {@code crdDir}'s {@value #FILE} and waits until the API server says it is
     * Established: until then a list of the kind is refused.
     */
    public static void install(KubernetesClient admin, Path crdDir, Duration timeout) throws IOException {
        try (InputStream in = Files.newInputStream(crdDir.resolve(FILE))) {
            admin.load(in).items().forEach(object -> admin.resource(object).create());
        }
        Eventually.await("the CRD " + NAME + " established", timeout, () -> {
            CustomResourceDefinition crd = admin.apiextensions().v1().customResourceDefinitions().withName(NAME).get();
            return crd.getStatus() != null && crd.getStatus().getConditions().stream()
                    .anyMatch(c -> c.getType().equals("Established") && c.getStatus().equals("True"));
        });
    }
}
