package dev.stateful.fabric8.convert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.storage.PodClaims;
import dev.stateful.domain.availability.Availability;
import dev.stateful.domain.testing.Fixtures;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SlimPodTest {

    static final StatefulSet WEB = Fixtures.statefulSet("web", 3);

    static Pod full(int ordinal, String claimName) {
        return Fabric8Codec.toDomain(LivePods.running(ordinal, claimName));
    }

    @Test
    void a_slim_pod_answers_every_question_the_planner_asks_as_the_whole_pod_does() {
        for (Pod pod : new Pod[] {full(1, "www-web-1"), full(1, "some-other-claim"), full(7, "www-web-7")}) {
            Pod slim = SlimPod.of(pod);
            Instant now = Instant.parse("2026-01-01T00:01:00Z");

            assertThat(PodIdentity.identityMatches(WEB, slim)).isEqualTo(PodIdentity.identityMatches(WEB, pod));
            assertThat(PodIdentity.isControlledBy(slim, WEB)).isEqualTo(PodIdentity.isControlledBy(pod, WEB)).isTrue();
            assertThat(PodIdentity.revisionOf(slim)).isEqualTo(PodIdentity.revisionOf(pod));
            assertThat(PodClaims.storageMatches(WEB, slim)).isEqualTo(PodClaims.storageMatches(WEB, pod));
            assertThat(Availability.isRunningAndReady(slim)).isEqualTo(Availability.isRunningAndReady(pod)).isTrue();
            assertThat(Availability.availableAt(slim, 30)).isEqualTo(Availability.availableAt(pod, 30)).isPresent();
            assertThat(Availability.isAvailable(slim, 30, now)).isEqualTo(Availability.isAvailable(pod, 30, now));
            assertThat(slim.isCreated()).isEqualTo(pod.isCreated());
            assertThat(slim.isTerminating()).isEqualTo(pod.isTerminating());
            assertThat(slim.metadata().labels()).isEqualTo(pod.metadata().labels());
            assertThat(slim.metadata().ownerReferences()).isEqualTo(pod.metadata().ownerReferences());
            assertThat(slim.metadata().resourceVersion()).isEqualTo(pod.metadata().resourceVersion());
            assertThat(slim.metadata().uid()).isEqualTo(pod.metadata().uid());
            assertThat(slim.metadata().creationTimestamp()).isEqualTo(pod.metadata().creationTimestamp());
        }
    }

    @Test
    void storage_repair_of_a_slim_pod_changes_the_same_volumes_as_on_the_whole_pod() {
        Pod pod = full(1, "some-other-claim");

        Pod repaired = PodClaims.updateStorage(WEB, SlimPod.of(pod));

        assertThat(PodClaims.storageMatches(WEB, repaired)).isTrue();
        assertThat(repaired.spec().array("volumes")).extracting(v -> ((Json.Obj) v).string("name").orElseThrow())
                .containsExactly("www", "kube-api-access-x1");
    }

    @Test
    void the_cache_keeps_neither_the_rest_of_the_spec_nor_annotations_nor_conditions_other_than_Ready() {
        Pod slim = SlimPod.of(full(0, "www-web-0"));

        assertThat(slim.spec()).isEqualTo(Json.object("volumes", Json.array(
                Json.object("name", "www", "persistentVolumeClaim", Json.object("claimName", "www-web-0")),
                Json.object("name", "kube-api-access-x1"))));
        assertThat(slim.metadata().annotations()).isEmpty();
        assertThat(slim.status().conditions()).extracting(c -> c.type()).containsExactly("Ready");
    }

    @Test
    void pods_of_one_set_share_their_repeated_strings_and_owner_references() {
        Pod a = SlimPod.of(full(0, "www-web-0"));
        Pod b = SlimPod.of(full(1, "www-web-1"));

        assertThat(a.metadata().ownerReferences()).isSameAs(b.metadata().ownerReferences());
        assertThat(a.metadata().labels().get("controller-revision-hash")).isSameAs(b.metadata().labels().get("controller-revision-hash"));
        assertThat(a.status().phase()).isSameAs(b.status().phase());
        assertThat(a.status().conditions().get(0).type()).isSameAs(b.status().conditions().get(0).type());
    }
}
