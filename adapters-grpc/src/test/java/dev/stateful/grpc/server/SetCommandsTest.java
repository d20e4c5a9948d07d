package dev.stateful.grpc.server;

import static dev.stateful.grpc.testing.ServiceHarness.WEB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.grpc.testing.BadRequests;
import dev.stateful.grpc.testing.Manifests;
import dev.stateful.grpc.testing.ServiceHarness;
import dev.stateful.grpc.testing.Sets;
import dev.stateful.grpc.v1.AppliedObject;
import dev.stateful.grpc.v1.ApplyRequest;
import dev.stateful.grpc.v1.ApplyResponse;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.RollbackRequest;
import dev.stateful.grpc.v1.RollbackResponse;
import dev.stateful.grpc.v1.ScaleRequest;
import dev.stateful.grpc.v1.SetPartitionRequest;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Scale, SetPartition, Rollback and Apply: the writes a user makes, and the controller acting on them. */
class SetCommandsTest {

    private final ServiceHarness harness = ServiceHarness.withWebRunning();

    @AfterEach
    void close() {
        harness.close();
    }

    private List<String> podImages() {
        return harness.cluster.stores().pods().list("default").stream().sorted(PodIdentity.ASCENDING_ORDINAL)
                .map(p -> p.name() + "=" + p.spec().array("containers").get(0).asObject().orElseThrow().string("image").orElseThrow())
                .toList();
    }

    private static StatusRuntimeException failure(Runnable call) {
        return catchThrowableOfType(StatusRuntimeException.class, call::run);
    }

    @Nested
    class Scale {

        @Test
        void scalingChangesTheSpecAndTheControllerFollows() {
            var response = harness.stub.scale(ScaleRequest.newBuilder().setRef(WEB).setReplicas(5).build());
            Sets.settle(harness.cluster);

            assertThat(response.getStatefulSet().getDesiredReplicas()).isEqualTo(5);
            assertThat(harness.cluster.stores().pods().list("default")).extracting(Pod::name)
                    .containsExactlyInAnyOrder("web-0", "web-1", "web-2", "web-3", "web-4");
        }

        @Test
        void aNegativeCountIsRefusedWithTheFieldItBreaks() {
            StatusRuntimeException e = failure(() -> harness.stub.scale(ScaleRequest.newBuilder().setRef(WEB).setReplicas(-1).build()));

            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(BadRequests.fields(e)).containsExactly("spec.replicas");
            assertThat(Sets.get(harness.cluster, Sets.WEB).spec().replicas()).isEqualTo(3);
        }

        @Test
        void anUnknownSetIsNotFound() {
            StatusRuntimeException e = failure(() -> harness.stub.scale(ScaleRequest.newBuilder()
                    .setRef(ObjectRef.newBuilder().setNamespace("prod").setName("web")).setReplicas(1).build()));

            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
        }

        @Test
        void aRequestWithoutANameIsInvalid() {
            StatusRuntimeException e = failure(() -> harness.stub.scale(ScaleRequest.newBuilder().setReplicas(1).build()));

            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(BadRequests.fields(e)).containsExactly("ref.name");
        }
    }

    @Nested
    class Partition {

        @Test
        void aPartitionHoldsTheLowerOrdinalsBackUntilItIsLowered() {
            harness.stub.setPartition(SetPartitionRequest.newBuilder().setRef(WEB).setPartition(2).build());
            Sets.setImage(harness.cluster, Sets.WEB, "nginx:1.26");
            Sets.settle(harness.cluster);

            assertThat(podImages()).containsExactly("web-0=nginx:1.25", "web-1=nginx:1.25", "web-2=nginx:1.26");

            harness.stub.setPartition(SetPartitionRequest.newBuilder().setRef(WEB).setPartition(0).build());
            Sets.settle(harness.cluster);

            assertThat(podImages()).containsExactly("web-0=nginx:1.26", "web-1=nginx:1.26", "web-2=nginx:1.26");
        }

        @Test
        void anOnDeleteSetHasNoPartition() {
            StatefulSet set = Sets.get(harness.cluster, Sets.WEB);
            harness.cluster.user().statefulSets().update(set.withSpec(set.spec().withUpdateStrategy(UpdateStrategy.onDelete())));

            StatusRuntimeException e = failure(() -> harness.stub.setPartition(SetPartitionRequest.newBuilder().setRef(WEB).setPartition(1).build()));

            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
            assertThat(e.getStatus().getDescription()).contains("OnDelete");
        }
    }

    @Nested
    class Rollback {

        @BeforeEach
        void rolledOutASecondImage() {
            Sets.setImage(harness.cluster, Sets.WEB, "nginx:1.26");
            Sets.settle(harness.cluster);
        }

        @Test
        void revisionZeroGoesBackToThePreviousTemplateAndTheControllerRenumbersIt() {
            RollbackResponse response = harness.stub.rollback(RollbackRequest.newBuilder().setRef(WEB).build());
            Sets.settle(harness.cluster);

            assertThat(response.getSkipped()).isFalse();
            assertThat(response.getTarget().getRevision()).isEqualTo(1);
            assertThat(response.getMessage()).isEqualTo("statefulset.apps/web rolled back");
            assertThat(podImages()).containsOnly("web-0=nginx:1.25", "web-1=nginx:1.25", "web-2=nginx:1.25");
            assertThat(harness.cluster.stores().revisions().list("default")).hasSize(2)
                    .anySatisfy(r -> assertThat(r.revision()).isEqualTo(3));
        }

        @Test
        void aSetOfOurKindIsNamedByItsOwnResource() {
            try (ServiceHarness ours = ServiceHarness.inMemory()) {
                ours.stub.apply(ApplyRequest.newBuilder().setManifest(Manifests.webOfOurKind(3, "nginx:1.25")).build());
                Sets.settle(ours.cluster);
                Sets.setImage(ours.cluster, Sets.WEB, "nginx:1.26");
                Sets.settle(ours.cluster);

                RollbackResponse response = ours.stub.rollback(RollbackRequest.newBuilder().setRef(WEB).build());

                assertThat(response.getMessage()).isEqualTo("statefulset.apps.stateful.dev/web rolled back");
            }
        }

        @Test
        void aNamedRevisionThatIsCurrentAlreadyIsSkipped() {
            RollbackResponse response = harness.stub.rollback(RollbackRequest.newBuilder().setRef(WEB).setToRevision(2).build());

            assertThat(response.getSkipped()).isTrue();
            assertThat(response.getMessage()).isEqualTo("skipped rollback (current template already matches revision 2)");
        }

        @Test
        void aRevisionNotInTheHistoryIsNotFound() {
            StatusRuntimeException e = failure(() -> harness.stub.rollback(RollbackRequest.newBuilder().setRef(WEB).setToRevision(7).build()));

            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
            assertThat(e.getStatus().getDescription()).isEqualTo("unable to find specified revision 7 in history");
        }
    }

    @Test
    void withASingleRevisionThereIsNothingToRollBackTo() {
        StatusRuntimeException e = failure(() -> harness.stub.rollback(RollbackRequest.newBuilder().setRef(WEB).build()));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
        assertThat(e.getStatus().getDescription()).isEqualTo("no last revision to roll back to");
    }

    @Nested
    class Apply {

        private static final String SERVICE = """
                apiVersion: v1
                kind: Service
                metadata:
                  name: nginx
                spec:
                  clusterIP: None
                """;

        @Test
        void applyingAgainReplacesTheObject() {
            ApplyResponse response = harness.stub.apply(ApplyRequest.newBuilder().setManifest(Manifests.web(4, "nginx:1.25")).build());

            assertThat(response.getAppliedList()).singleElement().satisfies(a -> {
                assertThat(a.getKind()).isEqualTo("StatefulSet");
                assertThat(a.getRef().getName()).isEqualTo("web");
                assertThat(a.getCreated()).isFalse();
            });
            assertThat(Sets.get(harness.cluster, Sets.WEB).spec().replicas()).isEqualTo(4);
        }

        @Test
        void aManifestWithOneRefusedDocumentAppliesNothingAndNamesEveryProblem() {
            String manifest = SERVICE + "---\n" + Manifests.web(3, "nginx:1.25").replace("name: web", "name: db").replace("matchLabels", "matchLables");

            StatusRuntimeException e = failure(() -> harness.stub.apply(ApplyRequest.newBuilder().setManifest(manifest).build()));

            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(BadRequests.fields(e)).contains("documents[2].spec.selector.matchLables");
            assertThat(harness.cluster.stores().services().list("default")).isEmpty();
            assertThat(harness.cluster.stores().statefulSets().list("default")).extracting(StatefulSet::name).containsExactly("web");
        }

        @Test
        void aSetTheApiServerWouldRejectIsFoundBeforeAnythingIsWritten() {
            String manifest = SERVICE + "---\n" + Manifests.web(3, "nginx:1.25").replace("name: web", "name: db").replace("replicas: 3", "replicas: -1");

            StatusRuntimeException e = failure(() -> harness.stub.apply(ApplyRequest.newBuilder().setManifest(manifest).build()));

            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(BadRequests.fields(e)).containsExactly("documents[2].spec.replicas");
            assertThat(harness.cluster.stores().services().list("default")).isEmpty();
        }

        @Test
        void anUpdateIsCheckedAsAnUpdate_immutableFieldsOfAnExistingSetAreRefused() {
            String manifest = SERVICE + "---\n" + Manifests.web(3, "nginx:1.25").replace("serviceName: nginx", "serviceName: other");

            StatusRuntimeException e = failure(() -> harness.stub.apply(ApplyRequest.newBuilder().setManifest(manifest).build()));

            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(BadRequests.fields(e)).singleElement().asString().startsWith("documents[2].spec");
            assertThat(Sets.get(harness.cluster, Sets.WEB).spec().serviceName()).isEqualTo("nginx");
            assertThat(harness.cluster.stores().services().list("default")).isEmpty();
        }

        @Test
        void metadataTheClusterWouldRefuseOnAnyKindIsFoundBeforeAnythingIsWritten() {
            String manifest = Manifests.web(3, "nginx:1.25").replace("name: web", "name: db") + "---\n"
                    + SERVICE.replace("name: nginx", "name: Nginx_Headless\n  labels:\n    \"bad key!\": x");

            StatusRuntimeException e = failure(() -> harness.stub.apply(ApplyRequest.newBuilder().setManifest(manifest).build()));

            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(BadRequests.fields(e)).containsExactly("documents[2].metadata.name", "documents[2].metadata.labels");
            assertThat(BadRequests.of(e)).extracting(v -> v.getDescription()).satisfiesExactly(
                    name -> assertThat(name).contains("metadata.name: Invalid value: \"Nginx_Headless\""),
                    label -> assertThat(label).contains("metadata.labels: Invalid value: \"bad key!\""));
            assertThat(harness.cluster.stores().statefulSets().list("default")).extracting(StatefulSet::name).containsExactly("web");
            assertThat(harness.cluster.stores().services().list("default")).isEmpty();
        }

        @Test
        void whenNothingCanBeAppliedTheCallFailsWithEveryFinding() {
            StatusRuntimeException e = failure(() -> harness.stub.apply(ApplyRequest.newBuilder()
                    .setManifest(Manifests.web(3, "nginx:1.25").replace("matchLabels", "matchLables")).build()));

            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(BadRequests.fields(e)).contains("documents[1].spec.selector.matchLables");
        }

        @Test
        void textThatIsNotYamlIsInvalid() {
            StatusRuntimeException e = failure(() -> harness.stub.apply(ApplyRequest.newBuilder().setManifest("a: [b").build()));

            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            // the contract: every INVALID_ARGUMENT names its fields in a google.rpc.BadRequest
            assertThat(BadRequests.of(e)).singleElement().satisfies(v -> {
                assertThat(v.getField()).isEqualTo("manifest");
                assertThat(v.getDescription()).startsWith("not valid YAML: ").contains("line");
            });
        }
    }
}
