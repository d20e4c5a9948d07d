package dev.stateful.grpc.server;

import static dev.stateful.grpc.testing.ServiceHarness.WEB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.groups.Tuple.tuple;

import dev.stateful.grpc.testing.Manifests;
import dev.stateful.grpc.testing.ServiceHarness;
import dev.stateful.grpc.testing.Sets;
import dev.stateful.grpc.v1.ApplyRequest;
import dev.stateful.grpc.v1.ClaimInfo;
import dev.stateful.grpc.v1.GetStatefulSetRequest;
import dev.stateful.grpc.v1.GetStatefulSetResponse;
import dev.stateful.grpc.v1.ListStatefulSetsRequest;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.PodInfo;
import dev.stateful.grpc.v1.RevisionInfo;
import dev.stateful.grpc.v1.RolloutHistoryRequest;
import dev.stateful.grpc.v1.StatefulSetInfo;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** ListStatefulSets, GetStatefulSet and RolloutHistory on a settled in-memory cluster. */
class SetQueriesTest {

    private final ServiceHarness harness = ServiceHarness.withWebRunning();

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void listShowsEachSetWithItsStatus() {
        harness.stub.apply(ApplyRequest.newBuilder().setManifest(Manifests.web(1, "nginx:1.25")).setNamespace("other").build());

        assertThat(harness.stub.listStatefulSets(ListStatefulSetsRequest.getDefaultInstance()).getStatefulSetsList())
                .extracting(s -> s.getRef().getNamespace() + "/" + s.getRef().getName()).containsExactly("default/web", "other/web");
        StatefulSetInfo web = harness.stub.listStatefulSets(ListStatefulSetsRequest.newBuilder().setNamespace("default").setIncludeObject(true).build()).getStatefulSets(0);
        assertThat(web.getDesiredReplicas()).isEqualTo(3);
        assertThat(web.getStatus().getReadyReplicas()).isEqualTo(3);
        assertThat(web.getImagesList()).containsExactly("nginx:1.25");
        assertThat(web.getUpdateStrategy()).isEqualTo("RollingUpdate");
        assertThat(web.getObject().getJson()).contains("\"kind\":\"StatefulSet\"");
    }

    @Test
    void listAndGetSendTheSummaryOnlyUnlessTheWholeObjectIsAskedFor() {
        StatefulSetInfo listed = harness.stub.listStatefulSets(ListStatefulSetsRequest.getDefaultInstance()).getStatefulSets(0);
        StatefulSetInfo got = harness.stub.getStatefulSet(GetStatefulSetRequest.newBuilder().setRef(WEB).build()).getStatefulSet();
        StatefulSetInfo full = harness.stub.getStatefulSet(GetStatefulSetRequest.newBuilder().setRef(WEB).setIncludeObject(true).build()).getStatefulSet();

        assertThat(listed.hasObject()).isFalse();
        assertThat(got.hasObject()).isFalse();
        assertThat(got.getDesiredReplicas()).isEqualTo(3);
        assertThat(full.getObject().getJson()).contains("\"kind\":\"StatefulSet\"", "\"name\":\"web\"");
        assertThat(full.toBuilder().clearObject().build()).isEqualTo(got);
    }

    @Test
    void getShowsPodsByOrdinalTheirClaimsAndTheRevision() {
        GetStatefulSetResponse web = harness.stub.getStatefulSet(GetStatefulSetRequest.newBuilder().setRef(WEB).build());

        String revision = web.getStatefulSet().getStatus().getCurrentRevision();
        assertThat(web.getPodsList()).extracting(PodInfo::getName).containsExactly("web-0", "web-1", "web-2");
        assertThat(web.getPodsList()).allSatisfy(p -> {
            assertThat(p.getReady()).isTrue();
            assertThat(p.getRevision()).isEqualTo(revision);
        });
        assertThat(web.getClaimsList()).extracting(ClaimInfo::getName, ClaimInfo::getPod)
                .containsExactly(tuple("www-web-0", "web-0"),
                        tuple("www-web-1", "web-1"),
                        tuple("www-web-2", "web-2"));
        assertThat(web.getRevisionsList()).singleElement().satisfies(r -> {
            assertThat(r.getName()).isEqualTo(revision);
            assertThat(r.getCurrent()).isTrue();
            assertThat(r.getUpdate()).isTrue();
            assertThat(r.getPods()).isEqualTo(3);
        });
        assertThat(web.getWaitsList()).isEmpty();
    }

    @Test
    void historyListsRevisionsOldestFirstWithTheirImages() {
        Sets.setImage(harness.cluster, Sets.WEB, "nginx:1.26");
        Sets.settle(harness.cluster);

        assertThat(harness.stub.rolloutHistory(RolloutHistoryRequest.newBuilder().setRef(WEB).build()).getRevisionsList())
                .extracting(RevisionInfo::getRevision, r -> r.getImages(0), RevisionInfo::getCurrent)
                .containsExactly(tuple(1L, "nginx:1.25", false),
                        tuple(2L, "nginx:1.26", true));
    }

    @Test
    void anUnknownSetIsNotFound() {
        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, () -> harness.stub.getStatefulSet(
                GetStatefulSetRequest.newBuilder().setRef(ObjectRef.newBuilder().setName("db")).build()));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
        assertThat(e.getStatus().getDescription()).contains("\"db\" not found");
    }
}
