package dev.stateful.grpc.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stateful.domain.model.PodStatus;
import dev.stateful.grpc.convert.Timestamps;
import dev.stateful.grpc.testing.BadRequests;
import dev.stateful.grpc.testing.Kube;
import dev.stateful.grpc.testing.Manifests;
import dev.stateful.grpc.testing.ServiceHarness;
import dev.stateful.grpc.v1.ActionType;
import dev.stateful.grpc.v1.PlanRequest;
import dev.stateful.grpc.v1.PlanResponse;
import dev.stateful.grpc.v1.PlanStage;
import dev.stateful.grpc.v1.PlannedAction;
import dev.stateful.grpc.v1.PodWait;
import dev.stateful.grpc.v1.ViolationType;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Plan: what the controller would do now and why it waits, from the request alone. */
class PlanTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private final ServiceHarness harness = ServiceHarness.inMemory();

    @AfterEach
    void close() {
        harness.close();
    }

    private PlanResponse plan(PlanRequest.Builder request) {
        return harness.stub.plan(request.setNow(Timestamps.of(T0.plus(Duration.ofMinutes(1)))).build());
    }

    private static PlanRequest.Builder web(int replicas) {
        return PlanRequest.newBuilder().setStatefulSet(Kube.json(Manifests.webJson(replicas, "nginx:1.25")));
    }

    @Test
    void onAFreshClusterTheFirstRevisionAndTheFirstPodWithItsClaimAreCreatedThenTheControllerWaits() {
        PlanResponse plan = plan(web(3));

        assertThat(plan.getValid()).isTrue();
        assertThat(plan.getActionsList()).extracting(PlannedAction::getType)
                .containsExactly(ActionType.ACTION_TYPE_CREATE_REVISION, ActionType.ACTION_TYPE_CREATE_POD);
        PlannedAction createPod = plan.getActions(1);
        assertThat(createPod.getPod()).isEqualTo("web-0");
        assertThat(createPod.getStage()).isEqualTo(PlanStage.PLAN_STAGE_REPLICAS);
        assertThat(createPod.getCreateClaimsList()).containsExactly("www-web-0");
        assertThat(createPod.getObject().getJson()).contains("\"hostname\":\"web-0\"", "\"subdomain\":\"nginx\"");
        assertThat(plan.getWaitsList()).extracting(PodWait::getPod).containsExactly("web-0");
        assertThat(plan.getStatus().getUpdateRevision()).isEqualTo(plan.getActions(0).getRevision());
    }

    /** A manifest of our kind plans as our kind: its extensions apply and its pods are controlled by a reference naming it. */
    @Test
    void aSetOfOurKindIsPlannedAsOurKind() {
        PlanResponse plan = plan(PlanRequest.newBuilder().setStatefulSet(Kube.json(Manifests.webJsonOfOurKind(3, "nginx:1.25", 0))));

        assertThat(plan.getValid()).isTrue();
        PlannedAction createPod = plan.getActions(1);
        assertThat(createPod.getPod()).as("ordinal 0 is reserved").isEqualTo("web-1");
        assertThat(createPod.getObject().getJson()).contains("\"ownerReferences\":[{\"apiVersion\":\"apps.stateful.dev/v1alpha1\"");
    }

    @Test
    void theSameSetPlannedAgainAfterItsTemplateChangedIsPlannedFromTheNewTemplate() {
        String first = plan(web(3)).getActions(0).getRevision();
        String changed = harness.stub.plan(PlanRequest.newBuilder().setStatefulSet(Kube.json(Manifests.webJson(3, "nginx:1.26")))
                .setNow(Timestamps.of(T0)).build()).getActions(0).getRevision();
        String again = plan(web(3)).getActions(0).getRevision();

        assertThat(changed).startsWith("web-").isNotEqualTo(first);
        assertThat(again).isEqualTo(first);
    }

    @Test
    void aPodThatIsNotReadyYetHoldsBackTheNextOneAndSaysSo() {
        PlanResponse fresh = plan(web(3));
        PlanResponse plan = plan(web(3)
                .addRevisions(Kube.stored(fresh.getActions(0).getObject(), "rev-uid"))
                .addPods(Kube.created(fresh.getActions(1).getObject(), "pod-uid-0", PodStatus.of(PodStatus.PENDING), T0)));

        assertThat(plan.getActionsList()).extracting(PlannedAction::getType).doesNotContain(ActionType.ACTION_TYPE_CREATE_POD);
        assertThat(plan.getWaitsList()).extracting(PodWait::getReason).contains("waiting for web-0 to be Running and Ready");
        assertThat(plan.getStatus().getReplicas()).isEqualTo(1);
    }

    @Test
    void onceTheFirstPodIsReadyTheSecondIsCreated() {
        PlanResponse fresh = plan(web(3));
        PlanResponse plan = plan(web(3)
                .addRevisions(Kube.stored(fresh.getActions(0).getObject(), "rev-uid"))
                .addPods(Kube.created(fresh.getActions(1).getObject(), "pod-uid-0", PodStatus.runningAndReady(T0), T0)));

        assertThat(plan.getActionsList()).filteredOn(a -> a.getType() == ActionType.ACTION_TYPE_CREATE_POD)
                .extracting(PlannedAction::getPod).containsExactly("web-1");
        assertThat(plan.getStatus().getReadyReplicas()).isEqualTo(1);
    }

    /** Beyond upstream: under whenDeleted Retain a claim no pod uses loses the set's reference, so deleting the set keeps it. */
    @Test
    void aClaimLeftOwnedByTheSetThatNoPodUsesIsReleasedFirst() {
        String claim = "{\"apiVersion\":\"v1\",\"kind\":\"PersistentVolumeClaim\",\"metadata\":{\"name\":\"www-web-5\",\"namespace\":\"default\","
                + "\"uid\":\"claim-uid\",\"resourceVersion\":\"7\",\"ownerReferences\":[{\"apiVersion\":\"apps/v1\",\"kind\":\"StatefulSet\","
                + "\"name\":\"web\",\"uid\":\"web-uid\",\"controller\":true,\"blockOwnerDeletion\":true}]},"
                + "\"spec\":{\"accessModes\":[\"ReadWriteOnce\"],\"resources\":{\"requests\":{\"storage\":\"1Gi\"}}}}";

        PlanResponse plan = plan(web(1).addClaims(Kube.json(claim)));

        assertThat(plan.getActions(0).getType()).isEqualTo(ActionType.ACTION_TYPE_RELEASE_CLAIM);
        assertThat(plan.getActions(0).getStage()).isEqualTo(PlanStage.PLAN_STAGE_OWNERSHIP);
        assertThat(plan.getActions(0).getUpdateClaimsList()).containsExactly("www-web-5");
        assertThat(plan.getActions(0).getDescription()).isEqualTo("release Claim www-web-5 (whenDeleted is Retain and no pod of the set uses it)");
    }

    @Test
    void underMinReadySecondsThePlanSaysWhenToLookAgain() {
        String json = Manifests.webJson(2, "nginx:1.25").replace("\"serviceName\"", "\"minReadySeconds\":600,\"serviceName\"");
        PlanRequest.Builder set = PlanRequest.newBuilder().setStatefulSet(Kube.json(json));
        PlanResponse fresh = plan(set.clone());
        PlanResponse plan = plan(set
                .addRevisions(Kube.stored(fresh.getActions(0).getObject(), "rev-uid"))
                .addPods(Kube.created(fresh.getActions(1).getObject(), "pod-uid-0", PodStatus.runningAndReady(T0), T0)));

        assertThat(plan.getWaitsList()).extracting(PodWait::getReason)
                .contains("waiting for web-0 to be available (Ready for minReadySeconds=600)");
        assertThat(plan.hasRequeueAfter()).isTrue();
        assertThat(Timestamps.duration(plan.getRequeueAfter())).isBetween(Duration.ofMinutes(8), Duration.ofMinutes(10));
    }

    @Test
    void anInvalidSetIsPlannedAsTheControllerTreatsIt_nothingButTheViolations() {
        PlanResponse plan = plan(PlanRequest.newBuilder().setStatefulSet(Kube.json(Manifests.webJson(3, "nginx:1.25")
                .replace("\"serviceName\"", "\"podManagementPolicy\":\"Sometimes\",\"serviceName\""))));

        assertThat(plan.getValid()).isFalse();
        assertThat(plan.getActionsList()).isEmpty();
        assertThat(plan.getViolationsList()).singleElement().satisfies(v -> {
            assertThat(v.getField()).isEqualTo("spec.podManagementPolicy");
            assertThat(v.getType()).isEqualTo(ViolationType.VIOLATION_TYPE_INVALID);
            assertThat(v.getDescription()).contains("must be 'OrderedReady' or 'Parallel'");
        });
    }

    @Test
    void anUndecodableObjectIsAnInvalidArgumentNamingTheRequestField() {
        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class,
                () -> plan(web(3).addPods(Kube.json("{\"metadata\":{\"name\":\"web-0\"}}")).addPods(Kube.json("not json"))));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(BadRequests.fields(e)).containsExactly("pods[1]");
    }

    @Test
    void aFieldOfTheWrongTypeIsReportedWithItsPathInTheRequest() {
        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, () -> plan(PlanRequest.newBuilder()
                .setStatefulSet(Kube.json(Manifests.webJson(3, "nginx:1.25").replace("\"replicas\":3", "\"replicas\":\"three\"")))));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(BadRequests.fields(e)).containsExactly("stateful_set.spec.replicas");
    }
}
