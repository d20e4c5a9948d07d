package dev.stateful.grpc.server;

import static dev.stateful.grpc.testing.ServiceHarness.WEB;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.convert.ObservedObjects;
import dev.stateful.grpc.convert.Timestamps;
import dev.stateful.grpc.testing.ServiceHarness;
import dev.stateful.grpc.testing.Sets;
import dev.stateful.grpc.v1.ActionType;
import dev.stateful.grpc.v1.PlanRequest;
import dev.stateful.grpc.v1.PlanResponse;
import dev.stateful.grpc.v1.PlannedAction;
import dev.stateful.inmemory.InMemoryCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Plan with the typed projection (ObservedPod, ObservedClaim, ObservedRevision) decides exactly as with JSON objects. */
class TypedPlanTest {

    private final ServiceHarness harness = ServiceHarness.withWebRunning();

    @AfterEach
    void close() {
        harness.close();
    }

    private static PlanRequest.Builder withSet(InMemoryCluster cluster) {
        return PlanRequest.newBuilder().setStatefulSet(KubeObjects.of(Sets.get(cluster, Sets.WEB)))
                .setNow(Timestamps.of(cluster.clock().instant()));
    }

    private static PlanRequest asJson(InMemoryCluster cluster) {
        PlanRequest.Builder b = withSet(cluster);
        cluster.stores().pods().list("default").forEach(p -> b.addPods(KubeObjects.of(p)));
        cluster.stores().claims().list("default").forEach(c -> b.addClaims(KubeObjects.of(c)));
        cluster.stores().revisions().list("default").forEach(r -> b.addRevisions(KubeObjects.of(r)));
        return b.build();
    }

    private static PlanRequest typed(InMemoryCluster cluster) {
        PlanRequest.Builder b = withSet(cluster);
        cluster.stores().pods().list("default").forEach(p -> b.addObservedPods(ObservedObjects.of(p)));
        cluster.stores().claims().list("default").forEach(c -> b.addObservedClaims(ObservedObjects.of(c)));
        cluster.stores().revisions().list("default").forEach(r -> b.addObservedRevisions(ObservedObjects.of(r)));
        return b.build();
    }

    @Test
    void aSteadySetPlansNothingEitherWay() {
        PlanResponse typed = harness.stub.plan(typed(harness.cluster));

        assertThat(typed.getActionsList()).isEmpty();
        assertThat(typed.getStatus().getReadyReplicas()).isEqualTo(3);
        assertThat(typed).isEqualTo(harness.stub.plan(asJson(harness.cluster)));
    }

    @Test
    void aChangedTemplatePlansTheSameRevisionAndDeletionEitherWay() {
        Sets.setImage(harness.cluster, Sets.WEB, "nginx:1.26");

        PlanResponse typed = harness.stub.plan(typed(harness.cluster));

        assertThat(typed.getActionsList()).extracting(PlannedAction::getType)
                .contains(ActionType.ACTION_TYPE_CREATE_REVISION, ActionType.ACTION_TYPE_DELETE_POD);
        assertThat(typed).isEqualTo(harness.stub.plan(asJson(harness.cluster)));
    }

    @Test
    void aScaleDownPlansTheSameEitherWay() {
        var set = Sets.get(harness.cluster, Sets.WEB);
        harness.cluster.user().statefulSets().update(set.withSpec(set.spec().withReplicas(2)));

        PlanResponse typed = harness.stub.plan(typed(harness.cluster));

        assertThat(typed.getActionsList()).extracting(PlannedAction::getType).contains(ActionType.ACTION_TYPE_DELETE_POD);
        assertThat(typed).isEqualTo(harness.stub.plan(asJson(harness.cluster)));
    }

    @Test
    void typedAndJsonObjectsCanBeMixedInOneRequest() {
        PlanRequest json = asJson(harness.cluster);
        PlanRequest mixed = json.toBuilder().clearPods()
                .addPods(json.getPods(0))
                .addAllObservedPods(typed(harness.cluster).getObservedPodsList().subList(1, 3)).build();

        PlanResponse plan = harness.stub.plan(mixed);

        assertThat(plan.getActionsList()).isEmpty();
        assertThat(plan.getStatus().getReplicas()).isEqualTo(3);
    }
}
