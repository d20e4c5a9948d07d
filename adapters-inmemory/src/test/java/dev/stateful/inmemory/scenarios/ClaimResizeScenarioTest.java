package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.faults.ApiError;
import dev.stateful.inmemory.manifest.ApplyResult;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.driver.ControllerDriver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Our own kind's storage resize through {@code volumeClaimTemplates} (kubernetes#68737, KEP-4650):
 * the test plays the volume resizer by writing each claim's {@code status.capacity}.
 */
@ExtendWith(InMemoryClusterExtension.class)
class ClaimResizeScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
    }

    @Test
    void aLargerRequestResizesTheClaimsHighestOrdinalFirstOnePodAtATime() {
        bound(3);
        long mark = s.mark();

        requestStorage("www", "2Gi");
        settle();
        assertThat(claimsResized(mark)).as("maxUnavailable 1: the next claim waits for web-2's capacity").containsExactly("www-web-2");
        assertThat(s.claim("www-web-2").requestedStorage()).isEqualTo("2Gi");
        assertThat(s.claim("www-web-1").requestedStorage()).isEqualTo("1Gi");

        resizerGrows("www-web-2");
        settle();
        resizerGrows("www-web-1");
        settle();
        resizerGrows("www-web-0");
        settle();

        assertThat(claimsResized(mark)).containsExactly("www-web-2", "www-web-1", "www-web-0");
        assertThat(s.podsDeleted(mark)).as("a resize recreates no pod").isEmpty();
        assertThat(s.status().updatedReplicas()).isEqualTo(3);
        assertThat(s.status().volumeClaimTemplates()).containsExactly(new StatefulSetStatus.ClaimTemplateStatus("www", 3));
        assertThat(s.eventMessages("SuccessfulUpdate")).contains("Resize Claim www-web-2 for Pod web-2 in StatefulSet web to 2Gi successful");
    }

    @Test
    void aPodIsNotCountedUpdatedUntilItsClaimShowsTheNewCapacity() {
        bound(2);

        requestStorage("www", "2Gi");
        settle();

        assertThat(s.claim("www-web-1").requestedStorage()).isEqualTo("2Gi");
        assertThat(s.status().updatedReplicas()).as("web-1's claim asks for 2Gi but shows 1Gi; web-0's asks for 1Gi").isZero();
        assertThat(s.status().volumeClaimTemplates()).containsExactly(new StatefulSetStatus.ClaimTemplateStatus("www", 0));

        resizerGrows("www-web-1");
        settle();
        assertThat(s.status().updatedReplicas()).isEqualTo(1);
        assertThat(s.status().volumeClaimTemplates()).containsExactly(new StatefulSetStatus.ClaimTemplateStatus("www", 1));
        assertThat(s.claim("www-web-0").requestedStorage()).isEqualTo("2Gi");
    }

    @Test
    void thePartitionIsHonouredClaimsBelowItKeepTheirSize() {
        bound(3);
        s.setPartition(2);
        settle();
        long mark = s.mark();

        requestStorage("www", "2Gi");
        settle();
        resizerGrows("www-web-2");
        settle();

        assertThat(claimsResized(mark)).containsExactly("www-web-2");
        assertThat(s.claim("www-web-1").requestedStorage()).isEqualTo("1Gi");
        assertThat(s.claim("www-web-0").requestedStorage()).isEqualTo("1Gi");
    }

    @Test
    void pausedHoldsTheResizes() {
        bound(SetManifest.web().replicas(2).ourKind().paused());
        long mark = s.mark();

        requestStorage("www", "2Gi");
        settle();

        assertThat(claimsResized(mark)).isEmpty();
        assertThat(s.claim("www-web-1").requestedStorage()).isEqualTo("1Gi");
    }

    @Test
    void aRefusedResizeRecordsAWarningSetsAConditionAndStopsTheRollout(InMemoryCluster cluster) {
        bound(3);
        // the API server's PersistentVolumeClaimResize admission for a class without allowVolumeExpansion
        cluster.faults().on(Verb.UPDATE, Kind.CLAIMS).fail(ApiError.FORBIDDEN);
        long mark = s.mark();

        requestStorage("www", "2Gi");
        s.sync(3);

        assertThat(s.eventMessages("VolumeClaimResizeFailed")).isNotEmpty()
                .allSatisfy(m -> assertThat(m).startsWith("Resize Claim www-web-2 for Pod web-2 in StatefulSet web to 2Gi failed error:"));
        assertThat(s.status().conditions()).anySatisfy(c -> {
            assertThat(c.type()).isEqualTo("ReplicaFailure");
            assertThat(c.status()).isEqualTo("True");
            assertThat(c.reason()).isEqualTo("VolumeClaimResizeFailed");
            assertThat(c.message()).startsWith("claim www-web-2 cannot be resized to 2Gi");
        });
        assertThat(triedClaims(mark)).as("only web-2's claim is tried: the rollout stops there").containsOnly("www-web-2");
        assertThat(s.claim("www-web-1").requestedStorage()).isEqualTo("1Gi");

        cluster.faults().clear();
        settle();
        resizerGrows("www-web-2");
        settle();
        assertThat(s.claim("www-web-1").requestedStorage()).as("once the class allows expansion, the rollout goes on").isEqualTo("2Gi");
        assertThat(s.status().conditions()).noneSatisfy(c -> assertThat(c.reason()).isEqualTo("VolumeClaimResizeFailed"));
    }

    @Test
    void aSmallerRequestIsRejectedByValidation(InMemoryCluster cluster) {
        bound(1);

        ApplyResult result = cluster.applyAllowingProblems(SetManifest.web().replicas(1).ourKind().yaml().replace("storage: 1Gi", "storage: 512Mi"));

        assertThat(result.hasProblems()).isTrue();
        assertThat(result.describeProblems()).contains("spec.volumeClaimTemplates[0].spec.resources.requests.storage")
                .contains("storage request 512Mi is smaller than 1Gi; claims are never shrunk");
        assertThat(s.claim("www-web-0").requestedStorage()).isEqualTo("1Gi");
    }

    @Test
    void anAppsV1SetsClaimTemplatesStayImmutable(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(1));

        ApplyResult result = cluster.applyAllowingProblems(SetManifest.web().replicas(1).yaml().replace("storage: 1Gi", "storage: 2Gi"));

        assertThat(result.hasProblems()).isTrue();
        assertThat(result.describeProblems()).contains("updates to statefulset spec for fields other than");
    }

    @Test
    void aNewTemplateCreatesItsClaimsAsPodsAreUpdated() {
        bound(2);
        long mark = s.mark();

        s.updateSpec(spec -> {
            List<PersistentVolumeClaim> templates = new ArrayList<>(spec.volumeClaimTemplates());
            PersistentVolumeClaim www = templates.get(0);
            templates.add(www.withMetadata(www.metadata().withName("logs")));
            return spec.withVolumeClaimTemplates(templates);
        });
        settle();
        assertThat(s.claimsCreated(mark)).as("no pod is updated yet: no claim, no pod write").isEmpty();
        assertThat(s.podsDeleted(mark)).isEmpty();
        assertThat(s.status().volumeClaimTemplates()).containsExactly(new StatefulSetStatus.ClaimTemplateStatus("www", 2),
                new StatefulSetStatus.ClaimTemplateStatus("logs", 0));

        s.setImage("nginx:1.26");
        settle();

        assertThat(s.claimsCreated(mark)).containsExactly("logs-web-1", "logs-web-0");
        assertThat(s.status().volumeClaimTemplates()).containsExactly(new StatefulSetStatus.ClaimTemplateStatus("www", 2),
                new StatefulSetStatus.ClaimTemplateStatus("logs", 2));
    }

    @Test
    void aRemovedTemplateLeavesItsClaimsAlone() {
        s.apply(SetManifest.web().replicas(2).ourKind().secondClaim("logs"));
        settle();
        long mark = s.mark();

        s.updateSpec(spec -> spec.withVolumeClaimTemplates(spec.volumeClaimTemplates().subList(0, 1)));
        s.setImage("nginx:1.26");
        settle();

        assertThat(s.podsDeleted(mark)).containsExactly("web-1", "web-0");
        assertThat(s.claimNames()).contains("logs-web-0", "logs-web-1");
        assertThat(s.controllerWrites(mark).kind(Kind.CLAIMS).names()).doesNotContain("logs-web-0", "logs-web-1");
        assertThat(s.status().volumeClaimTemplates()).containsExactly(new StatefulSetStatus.ClaimTemplateStatus("www", 2));
    }

    // ------------------------------------------------------------------ helpers

    /** Settles within a minute of cluster time: while a claim grows the controller looks again every 5 s, for ever. */
    private void settle() {
        s.driver().settle(10_000, Duration.ofMinutes(1));
    }

    /** An our-kind set of {@code replicas} whose claims the test binds at 1Gi, as a provisioner would. */
    private void bound(int replicas) {
        bound(SetManifest.web().replicas(replicas).ourKind());
    }

    private void bound(SetManifest manifest) {
        s.apply(manifest);
        settle();
        for (String claim : s.claimNames()) {
            writeCapacity(claim, "1Gi");
        }
        settle();
    }

    private void requestStorage(String template, String storage) {
        s.updateSpec(spec -> spec.withVolumeClaimTemplates(spec.volumeClaimTemplates().stream()
                .map(t -> !t.name().equals(template) ? t
                        : new PersistentVolumeClaim(t.metadata(), t.spec().update("resources", r -> r.update("requests",
                                q -> q.with("storage", storage))), t.phase()))
                .toList()));
    }

    /** The resizer finished: the claim shows what it asks for. */
    private void resizerGrows(String claim) {
        writeCapacity(claim, s.claim(claim).requestedStorage());
    }

    private void writeCapacity(String claim, String capacity) {
        PersistentVolumeClaim stored = s.claim(claim);
        s.cluster().user().claims().updateStatus(new PersistentVolumeClaim(stored.metadata(), stored.spec(), "Bound", capacity));
    }

    private List<String> claimsResized(long mark) {
        return s.controllerWrites(mark).verb(Verb.UPDATE).kind(Kind.CLAIMS).tookEffect().names();
    }

    private List<String> triedClaims(long mark) {
        return s.cluster().audit().since(mark).by(Actor.CONTROLLER).verb(Verb.UPDATE).kind(Kind.CLAIMS).names();
    }

}
