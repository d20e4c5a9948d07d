package dev.stateful.grpc.server;

import static dev.stateful.grpc.testing.ServiceHarness.WEB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.status.RolloutConditions;
import dev.stateful.grpc.testing.BadRequests;
import dev.stateful.grpc.testing.Manifests;
import dev.stateful.grpc.testing.ServiceHarness;
import dev.stateful.grpc.testing.Sets;
import dev.stateful.grpc.v1.ApplyRequest;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.PauseRequest;
import dev.stateful.grpc.v1.RestartRequest;
import dev.stateful.grpc.v1.ResumeRequest;
import dev.stateful.grpc.v1.SetImageRequest;
import dev.stateful.grpc.v1.SetImageResponse;
import dev.stateful.grpc.v1.SetPartitionRequest;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** SetImage, Restart, Pause and Resume: kubectl's rollout verbs, and the controller acting on them. */
class RolloutVerbsTest {

    private final ServiceHarness harness = ServiceHarness.withWebRunning();

    @AfterEach
    void close() {
        harness.close();
    }

    private List<String> podImages() {
        return podImages(harness);
    }

    private static List<String> podImages(ServiceHarness on) {
        return pods(on).stream()
                .map(p -> p.name() + "=" + p.spec().array("containers").get(0).asObject().orElseThrow().string("image").orElseThrow())
                .toList();
    }

    private List<Pod> pods() {
        return pods(harness);
    }

    private static List<Pod> pods(ServiceHarness on) {
        return on.cluster.stores().pods().list("default").stream().sorted(PodIdentity.ASCENDING_ORDINAL).toList();
    }

    /** {@code web} of our kind (3 replicas of nginx:1.25, ordinal 1 reserved), applied through the service and settled. */
    private static ServiceHarness ourKindRunning() {
        ServiceHarness ours = ServiceHarness.inMemory();
        ours.stub.apply(ApplyRequest.newBuilder().setManifest(Manifests.webOfOurKind(3, "nginx:1.25")).build());
        Sets.settle(ours.cluster);
        return ours;
    }

    private static String progressingReason(StatefulSet set) {
        return set.status().conditions().stream().filter(c -> RolloutConditions.PROGRESSING.equals(c.type()))
                .map(StatefulSetStatus.Condition::reason).findFirst().orElse("");
    }

    private static StatusRuntimeException failure(Runnable call) {
        return catchThrowableOfType(StatusRuntimeException.class, call::run);
    }

    private SetImageResponse setImage(String container, String image) {
        return harness.stub.setImage(SetImageRequest.newBuilder().setRef(WEB).putImages(container, image).build());
    }

    @Test
    void setImageChangesTheNamedContainerAndTheRollingUpdateReplacesEveryPod() {
        SetImageResponse response = setImage("nginx", "nginx:1.26");
        Sets.settle(harness.cluster);

        assertThat(response.getMessage()).isEqualTo("statefulset.apps/web image updated");
        assertThat(response.getStatefulSet().getImagesList()).containsExactly("nginx:1.26");
        assertThat(podImages()).containsExactly("web-0=nginx:1.26", "web-1=nginx:1.26", "web-2=nginx:1.26");
    }

    @Test
    void theStarSetsEveryContainer_andTheSameImageAgainWritesNothing() {
        setImage("*", "nginx:1.27");
        long generation = Sets.get(harness.cluster, Sets.WEB).metadata().generation();

        SetImageResponse again = setImage("nginx", "nginx:1.27");

        assertThat(again.getUnchanged()).isTrue();
        assertThat(Sets.get(harness.cluster, Sets.WEB).metadata().generation()).isEqualTo(generation);
        assertThat(again.getStatefulSet().getImagesList()).containsExactly("nginx:1.27");
    }

    @Test
    void aContainerTheTemplateLacksIsAnInvalidArgumentAndNothingChanges() {
        StatusRuntimeException e = failure(() -> setImage("sidecar", "busybox:1"));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(e.getStatus().getDescription()).isEqualTo("unable to find container named \"sidecar\"");
        assertThat(BadRequests.fields(e)).containsExactly("images[sidecar]");
        assertThat(Sets.get(harness.cluster, Sets.WEB).spec().templateSpec().toString()).contains("nginx:1.25");
    }

    @Test
    void restartStampsTheTemplateAndEveryPodIsReplacedWithANewUid() {
        List<String> before = pods().stream().map(p -> p.metadata().uid()).toList();

        var response = harness.stub.restart(RestartRequest.newBuilder().setRef(WEB).build());
        Sets.settle(harness.cluster);

        assertThat(response.getMessage()).isEqualTo("statefulset.apps/web restarted");
        StatefulSet set = Sets.get(harness.cluster, Sets.WEB);
        assertThat(set.spec().templateMetadata().stringMap("annotations")).containsKey(RolloutVerbs.RESTARTED_AT);
        assertThat(pods()).hasSize(3).extracting(p -> p.metadata().uid()).doesNotContainAnyElementsOf(before);
        assertThat(set.status().currentRevision()).isEqualTo(set.status().updateRevision());
    }

    @Test
    void setImageAndRestartNameASetOfOurKindByItsOwnResource() {
        try (ServiceHarness ours = ourKindRunning()) {
            var image = ours.stub.setImage(SetImageRequest.newBuilder().setRef(WEB).putImages("nginx", "nginx:1.26").build());
            var unchanged = ours.stub.setImage(SetImageRequest.newBuilder().setRef(WEB).putImages("nginx", "nginx:1.26").build());
            var restart = ours.stub.restart(RestartRequest.newBuilder().setRef(WEB).build());

            assertThat(image.getMessage()).isEqualTo("statefulset.apps.stateful.dev/web image updated");
            assertThat(unchanged.getMessage()).isEqualTo("statefulset.apps.stateful.dev/web image unchanged");
            assertThat(restart.getMessage()).isEqualTo("statefulset.apps.stateful.dev/web restarted");
        }
    }

    @Test
    void aPausedRolloutUpdatesNoPodUntilItIsResumedToTheEarlierPartition() {
        harness.stub.setPartition(SetPartitionRequest.newBuilder().setRef(WEB).setPartition(1).build());
        var paused = harness.stub.pause(PauseRequest.newBuilder().setRef(WEB).build());
        setImage("nginx", "nginx:1.26");
        Sets.settle(harness.cluster);

        assertThat(paused.getMessage()).isEqualTo("statefulset.apps/web paused");
        assertThat(paused.getStatefulSet().getPartition()).isEqualTo(3);
        assertThat(podImages()).containsExactly("web-0=nginx:1.25", "web-1=nginx:1.25", "web-2=nginx:1.25");

        var resumed = harness.stub.resume(ResumeRequest.newBuilder().setRef(WEB).build());
        Sets.settle(harness.cluster);

        assertThat(resumed.getMessage()).isEqualTo("statefulset.apps/web resumed");
        assertThat(resumed.getStatefulSet().getPartition()).isEqualTo(1);
        assertThat(Sets.get(harness.cluster, Sets.WEB).metadata().annotations()).doesNotContainKey(RolloutVerbs.PAUSED_PARTITION);
        assertThat(podImages()).containsExactly("web-0=nginx:1.25", "web-1=nginx:1.26", "web-2=nginx:1.26");
    }

    @Test
    void aSetOfOurKindIsPausedByItsOwnFieldSoProgressingSaysRolloutPausedAndResumingFinishesTheRollout() {
        // our kind with ordinal 1 reserved: web-0, web-2, web-3
        try (ServiceHarness ours = ourKindRunning()) {
            var paused = ours.stub.pause(PauseRequest.newBuilder().setRef(WEB).build());
            ours.stub.setImage(SetImageRequest.newBuilder().setRef(WEB).putImages("nginx", "nginx:1.26").build());
            Sets.settle(ours.cluster);

            StatefulSet held = Sets.get(ours.cluster, Sets.WEB);
            assertThat(paused.getMessage()).isEqualTo("statefulset.apps.stateful.dev/web paused");
            assertThat(held.extensions().paused()).isTrue();
            assertThat(held.spec().updateStrategy().partition()).isZero();
            assertThat(held.metadata().annotations()).doesNotContainKey(RolloutVerbs.PAUSED_PARTITION);
            assertThat(progressingReason(held)).isEqualTo(RolloutConditions.ROLLOUT_PAUSED);
            assertThat(podImages(ours)).containsExactly("web-0=nginx:1.25", "web-2=nginx:1.25", "web-3=nginx:1.25");

            var resumed = ours.stub.resume(ResumeRequest.newBuilder().setRef(WEB).build());
            Sets.settle(ours.cluster);

            StatefulSet done = Sets.get(ours.cluster, Sets.WEB);
            assertThat(resumed.getMessage()).isEqualTo("statefulset.apps.stateful.dev/web resumed");
            assertThat(done.extensions().paused()).isFalse();
            assertThat(progressingReason(done)).isEqualTo(RolloutConditions.NEW_REVISION_AVAILABLE);
            assertThat(podImages(ours)).containsExactly("web-0=nginx:1.26", "web-2=nginx:1.26", "web-3=nginx:1.26");
        }
    }

    @Test
    void pausingASetOfOurKindTwiceOrResumingItRunningIsAFailedPreconditionNamingOurResource() {
        try (ServiceHarness ours = ourKindRunning()) {
            resumingRunningAndPausingTwiceFailNaming(ours, "statefulsets.apps.stateful.dev");
        }
    }

    @Test
    void aSetOfOurKindPausedByAHeldPartitionIsAlreadyPausedAndResumesToTheSavedPartition() {
        try (ServiceHarness ours = ourKindRunning()) {
            StatefulSet set = Sets.get(ours.cluster, Sets.WEB);
            Map<String, String> annotations = new LinkedHashMap<>(set.metadata().annotations());
            annotations.put(RolloutVerbs.PAUSED_PARTITION, "1");
            ours.cluster.user().statefulSets().update(set.withMetadata(set.metadata().withAnnotations(annotations))
                    .withSpec(set.spec().withUpdateStrategy(UpdateStrategy.rollingUpdate(4, null))));

            StatusRuntimeException twice = failure(() -> ours.stub.pause(PauseRequest.newBuilder().setRef(WEB).build()));
            var resumed = ours.stub.resume(ResumeRequest.newBuilder().setRef(WEB).build());

            assertThat(twice.getStatus().getDescription()).isEqualTo("statefulsets.apps.stateful.dev \"web\" is already paused");
            assertThat(resumed.getStatefulSet().getPartition()).isEqualTo(1);
            StatefulSet after = Sets.get(ours.cluster, Sets.WEB);
            assertThat(after.metadata().annotations()).doesNotContainKey(RolloutVerbs.PAUSED_PARTITION);
            assertThat(after.extensions().paused()).isFalse();
        }
    }

    @Test
    void pausingTwiceOrResumingARunningRolloutIsAFailedPrecondition() {
        resumingRunningAndPausingTwiceFailNaming(harness, "statefulsets.apps");
    }

    /** Resume of a running {@code web}, then pause twice: both FAILED_PRECONDITION, in kubectl's words naming {@code resource}. */
    private static void resumingRunningAndPausingTwiceFailNaming(ServiceHarness on, String resource) {
        StatusRuntimeException notPaused = failure(() -> on.stub.resume(ResumeRequest.newBuilder().setRef(WEB).build()));
        on.stub.pause(PauseRequest.newBuilder().setRef(WEB).build());
        StatusRuntimeException twice = failure(() -> on.stub.pause(PauseRequest.newBuilder().setRef(WEB).build()));

        assertThat(notPaused.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
        assertThat(notPaused.getStatus().getDescription()).isEqualTo(resource + " \"web\" is not paused");
        assertThat(twice.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
        assertThat(twice.getStatus().getDescription()).isEqualTo(resource + " \"web\" is already paused");
    }

    @Test
    void anOnDeleteSetCannotBePaused() {
        StatefulSet set = Sets.get(harness.cluster, Sets.WEB);
        harness.cluster.user().statefulSets().update(set.withSpec(set.spec().withUpdateStrategy(UpdateStrategy.onDelete())));

        StatusRuntimeException e = failure(() -> harness.stub.pause(PauseRequest.newBuilder().setRef(WEB).build()));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
        assertThat(e.getStatus().getDescription()).contains("OnDelete");
    }

    @Test
    void everyVerbOnAnUnknownSetIsNotFound() {
        ObjectRef nope = ObjectRef.newBuilder().setName("nope").build();

        assertThat(List.of(
                failure(() -> harness.stub.setImage(SetImageRequest.newBuilder().setRef(nope).putAllImages(Map.of("nginx", "x")).build())),
                failure(() -> harness.stub.restart(RestartRequest.newBuilder().setRef(nope).build())),
                failure(() -> harness.stub.pause(PauseRequest.newBuilder().setRef(nope).build())),
                failure(() -> harness.stub.resume(ResumeRequest.newBuilder().setRef(nope).build()))))
                .extracting(e -> e.getStatus().getCode()).containsOnly(Status.Code.NOT_FOUND);
    }
}
