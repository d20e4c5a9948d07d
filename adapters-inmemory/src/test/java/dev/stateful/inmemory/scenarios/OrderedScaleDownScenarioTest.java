package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.kubelet.PodBehaviour;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * OrderedReady scale-down removes the highest ordinal first, one pod at a time,
 * only while every remaining replica is healthy; the retention policy decides whether the claims go.
 */
@ExtendWith(InMemoryClusterExtension.class)
class OrderedScaleDownScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
        cluster.kubelet().behave("web-3", PodBehaviour.SLOW_TERMINATION);
        cluster.kubelet().behave("web-4", PodBehaviour.SLOW_TERMINATION);
    }

    @Test
    void fiveToThreeDeletesWeb4ThenWaitsForItToGoThenDeletesWeb3(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(5));
        s.settle();
        s.scale(3);
        long mark = s.mark();

        s.sync();
        assertThat(s.podsDeleted(mark)).containsExactly("web-4");

        s.sync(3);
        assertThat(s.pod("web-4").isTerminating()).isTrue();
        assertThat(s.podsDeleted(mark)).as("web-3 waits while web-4 terminates").containsExactly("web-4");

        cluster.advance(Duration.ofSeconds(10));
        assertThat(s.findPod("web-4")).isEmpty();
        s.sync();
        assertThat(s.podsDeleted(mark)).containsExactly("web-4", "web-3");

        s.settle();
        assertThat(s.podNames()).containsExactly("web-0", "web-1", "web-2");
        assertThat(s.podsDeleted(mark)).containsExactly("web-4", "web-3");
        assertThat(s.status().replicas()).isEqualTo(3);
    }

    @Test
    void noPodIsDeletedWhileAnInRangeReplicaIsNotReady(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(5));
        s.settle();
        cluster.kubelet().behave("web-1", PodBehaviour.MANUAL);
        s.running("web-1");
        s.scale(3);
        long mark = s.mark();

        s.sync(3);

        assertThat(s.podsDeleted(mark)).isEmpty();
        assertThat(s.podNames()).hasSize(5);
    }

    @Test
    void withWhenScaledDeleteTheCondemnedPodOwnsItsClaimsBeforeItIsDeleted() {
        StatefulSet set = s.apply(SetManifest.web().replicas(5).retention("Delete", "Delete"));
        s.settle();
        Pod web4 = s.pod("web-4");
        s.scale(3);

        s.sync();

        assertThat(s.pod("web-4").isTerminating()).isTrue();
        assertThat(s.claim("www-web-4").metadata().ownerReferences()).containsExactly(
                new OwnerReference("v1", "Pod", "web-4", web4.metadata().uid(), true, true));
        assertThat(s.claim("www-web-2").metadata().ownerReferences()).containsExactly(
                new OwnerReference("apps/v1", "StatefulSet", "web", set.metadata().uid(), true, true));
    }

    @Test
    void withWhenScaledDeleteTheClaimsOfRemovedPodsAreGarbageCollected(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(5).retention("Retain", "Delete"));
        s.settle();
        s.scale(3);

        s.settle();

        assertThat(s.podNames()).containsExactly("web-0", "web-1", "web-2");
        assertThat(s.claimNames()).containsExactly("www-web-0", "www-web-1", "www-web-2");
        assertThat(cluster.audit().query().by(Actor.GARBAGE_COLLECTOR).verb(Verb.DELETE).kind(Kind.CLAIMS).names())
                .containsExactlyInAnyOrder("www-web-3", "www-web-4");
        assertThat(cluster.audit().query().by(Actor.CONTROLLER).verb(Verb.DELETE).kind(Kind.CLAIMS).isEmpty())
                .as("the controller never deletes claims itself").isTrue();
    }

    @Test
    void withWhenScaledRetainTheClaimsOfRemovedPodsStay(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(5).retention("Delete", "Retain"));
        s.settle();
        s.scale(3);

        s.settle();

        assertThat(s.podNames()).containsExactly("web-0", "web-1", "web-2");
        assertThat(s.claimNames()).containsExactly("www-web-0", "www-web-1", "www-web-2", "www-web-3", "www-web-4");
        assertThat(cluster.audit().query().verb(Verb.DELETE).kind(Kind.CLAIMS).isEmpty()).isTrue();
    }

    @Test
    void aScaleDownWaitingForAReplicaToBecomeAvailableResumesByItselfAfterMinReadySeconds(InMemoryCluster cluster) {
        s.apply(SetManifest.web().replicas(3).minReadySeconds(3));
        s.settle();
        cluster.kubelet().behave("web-0", PodBehaviour.MANUAL);
        s.running("web-0");
        s.scale(2);
        s.sync();
        long mark = s.mark();

        s.ready("web-0");
        assertThat(s.sync().requeueAfter()).as("web-0 becomes available in 3s: look again then")
                .hasValueSatisfying(d -> assertThat(d).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(4)));
        s.settle();

        assertThat(s.podsDeleted(mark)).containsExactly("web-2");
        assertThat(s.podNames()).containsExactly("web-0", "web-1");
    }
}
