package dev.stateful.grpc.convert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.grpc.v1.KubeObject;
import dev.stateful.grpc.v1.ObjectMetadata;
import dev.stateful.grpc.v1.ObservedClaim;
import dev.stateful.grpc.v1.ObservedPod;
import dev.stateful.grpc.v1.PlanRequest;
import org.junit.jupiter.api.Test;

/**
 * Observed objects kept between Plan requests by their exact bytes: an object seen before is the
 * record decoded then, a changed one is decoded afresh, and the request decodes to the same values
 * with or without them.
 */
class RecentObjectsTest {

    private static ObservedPod pod(String name, String phase) {
        return ObservedPod.newBuilder().setMetadata(ObjectMetadata.newBuilder().setName(name).setNamespace("default")
                .putLabels("app", "web")).setPhase(phase).setHostname(name).build();
    }

    private static PlanRequest request(ObservedPod... pods) {
        PlanRequest.Builder b = PlanRequest.newBuilder().setStatefulSet(KubeObject.newBuilder().setJson("{\"kind\":\"StatefulSet\"}"));
        for (ObservedPod pod : pods) {
            b.addObservedPods(pod);
        }
        return b.addObservedClaims(ObservedClaim.newBuilder().setMetadata(ObjectMetadata.newBuilder().setName("data-web-0")).setPhase("Bound"))
                .build();
    }

    @Test
    void anObjectSeenBeforeIsTheRecordDecodedThen() {
        RecentObjects recent = new RecentObjects(16, 4096);
        byte[] wire = request(pod("web-0", "Running"), pod("web-1", "Running")).toByteArray();
        ObservedWire.Decoded first = ObservedWire.decode(wire, recent);
        ObservedWire.Decoded again = ObservedWire.decode(wire.clone(), recent);

        assertThat(again.pods().get(0)).isSameAs(first.pods().get(0));
        assertThat(again.pods().get(1)).isSameAs(first.pods().get(1));
        assertThat(again.claims().get(0)).isSameAs(first.claims().get(0));
        assertThat(recent.size()).isEqualTo(3);
    }

    @Test
    void anObjectThatChangedInAnyByteIsDecodedAfresh() {
        RecentObjects recent = new RecentObjects(16, 4096);
        ObservedWire.Decoded first = ObservedWire.decode(request(pod("web-0", "Running"), pod("web-1", "Pending")).toByteArray(), recent);
        ObservedWire.Decoded later = ObservedWire.decode(request(pod("web-0", "Running"), pod("web-1", "Running")).toByteArray(), recent);

        assertThat(later.pods().get(0)).isSameAs(first.pods().get(0));
        assertThat(later.pods().get(1).status().phase()).isEqualTo("Running");
        assertThat(first.pods().get(1).status().phase()).isEqualTo("Pending");
    }

    @Test
    void withRecentObjectsTheRequestDecodesToTheSameValuesAsWithout() {
        RecentObjects recent = new RecentObjects(16, 4096);
        byte[] wire = request(pod("web-0", "Running"), pod("web-1", "Failed")).toByteArray();
        ObservedWire.decode(wire, recent);
        ObservedWire.Decoded kept = ObservedWire.decode(wire, recent);
        ObservedWire.Decoded plain = ObservedWire.decode(wire);

        assertThat(kept.pods()).isEqualTo(plain.pods());
        assertThat(kept.claims()).isEqualTo(plain.claims());
        assertThat(kept.rest()).isEqualTo(plain.rest());
    }

    @Test
    void aPodAndAClaimWithTheSameBytesAreNotTakenForEachOther() {
        RecentObjects recent = new RecentObjects(16, 4096);
        ObjectMetadata meta = ObjectMetadata.newBuilder().setName("same").build();
        byte[] wire = PlanRequest.newBuilder().addObservedPods(ObservedPod.newBuilder().setMetadata(meta))
                .addObservedClaims(ObservedClaim.newBuilder().setMetadata(meta)).build().toByteArray();
        ObservedWire.decode(wire, recent);
        ObservedWire.Decoded again = ObservedWire.decode(wire, recent);

        assertThat(again.pods()).singleElement().isInstanceOf(Pod.class);
        assertThat(again.claims()).singleElement().isInstanceOf(PersistentVolumeClaim.class);
    }

    @Test
    void beyondItsBoundTheLeastRecentlySeenObjectsAreDropped() {
        RecentObjects recent = new RecentObjects(2, 4096);
        ObservedWire.decode(request(pod("web-0", "Running"), pod("web-1", "Running"), pod("web-2", "Running")).toByteArray(), recent);

        assertThat(recent.size()).isEqualTo(2);
    }

    @Test
    void anObjectLongerThanTheBoundIsNeverKept() {
        RecentObjects recent = new RecentObjects(16, 10);
        byte[] wire = request(pod("web-0", "Running")).toByteArray();
        ObservedWire.Decoded first = ObservedWire.decode(wire, recent);
        ObservedWire.Decoded again = ObservedWire.decode(wire, recent);

        assertThat(recent.size()).isZero();
        assertThat(again.pods().get(0)).isNotSameAs(first.pods().get(0)).isEqualTo(first.pods().get(0));
    }
}
