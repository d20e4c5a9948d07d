package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.SetExtensions;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.kubelet.PodBehaviour;
import dev.stateful.inmemory.manifest.ApplyResult;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Our own kind (apps.stateful.dev/v1alpha1) in the in-memory cluster: the same pods and claims as
 * apps/v1, owned by the set of our kind; {@code rollingUpdate.paused}; mutable podManagementPolicy
 * and serviceName.
 */
@ExtendWith(InMemoryClusterExtension.class)
class CustomKindScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
    }

    @Test
    void aSetOfOurKindOwnsPodsNamedAndLabelledAsAnAppsV1SetsWouldBe() {
        StatefulSet set = s.apply(SetManifest.web().replicas(3).ourKind());
        s.settle();

        assertThat(set.kind()).isEqualTo(SetKind.STATEFUL_DEV);
        assertThat(s.podNames()).containsExactly("web-0", "web-1", "web-2");
        assertThat(s.claimNames()).containsExactly("www-web-0", "www-web-1", "www-web-2");
        OwnerReference owner = s.pod("web-0").metadata().controllerRef().orElseThrow();
        assertThat(owner.apiVersion()).isEqualTo("apps.stateful.dev/v1alpha1");
        assertThat(owner.uid()).isEqualTo(s.set().metadata().uid());
        assertThat(s.revisions()).singleElement().satisfies(r ->
                assertThat(r.metadata().controllerRef().orElseThrow().apiVersion()).isEqualTo("apps.stateful.dev/v1alpha1"));
        assertThat(s.revisionOf("web-0")).isEqualTo(s.status().updateRevision());
    }

    @Test
    void theSameManifestHashesToTheSameRevisionUnderBothKinds(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(1));
        s.apply(SetManifest.web().named("ours").replicas(1).ourKind());
        s.settle();

        String apps = cluster.stores().statefulSets().get(new ObjectKey(Scenario.NS, "web")).orElseThrow()
                .status().updateRevision();
        String ours = cluster.stores().statefulSets().get(new ObjectKey(Scenario.NS, "ours")).orElseThrow()
                .status().updateRevision();
        assertThat(ours.substring("ours-".length())).isEqualTo(apps.substring("web-".length()));
    }

    @Test
    void pausedHoldsTheRolloutWhileScalingGoesOnAndResumingFinishesIt() {
        s.apply(SetManifest.web().replicas(3).ourKind().paused());
        s.settle();
        String old = s.status().currentRevision();
        long mark = s.mark();

        s.setImage("nginx:1.26");
        s.settle();
        assertThat(s.podsDeleted(mark)).as("paused: no pod updated").isEmpty();
        s.scale(4);
        s.settle();
        assertThat(s.podsCreated(mark)).containsExactly("web-3");
        assertThat(s.imageOf("web-3")).isEqualTo("nginx:1.26");
        assertThat(s.imageOf("web-2")).isEqualTo("nginx:1.25");
        assertThat(s.status().currentRevision()).isEqualTo(old);

        StatefulSet stored = s.set();
        s.cluster().user().statefulSets().update(stored.as(SetKind.STATEFUL_DEV, SetExtensions.NONE));
        s.settle();

        assertThat(s.podsDeleted(mark)).containsExactly("web-2", "web-1", "web-0");
        assertThat(s.status().currentRevision()).isEqualTo(s.status().updateRevision()).isNotEqualTo(old);
    }

    @Test
    void podManagementPolicyAndServiceNameChangeWithoutRecreatingAPod() {
        s.apply(SetManifest.web().replicas(2).ourKind());
        s.settle();
        long mark = s.mark();

        s.updateSpec(spec -> spec.withPodManagementPolicy(StatefulSetSpec.PARALLEL).withServiceName("renamed"));
        s.settle();
        assertThat(s.podsDeleted(mark)).isEmpty();

        s.scale(3);
        s.settle();
        assertThat(s.pod("web-2").spec().string("subdomain")).as("a pod created after the change").contains("renamed");
        assertThat(s.pod("web-0").spec().string("subdomain")).as("a pod created before it, left alone").contains("nginx");
        assertThat(s.podsCreated(mark)).containsExactly("web-2");
        assertThat(s.set().spec().podManagementPolicy()).isEqualTo(StatefulSetSpec.PARALLEL);
    }

    @Test
    void aBrokenRolloutUnderOrderedReadyIsRecoveredByTheNextRevision(InMemoryCluster cluster) {
        cluster.kubelet().behaveForImage("nginx:broken", PodBehaviour.NEVER_READY);
        s.apply(SetManifest.web().replicas(3).ourKind());
        s.settle();
        s.setImage("nginx:broken");
        s.settle();
        assertThat(s.imageOf("web-2")).as("the broken revision stops at its first pod").isEqualTo("nginx:broken");
        assertThat(s.imageOf("web-1")).isEqualTo("nginx:1.25");
        long mark = s.mark();

        s.setImage("nginx:1.26");
        s.settle();

        assertThat(s.podsDeleted(mark)).containsExactly("web-2", "web-1", "web-0");
        assertThat(s.pods()).extracting(p -> s.imageOf(p.name())).containsOnly("nginx:1.26");
        assertThat(s.status().currentRevision()).isEqualTo(s.status().updateRevision());
    }

    @Test
    void anAppsV1SetsPodManagementPolicyStaysImmutable(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(1));

        ApplyResult result = cluster.applyAllowingProblems(SetManifest.web().replicas(1).parallel().yaml());

        assertThat(result.hasProblems()).isTrue();
        assertThat(result.describeProblems()).contains("updates to statefulset spec for fields other than");
    }

    @Test
    void aRolloutStuckOnAPodThatNeverGetsReadyEndsInProgressDeadlineExceededWithoutAnotherEvent(InMemoryCluster cluster) {
        cluster.kubelet().behaveForImage("nginx:broken", PodBehaviour.NEVER_READY);
        s.apply(SetManifest.web().replicas(3).ourKind().progressDeadlineSeconds(120));
        s.settle();
        assertThat(condition("Progressing").reason()).isEqualTo("NewRevisionAvailable");
        assertThat(condition("Available").status()).isEqualTo("True");
        java.time.Instant rolloutStarted = cluster.clock().instant();

        s.setImage("nginx:broken");
        s.settle();

        StatefulSetStatus.Condition progressing = condition("Progressing");
        assertThat(progressing.status()).isEqualTo("False");
        assertThat(progressing.reason()).isEqualTo("ProgressDeadlineExceeded");
        assertThat(progressing.lastTransitionTime()).isAfter(rolloutStarted.plusSeconds(120));
        assertThat(condition("Available").status()).as("2 of 3 available, maxUnavailable 1").isEqualTo("True");

        s.setImage("nginx:1.26");
        s.settle();
        assertThat(condition("Progressing").status()).isEqualTo("True");
        assertThat(condition("Progressing").reason()).isEqualTo("NewRevisionAvailable");
    }

    @Test
    void anAppsV1SetShowsNoRolloutConditions() {
        s.apply(SetManifest.web().replicas(2));
        s.settle();

        assertThat(s.status().conditions()).isEmpty();
    }

    private StatefulSetStatus.Condition condition(String type) {
        return s.status().conditions().stream().filter(c -> type.equals(c.type())).findFirst()
                .orElseThrow(() -> new AssertionError("no " + type + " condition: " + s.status()));
    }
}
