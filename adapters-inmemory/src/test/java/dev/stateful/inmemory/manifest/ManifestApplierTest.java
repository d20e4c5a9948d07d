package dev.stateful.inmemory.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.ports.ApiException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Applying YAML manifests like {@code kubectl apply --validate=strict}. */
class ManifestApplierTest {

    private final InMemoryCluster cluster = InMemoryCluster.create();

    private static String resource(String name) {
        try (InputStream in = ManifestApplierTest.class.getResourceAsStream("/manifests/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theNginxExampleCreatesTheHeadlessServiceAndTheStatefulSet() {
        ApplyResult result = cluster.apply(resource("nginx-web.yaml"));

        assertThat(result.hasProblems()).as(result.describeProblems()).isFalse();
        assertThat(result.applied()).containsExactly(
                new ApplyResult.Applied(Kind.SERVICES, new ObjectKey("default", "nginx"), true),
                new ApplyResult.Applied(Kind.STATEFULSETS, new ObjectKey("default", "web"), true));
        StatefulSet web = cluster.reader().statefulSet(new ObjectKey("default", "web")).orElseThrow();
        assertThat(web.spec().replicas()).isEqualTo(3);
        assertThat(web.spec().minReadySeconds()).isEqualTo(10);
        assertThat(web.spec().serviceName()).isEqualTo("nginx");
        assertThat(web.spec().volumeClaimTemplates()).extracting(c -> c.name()).containsExactly("www");
        assertThat(web.metadata().generation()).isEqualTo(1);
        Json.Obj service = cluster.user().services().get(new ObjectKey("default", "nginx")).orElseThrow();
        assertThat(service.objectOrEmpty("spec").string("clusterIP")).contains("None");
    }

    @Test
    void theMisspelledManifestReportsEveryProblemWithItsFieldPathAndLine() {
        ApplyResult result = cluster.applyAllowingProblems(resource("myapp-typos.yaml"));

        assertThat(result.applied()).extracting(ApplyResult.Applied::kind).containsExactly(Kind.SERVICES);
        assertThat(result.problems()).singleElement().satisfies(problem -> {
            assertThat(problem.document()).isEqualTo(2);
            assertThat(problem.kind()).isEqualTo("StatefulSet");
            assertThat(problem.name()).isEqualTo("myapp");
            assertThat(problem.findings()).extracting(Finding::field, Finding::location).containsExactly(
                    tuple("spec.selector.matchLables", new Location(23, 5)),
                    tuple("spec.template.labels", new Location(27, 5)),
                    tuple("spec.volumeClaimTeplates", new Location(39, 3)));
        });
        assertThat(result.describeProblems())
                .contains("document 2 (StatefulSet \"myapp\"):")
                .contains("line 23, column 5: unknown field \"spec.selector.matchLables\"")
                .contains("line 27, column 5: unknown field \"spec.template.labels\"")
                .contains("line 39, column 3: unknown field \"spec.volumeClaimTeplates\"");
        assertThat(cluster.reader().statefulSets("")).isEmpty();
    }

    @Test
    void malformedYamlIsAnExceptionNamingLineAndColumn() {
        String yaml = "apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: web\n   labels: {app: web}\n";

        assertThatThrownBy(() -> cluster.apply(yaml))
                .isInstanceOf(ManifestException.class)
                .hasMessageStartingWith("malformed YAML at line 5, column 10: mapping values are not allowed here")
                .satisfies(e -> assertThat(((ManifestException) e).location()).isEqualTo(new Location(5, 10)));
        assertThat(cluster.audit().query().isEmpty()).isTrue();
    }

    @Test
    void aDuplicateKeyIsMalformed() {
        String yaml = "apiVersion: v1\nkind: Service\nmetadata:\n  name: a\n  name: b\n";

        assertThatThrownBy(() -> cluster.apply(yaml))
                .isInstanceOf(ManifestException.class)
                .hasMessageStartingWith("malformed YAML at line 5, column 3: found duplicate key name");
    }

    @Test
    void aDocumentThatIsNotAnObjectIsMalformed() {
        assertThatThrownBy(() -> cluster.apply("- a\n- b\n"))
                .isInstanceOf(ManifestException.class)
                .hasMessageContaining("document 1 is not an object");
    }

    @Test
    void anUnsupportedKindOrApiVersionIsAProblemAndTheOtherDocumentsAreApplied() {
        String yaml = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\n---\n"
                + "apiVersion: apps/v1beta2\nkind: StatefulSet\nmetadata:\n  name: old\n---\n"
                + "apiVersion: v1\nkind: Service\nmetadata:\n  name: svc\n---\n";

        ApplyResult result = cluster.applyAllowingProblems(yaml);

        assertThat(result.applied()).extracting(a -> a.key().name()).containsExactly("svc");
        assertThat(result.problems()).extracting(ManifestProblem::document).containsExactly(1, 2);
        assertThat(result.describeProblems())
                .contains("kind: Unsupported value: \"Deployment\"")
                .contains("apiVersion: Unsupported value: \"apps/v1beta2\": StatefulSet is served as apps/v1 or apps.stateful.dev/v1alpha1");
    }

    @Test
    void aWrongTypeIsReportedAtItsLine() {
        String yaml = "apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: web\nspec:\n  replicas: three\n";

        ApplyResult result = cluster.applyAllowingProblems(yaml);

        assertThat(result.problems()).singleElement().satisfies(p -> assertThat(p.findings()).singleElement()
                .hasToString("line 6, column 3: spec.replicas: Invalid type: expected an integer, got string \"three\""));
    }

    @Test
    void reapplyingAChangedManifestUpdatesInPlaceAndBumpsTheGeneration() {
        cluster.apply(resource("nginx-web.yaml"));

        ApplyResult again = cluster.apply(resource("nginx-web.yaml").replace("replicas: 3", "replicas: 5"));

        assertThat(again.applied()).extracting(ApplyResult.Applied::created).containsExactly(false, false);
        StatefulSet web = cluster.reader().statefulSet(new ObjectKey("default", "web")).orElseThrow();
        assertThat(web.spec().replicas()).isEqualTo(5);
        assertThat(web.metadata().generation()).isEqualTo(2);
    }

    @Test
    void anAdmissionRejectionIsAProblemOfThatDocument() {
        InMemoryCluster strict = InMemoryCluster.builder().admission((incoming, existing) -> {
            throw new ApiException.Invalid("StatefulSet.apps \"web\" is invalid: spec.selector: Required value");
        }).build();

        ApplyResult result = strict.applyAllowingProblems(resource("nginx-web.yaml"));

        assertThat(result.applied()).extracting(ApplyResult.Applied::kind).containsExactly(Kind.SERVICES);
        assertThat(result.describeProblems()).contains("spec.selector: Required value");
    }

    @Test
    void aSetTheClusterRefusesIsReportedAtEachFieldItRefusesNotAtTheDocument() {
        ApplyResult result = cluster.applyAllowingProblems(resource("nginx-web.yaml")
                .replace("replicas: 3", "replicas: -1").replace("minReadySeconds: 10", "minReadySeconds: -1"));

        assertThat(result.applied()).extracting(ApplyResult.Applied::kind).containsExactly(Kind.SERVICES);
        assertThat(result.problems()).singleElement().satisfies(problem -> {
            assertThat(problem.document()).isEqualTo(2);
            assertThat(problem.findings()).extracting(Finding::field, Finding::location, Finding::message).containsExactly(
                    tuple("spec.replicas", new Location(25, 3), "spec.replicas: Invalid value: -1: must be greater than or equal to 0"),
                    tuple("spec.minReadySeconds", new Location(26, 3),
                            "spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0"));
        });
    }

    @Test
    void metadataTheClusterRefusesOnAnyKindIsReportedAtItsField() {
        String yaml = "apiVersion: v1\nkind: Service\nmetadata:\n  name: nginx\n  labels:\n    \"bad key!\": x\n";

        ApplyResult result = cluster.applyAllowingProblems(yaml);

        assertThat(result.problems()).singleElement().satisfies(problem -> assertThat(problem.findings()).singleElement()
                .satisfies(f -> {
                    assertThat(f.field()).isEqualTo("metadata.labels");
                    assertThat(f.location()).isEqualTo(new Location(5, 3));
                    assertThat(f.message()).startsWith("metadata.labels: Invalid value: \"bad key!\": ");
                }));
    }

    @Test
    void allOrNothingRefusesWhatTheClustersOwnAdmissionWouldAndAppliesNothing() {
        InMemoryCluster strict = InMemoryCluster.builder().admission((incoming, existing) -> {
            throw new ApiException.Invalid("StatefulSet.apps \"web\" is invalid: spec.selector: Required value");
        }).build();

        ApplyResult result = new ManifestApplier(strict.user(), "default").applyAllOrNothing(resource("nginx-web.yaml"));

        assertThat(result.applied()).isEmpty();
        assertThat(result.problems()).extracting(ManifestProblem::document).containsExactly(2);
        assertThat(strict.user().services().list("")).isEmpty();
    }

    @Test
    void allOrNothingChecksAnExistingObjectAsTheUpdateItWouldBe() {
        String pod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: solo\nspec:\n  containers:\n  - name: c\n    image: busybox\n";
        cluster.apply(pod);
        String manifest = resource("nginx-web.yaml") + "---\n" + pod.replace("name: c", "name: renamed");

        ApplyResult result = new ManifestApplier(cluster.user(), "default").applyAllOrNothing(manifest);

        assertThat(result.applied()).isEmpty();
        assertThat(result.problems()).singleElement().satisfies(problem -> {
            assertThat(problem.kind()).isEqualTo("Pod");
            assertThat(problem.findings()).extracting(Finding::field).containsExactly("spec");
        });
        assertThat(cluster.reader().statefulSets("")).isEmpty();
        assertThat(cluster.user().services().list("")).isEmpty();
    }

    @Test
    void allOrNothingChecksASecondDocumentOfOneObjectAsTheUpdateOfWhatTheFirstCreates() {
        String pod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: solo\nspec:\n  containers:\n  - name: c\n    image: busybox\n";
        String manifest = resource("nginx-web.yaml") + "---\n" + pod + "---\n" + pod.replace("name: c", "name: renamed");

        ApplyResult result = new ManifestApplier(cluster.user(), "default").applyAllOrNothing(manifest);

        assertThat(result.applied()).isEmpty();
        assertThat(result.problems()).singleElement().satisfies(problem -> {
            assertThat(problem.document()).isEqualTo(4);
            assertThat(problem.findings()).extracting(Finding::field).containsExactly("spec");
        });
        assertThat(cluster.user().pods().list("")).isEmpty();
        assertThat(cluster.reader().statefulSets("")).isEmpty();
    }

    @Test
    void allOrNothingCountsTheCreatesOfTheWholeManifestAgainstTheObjectLimit() {
        InMemoryCluster small = InMemoryCluster.builder().maxObjects(2).build();
        String claim = "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: NAME\nspec:\n"
                + "  accessModes: [ReadWriteOnce]\n  resources:\n    requests:\n      storage: 1Gi\n";
        String manifest = claim.replace("NAME", "a") + "---\n" + claim.replace("NAME", "b") + "---\n" + claim.replace("NAME", "c");

        ApplyResult result = new ManifestApplier(small.user(), "default").applyAllOrNothing(manifest);

        assertThat(result.applied()).isEmpty();
        assertThat(result.problems()).singleElement().satisfies(problem -> {
            assertThat(problem.document()).isEqualTo(3);
            assertThat(problem.findings()).singleElement().satisfies(f -> assertThat(f.message()).contains("exceeded quota"));
        });
        assertThat(small.user().claims().list("")).isEmpty();
    }

    @Test
    void applyingAnInvalidManifestFailsTheTestWithEveryProblemAndStillAppliesTheValidDocuments() {
        assertThatThrownBy(() -> cluster.apply(resource("myapp-typos.yaml")))
                .isInstanceOf(AssertionError.class)
                .isInstanceOf(InvalidManifestException.class)
                .hasMessageContaining("use applyAllowingProblems")
                .hasMessageContaining("spec.selector.matchLables")
                .hasMessageContaining("spec.volumeClaimTeplates")
                .satisfies(e -> assertThat(((InvalidManifestException) e).result().problems()).hasSize(1));
        assertThat(cluster.user().services().list("default")).hasSize(1);
    }

    @Test
    void aServiceNameIsADnsLabelWhereOtherKindsTakeASubdomain() {
        String service = "apiVersion: v1\nkind: Service\nmetadata:\n  name: web.internal\nspec:\n  clusterIP: None\n";
        String claim = "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: data.web-0\nspec:\n"
                + "  accessModes: [ReadWriteOnce]\n  resources:\n    requests:\n      storage: 1Gi\n";

        ApplyResult result = cluster.applyAllowingProblems(service + "---\n" + claim);

        assertThat(result.applied()).extracting(ApplyResult.Applied::kind).containsExactly(Kind.CLAIMS);
        assertThat(result.problems()).singleElement().satisfies(problem -> {
            assertThat(problem.kind()).isEqualTo("Service");
            assertThat(problem.findings()).singleElement().satisfies(f -> {
                assertThat(f.field()).isEqualTo("metadata.name");
                assertThat(f.message()).contains("must not contain dots");
            });
        });
    }

    @Test
    void anExplicitNamespaceIsKeptAndYamlTimestampsStayStrings() {
        String yaml = "apiVersion: v1\nkind: Service\nmetadata:\n  name: svc\n  namespace: prod\n"
                + "  annotations:\n    deployed: 2026-01-01T00:00:00Z\n";

        cluster.apply(yaml);

        Json.Obj service = cluster.user().services().get(new ObjectKey("prod", "svc")).orElseThrow();
        assertThat(service.objectOrEmpty("metadata").stringMap("annotations")).containsEntry("deployed", "2026-01-01T00:00:00Z");
    }
}
