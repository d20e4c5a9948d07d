package dev.stateful.inmemory.scenarios;

import static dev.stateful.inmemory.testing.TestObjects.claim;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.events.RecordedEvent;
import dev.stateful.inmemory.faults.ApiError;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.kubelet.PodBehaviour;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.DeleteOptions;
import dev.stateful.inmemory.store.Verb;
import dev.stateful.ports.reconcile.SyncResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Existing claims are reused; a terminating claim blocks its pod (upstream {@code createPersistentVolumeClaims}, kubernetes#93457). */
@ExtendWith(InMemoryClusterExtension.class)
class ClaimReuseScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
    }

    private PersistentVolumeClaim userClaim(String name, List<String> finalizers) {
        PersistentVolumeClaim c = claim(name);
        return s.cluster().user().claims().create(c.withMetadata(c.metadata()
                .withLabels(Map.of("app", "nginx", "made-by", "user")).withFinalizers(finalizers)));
    }

    @Test
    void anExistingClaimIsUsedAsIsAndNotCreatedAgain() {
        PersistentVolumeClaim existing = userClaim("www-web-0", List.of());
        s.apply(SetManifest.web().replicas(2));

        s.settle();

        assertThat(s.claim("www-web-0").metadata().uid()).isEqualTo(existing.metadata().uid());
        assertThat(s.claim("www-web-0").metadata().labels()).containsEntry("made-by", "user");
        assertThat(s.claimsCreated(0)).containsExactly("www-web-1");
        assertThat(s.pod("web-0").spec().array("volumes").get(0).asObject().orElseThrow()
                .objectOrEmpty("persistentVolumeClaim").string("claimName")).contains("www-web-0");
    }

    @Test
    void claimsOfScaledDownPodsAreKeptAndReusedOnScaleUp() {
        s.apply(SetManifest.web().replicas(3));
        s.settle();
        List<String> uids = s.claimNames().stream().map(n -> s.claim(n).metadata().uid()).toList();

        s.scale(1);
        s.settle();
        assertThat(s.podNames()).containsExactly("web-0");
        assertThat(s.claimNames()).containsExactly("www-web-0", "www-web-1", "www-web-2");

        long mark = s.mark();
        s.scale(3);
        s.settle();

        assertThat(s.podNames()).containsExactly("web-0", "web-1", "web-2");
        assertThat(s.claimNames().stream().map(n -> s.claim(n).metadata().uid()).toList()).isEqualTo(uids);
        assertThat(s.claimsCreated(mark)).isEmpty();
    }

    @Test
    void aTerminatingClaimBlocksCreationOfItsPodWithAFailedCreateEvent() {
        userClaim("www-web-0", List.of("kubernetes.io/pvc-protection"));
        s.cluster().user().claims().delete(new ObjectKey(Scenario.NS, "www-web-0"), DeleteOptions.DEFAULT);
        s.apply(SetManifest.web().replicas(1));

        SyncResult result = s.sync();

        assertThat(s.podNames()).isEmpty();
        assertThat(result.error()).hasValueSatisfying(e -> assertThat(e).hasMessageContaining("pvc www-web-0 is being deleted"));
        assertThat(s.events()).filteredOn(e -> e.reason().equals("FailedCreate"))
                .extracting(RecordedEvent::type, RecordedEvent::message)
                .containsExactly(tuple("Warning",
                        "Create Pod web-0 in StatefulSet web failed error: pvc www-web-0 is being deleted"));
    }

    /** {@code CreateStatefulPod}: {@code createPersistentVolumeClaims} aggregates every claim's error into one pod event. */
    @Test
    void aClaimThatFailsToBeCreatedBesideATerminatingOneIsNamedInThePodsOneFailedCreate(InMemoryCluster cluster) {
        userClaim("www-web-0", List.of("kubernetes.io/pvc-protection"));
        cluster.user().claims().delete(new ObjectKey(Scenario.NS, "www-web-0"), DeleteOptions.DEFAULT);
        s.apply(SetManifest.web().secondClaim("logs").replicas(1));
        cluster.faults().on(Verb.CREATE, Kind.CLAIMS).fail(ApiError.FORBIDDEN);

        SyncResult result = s.sync();

        assertThat(s.podNames()).isEmpty();
        assertThat(s.eventMessages("FailedCreate")).hasSize(2).satisfiesExactly(
                claimEvent -> assertThat(claimEvent).startsWith("Create Claim logs-web-0 for Pod web-0 in StatefulSet web failed error: "),
                podEvent -> assertThat(podEvent).matches("Create Pod web-0 in StatefulSet web failed error: "
                        + "\\[failed to create PVC logs-web-0: .*\\(HTTP 403\\), pvc www-web-0 is being deleted]"));
        assertThat(result.error()).hasValueSatisfying(e -> assertThat(e.getMessage())
                .contains("failed to create PVC logs-web-0").contains("pvc www-web-0 is being deleted"));
    }

    @Test
    void onceTheTerminatingClaimIsGoneTheNextSyncCreatesAFreshClaimAndThePod() {
        PersistentVolumeClaim old = userClaim("www-web-0", List.of("kubernetes.io/pvc-protection"));
        s.cluster().user().claims().delete(new ObjectKey(Scenario.NS, "www-web-0"), DeleteOptions.DEFAULT);
        s.apply(SetManifest.web().replicas(1));
        s.sync(3);
        assertThat(s.podNames()).isEmpty();

        PersistentVolumeClaim terminating = s.claim("www-web-0");
        s.cluster().user().claims().update(terminating.withMetadata(terminating.metadata().withFinalizers(List.of())));
        s.sync();

        assertThat(s.podNames()).containsExactly("web-0");
        assertThat(s.claim("www-web-0").metadata().uid()).isNotEqualTo(old.metadata().uid());
        assertThat(s.claim("www-web-0").isTerminating()).isFalse();
    }

    @Test
    void aClaimDeletedWhileItsPodIsPendingIsRecreatedAndThePodKept(InMemoryCluster cluster) {
        cluster.kubelet().setDefaultBehaviour(PodBehaviour.MANUAL);
        s.apply(SetManifest.web().replicas(1));
        s.sync();
        String podUid = s.pod("web-0").metadata().uid();
        cluster.user().claims().delete(new ObjectKey(Scenario.NS, "www-web-0"), DeleteOptions.DEFAULT);
        long mark = s.mark();

        s.sync();

        assertThat(s.claimsCreated(mark)).containsExactly("www-web-0");
        assertThat(s.pod("web-0").metadata().uid()).isEqualTo(podUid);
        assertThat(s.podsDeleted(mark)).isEmpty();
    }

    @Test
    void aPendingPodWhoseClaimIsBeingDeletedIsKeptAndTheSyncReportsTheClaim(InMemoryCluster cluster) {
        cluster.kubelet().setDefaultBehaviour(PodBehaviour.MANUAL);
        s.apply(SetManifest.web().replicas(1));
        s.sync();
        String podUid = s.pod("web-0").metadata().uid();
        PersistentVolumeClaim claim = s.claim("www-web-0");
        cluster.user().claims().update(claim.withMetadata(claim.metadata().withFinalizers(List.of("kubernetes.io/pvc-protection"))));
        cluster.user().claims().delete(new ObjectKey(Scenario.NS, "www-web-0"), DeleteOptions.DEFAULT);
        long mark = s.mark();

        SyncResult result = s.sync();

        assertThat(result.error()).hasValueSatisfying(e -> assertThat(e).hasMessageContaining("pvc www-web-0 is being deleted"));
        assertThat(s.pod("web-0").metadata().uid()).isEqualTo(podUid);
        assertThat(s.controllerWrites(mark).kind(Kind.PODS).isEmpty()).isTrue();
        assertThat(s.eventMessages("FailedCreate")).as("no pod is being created").isEmpty();
    }

    /**
     * upstream's {@code createPersistentVolumeClaims} appends AlreadyExists to its errors (without a
     * claim event), so the pod waits for a sync whose cache shows the claim: here the claim the
     * lagging cache missed is terminating, and no pod ever starts on it.
     */
    @Test
    void aClaimCreateAnsweredAlreadyExistsFailsThePodUntilACacheThatShowsTheClaimDecides(InMemoryCluster cluster) {
        userClaim("www-web-0", List.of("kubernetes.io/pvc-protection"));
        cluster.user().claims().delete(new ObjectKey(Scenario.NS, "www-web-0"), DeleteOptions.DEFAULT);
        s.apply(SetManifest.web().replicas(1));
        cluster.faults().staleReads(Kind.CLAIMS, 2);

        SyncResult lagging = s.sync();

        assertThat(lagging.error()).hasValueSatisfying(e -> assertThat(e).hasMessageContaining("failed to create PVC www-web-0"));
        assertThat(s.podNames()).isEmpty();
        assertThat(s.eventMessages("SuccessfulCreate")).isEmpty();
        assertThat(s.eventMessages("FailedCreate")).singleElement()
                .satisfies(m -> assertThat(m).startsWith("Create Pod web-0 in StatefulSet web failed error: failed to create PVC www-web-0"));

        cluster.faults().freshReads();
        SyncResult fresh = s.sync();

        assertThat(fresh.error()).hasValueSatisfying(e -> assertThat(e).hasMessageContaining("pvc www-web-0 is being deleted"));
        assertThat(s.podNames()).isEmpty();
    }

    /** upstream's {@code createPersistentVolumeClaims} goes through every template before the terminating claim fails the pod. */
    @Test
    void aPendingPodWithATerminatingClaimStillGetsItsOtherMissingClaims(InMemoryCluster cluster) {
        cluster.kubelet().setDefaultBehaviour(PodBehaviour.MANUAL);
        s.apply(SetManifest.web().replicas(1).secondClaim("data"));
        s.sync();
        assertThat(s.claimNames()).containsExactly("data-web-0", "www-web-0");
        PersistentVolumeClaim www = s.claim("www-web-0");
        cluster.user().claims().update(www.withMetadata(www.metadata().withFinalizers(List.of("kubernetes.io/pvc-protection"))));
        cluster.user().claims().delete(new ObjectKey(Scenario.NS, "www-web-0"), DeleteOptions.DEFAULT);
        cluster.user().claims().delete(new ObjectKey(Scenario.NS, "data-web-0"), DeleteOptions.DEFAULT);
        long mark = s.mark();

        SyncResult result = s.sync();

        assertThat(result.error()).hasValueSatisfying(e -> assertThat(e).hasMessageContaining("pvc www-web-0 is being deleted"));
        assertThat(s.claimsCreated(mark)).containsExactly("data-web-0");
        assertThat(s.podsDeleted(mark)).isEmpty();
    }
}
