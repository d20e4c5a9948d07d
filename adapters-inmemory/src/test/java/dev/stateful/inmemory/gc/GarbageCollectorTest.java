package dev.stateful.inmemory.gc;

import static dev.stateful.inmemory.testing.TestObjects.NS;
import static dev.stateful.inmemory.testing.TestObjects.claim;
import static dev.stateful.inmemory.testing.TestObjects.controllerRef;
import static dev.stateful.inmemory.testing.TestObjects.ownedBy;
import static dev.stateful.inmemory.testing.TestObjects.pod;
import static dev.stateful.inmemory.testing.TestObjects.revision;
import static dev.stateful.inmemory.testing.TestObjects.statefulSet;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.client.ClusterClient;
import dev.stateful.inmemory.store.DeleteOptions;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import org.junit.jupiter.api.Test;

/** Owner-reference garbage collection with background propagation, as the retention policy relies on it. */
class GarbageCollectorTest {

    private final InMemoryCluster cluster = InMemoryCluster.builder().instantKubelet().build();
    private final ClusterClient user = cluster.user();

    private static ObjectKey key(String name) {
        return new ObjectKey(NS, name);
    }

    @Test
    void deletingAStatefulSetCascadesToItsPodsAndRevisionsAfterItIsGone() {
        StatefulSet set = user.statefulSets().create(statefulSet("web", 2));
        user.pods().create(ownedBy(pod("web-0"), controllerRef(set)));
        user.revisions().create(ownedBy(revision("web-6d4b", "{}", 1), controllerRef(set)));

        user.statefulSets().delete(set.key(), DeleteOptions.DEFAULT);
        cluster.gc().collect();

        assertThat(user.statefulSets().list(NS)).isEmpty();
        assertThat(user.revisions().list(NS)).isEmpty();
        assertThat(user.pods().get(key("web-0")).orElseThrow().isTerminating()).isTrue();
        cluster.tick();
        assertThat(user.pods().list(NS)).isEmpty();
    }

    @Test
    void aClaimOwnedByAPodGoesAfterThePodIsGoneNotWhileItIsTerminating() {
        Pod pod = user.pods().create(pod("web-2"));
        user.claims().create(ownedBy(claim("www-web-2"), controllerRef(pod)));

        user.pods().delete(key("web-2"), DeleteOptions.withUid(pod.metadata().uid()));
        cluster.gc().collect();
        boolean claimSurvivedTermination = user.claims().get(key("www-web-2")).isPresent();
        cluster.tick(); // the kubelet finishes the pod, then the collector runs

        assertThat(claimSurvivedTermination).isTrue();
        assertThat(user.pods().get(key("web-2"))).isEmpty();
        assertThat(user.claims().get(key("www-web-2"))).isEmpty();
    }

    @Test
    void theCascadeFollowsChainsSetThenPodThenClaim() {
        StatefulSet set = user.statefulSets().create(statefulSet("web", 1));
        Pod pod = user.pods().create(ownedBy(pod("web-0"), controllerRef(set)));
        user.claims().create(ownedBy(claim("www-web-0"), controllerRef(pod)));

        user.statefulSets().delete(set.key(), DeleteOptions.DEFAULT);
        cluster.tick();
        cluster.tick();

        assertThat(user.pods().list(NS)).isEmpty();
        assertThat(user.claims().list(NS)).isEmpty();
    }

    @Test
    void aClaimOwnedByTheSetGoesWhenTheSetIsDeleted() {
        StatefulSet set = user.statefulSets().create(statefulSet("web", 1));
        user.claims().create(ownedBy(claim("www-web-0"), controllerRef(set)));

        user.statefulSets().delete(set.key(), DeleteOptions.DEFAULT);
        cluster.tick();

        assertThat(user.claims().list(NS)).isEmpty();
    }

    @Test
    void aDependentWithAnotherLiveOwnerOnlyLosesTheDanglingReference() {
        StatefulSet set = user.statefulSets().create(statefulSet("web", 1));
        Pod pod = user.pods().create(pod("web-0"));
        OwnerReference podRef = new OwnerReference("v1", "Pod", pod.name(), pod.metadata().uid(), false, true);
        user.claims().create(ownedBy(claim("www-web-0"), controllerRef(set), podRef));

        user.statefulSets().delete(set.key(), DeleteOptions.DEFAULT);
        cluster.gc().collect();

        PersistentVolumeClaim kept = user.claims().get(key("www-web-0")).orElseThrow();
        assertThat(kept.metadata().ownerReferences()).containsExactly(podRef);
    }

    @Test
    void orphanPropagationKeepsTheDependentsAndRemovesTheirReference() {
        StatefulSet set = user.statefulSets().create(statefulSet("web", 1));
        user.pods().create(ownedBy(pod("web-0"), controllerRef(set)));

        user.statefulSets().delete(set.key(), DeleteOptions.orphan());
        cluster.tick();

        assertThat(user.statefulSets().list(NS)).isEmpty();
        Pod orphan = user.pods().get(key("web-0")).orElseThrow();
        assertThat(orphan.isTerminating()).isFalse();
        assertThat(orphan.metadata().ownerReferences()).isEmpty();
    }

    @Test
    void aPausedCollectorLeavesAStaleClaimInPlaceUntilResumed() {
        Pod pod = user.pods().create(pod("web-2"));
        user.claims().create(ownedBy(claim("www-web-2"), controllerRef(pod)));
        cluster.gc().pause();

        user.pods().delete(key("web-2"), DeleteOptions.DEFAULT);
        cluster.tick();
        boolean staleWhilePaused = user.claims().get(key("www-web-2")).isPresent();
        cluster.gc().resume();
        cluster.tick();

        assertThat(staleWhilePaused).isTrue();
        assertThat(user.claims().get(key("www-web-2"))).isEmpty();
    }

    @Test
    void objectsWithoutOwnersOrWithLiveOwnersAreNeverCollected() {
        StatefulSet set = user.statefulSets().create(statefulSet("web", 1));
        user.pods().create(ownedBy(pod("web-0"), controllerRef(set)));
        user.claims().create(claim("data"));

        int writes = cluster.gc().collect();

        assertThat(writes).isZero();
        assertThat(user.pods().list(NS)).hasSize(1);
        assertThat(user.claims().list(NS)).hasSize(1);
    }

    @Test
    void collectorWritesAreAuditedAsTheGarbageCollector() {
        StatefulSet set = user.statefulSets().create(statefulSet("web", 1));
        user.revisions().create(ownedBy(revision("web-1", "{}", 1), controllerRef(set)));

        user.statefulSets().delete(set.key(), DeleteOptions.DEFAULT);
        cluster.gc().collect();

        assertThat(cluster.audit().query().by(Actor.GARBAGE_COLLECTOR).verb(Verb.DELETE).kind(Kind.REVISIONS).names())
                .containsExactly("web-1");
    }
}
