package dev.stateful.domain.sync;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.storage.PodClaims;
import dev.stateful.domain.testing.Fixtures;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code UpdateStatefulPod}'s repair, which a conflicting update applies again to the pod the cache shows. */
class PodRepairTest {

    private final StatefulSet set = Fixtures.statefulSet("web", 3);
    private final PodRepair repair = new PodRepair(set);

    /** web-1 as the kubelet left it, with a label of the user's, but neither the pod-name label nor the {@code www} volume. */
    private final Pod bare = new Pod(ObjectMeta.named("default", "web-1").withLabels(Map.of("app", "nginx", "team", "storage"))
            .withResourceVersion("8"), Json.object("containers", Json.array(Json.object("name", "nginx"))), PodStatus.of("Running"));

    @Test
    void aPodWithTheSetsIdentityAndStorageNeedsNoWrite() {
        Pod intact = PodClaims.updateStorage(set, PodIdentity.updateIdentity(set, bare));

        assertThat(repair.apply(intact)).isEmpty();
    }

    @Test
    void aPodMissingItsPodNameLabelAndClaimVolumeGetsBothAndKeepsWhatElseItCarries() {
        Pod repaired = repair.apply(bare).orElseThrow();

        assertThat(repaired.metadata().labels()).containsEntry(PodIdentity.POD_NAME_LABEL, "web-1").containsEntry("team", "storage");
        assertThat(PodClaims.storageMatches(set, repaired)).isTrue();
        assertThat(repaired.metadata().resourceVersion()).as("the precondition of the update").isEqualTo("8");
        assertThat(repaired.status().phase()).isEqualTo("Running");
        assertThat(repaired.spec().array("containers")).isEqualTo(bare.spec().array("containers"));
        assertThat(repair.apply(repaired)).as("repaired once is repaired").isEmpty();
    }
}
