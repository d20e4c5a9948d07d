package dev.stateful.inmemory.ports;

import static dev.stateful.inmemory.testing.TestObjects.NS;
import static dev.stateful.inmemory.testing.TestObjects.controllerRef;
import static dev.stateful.inmemory.testing.TestObjects.ownedBy;
import static dev.stateful.inmemory.testing.TestObjects.pod;
import static dev.stateful.inmemory.testing.TestObjects.statefulSet;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.store.DeleteOptions;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.PodControl;
import org.junit.jupiter.api.Test;

/** The PodControl contract: uid guards, adoption and release. */
class InMemoryPodControlTest {

    private final InMemoryCluster cluster = InMemoryCluster.create();
    private final PodControl pods = cluster.podControl();
    private final StatefulSet set = cluster.user().statefulSets().create(statefulSet("web", 1));

    /** Deletes web-0 for good and creates a namesake with a new uid. */
    private Pod replace(Pod old) {
        cluster.user().pods().delete(ObjectKey.of(old.metadata()), DeleteOptions.immediate(old.metadata().uid()));
        return cluster.user().pods().create(pod(old.name()));
    }

    @Test
    void deletingAPodThatWasReplacedIsNotFoundAndSparesTheNewOne() {
        Pod old = cluster.user().pods().create(pod("web-0"));
        Pod replacement = replace(old);

        assertThatThrownBy(() -> pods.delete(NS, "web-0", old.metadata().uid())).isInstanceOf(ApiException.NotFound.class);
        assertThat(cluster.reader().pods(NS)).containsExactly(replacement);
    }

    @Test
    void deletingAMissingPodIsNotFound() {
        assertThatThrownBy(() -> pods.delete(NS, "web-7", "any")).isInstanceOf(ApiException.NotFound.class);
    }

    @Test
    void deletingARunningPodStartsItsTermination() {
        Pod created = pods.create(pod("web-0"));

        pods.delete(NS, "web-0", created.metadata().uid());

        assertThat(cluster.reader().pods(NS)).singleElement().matches(Pod::isTerminating);
    }

    @Test
    void adoptionAddsTheControllerReferenceAsAPatch() {
        Pod orphan = cluster.user().pods().create(pod("web-0"));

        Pod adopted = pods.adopt(orphan, controllerRef(set));

        assertThat(adopted.metadata().controllerRef()).contains(controllerRef(set));
        assertThat(cluster.audit().query().by(Actor.CONTROLLER).verb(Verb.PATCH).kind(Kind.PODS).names()).containsExactly("web-0");
    }

    @Test
    void adoptionIgnoresAStaleResourceVersionButNotAReplacement() {
        Pod orphan = cluster.user().pods().create(pod("web-0"));
        cluster.user().pods().update(orphan.withMetadata(orphan.metadata().withLabel("seen", "later").withResourceVersion("")));

        Pod adopted = pods.adopt(orphan, controllerRef(set));
        Pod replacement = replace(adopted);

        assertThat(adopted.metadata().labels()).containsEntry("seen", "later");
        assertThatThrownBy(() -> pods.adopt(adopted, controllerRef(set))).isInstanceOf(ApiException.NotFound.class);
        assertThat(cluster.reader().pods(NS)).containsExactly(replacement);
    }

    @Test
    void adoptingAPodThatHasAnotherControllerIsInvalid() {
        StatefulSet other = cluster.user().statefulSets().create(statefulSet("other", 1));
        Pod owned = cluster.user().pods().create(ownedBy(pod("web-0"), controllerRef(other)));

        assertThatThrownBy(() -> pods.adopt(owned, controllerRef(set))).isInstanceOf(ApiException.Invalid.class);
    }

    @Test
    void releaseRemovesOnlyThatOwnersReference() {
        OwnerReference bystander = new OwnerReference("v1", "ConfigMap", "cfg", "cfg-uid", false, false);
        Pod owned = cluster.user().pods().create(ownedBy(pod("web-0"), controllerRef(set), bystander));

        Pod released = pods.release(owned, set.metadata().uid());

        assertThat(released.metadata().ownerReferences()).containsExactly(bystander);
    }

    @Test
    void releasingAPodThatIsGoneIsReportedAsNotFound() {
        Pod owned = cluster.user().pods().create(ownedBy(pod("web-0"), controllerRef(set)));
        cluster.user().pods().delete(ObjectKey.of(owned.metadata()), DeleteOptions.immediate(null));

        assertThatThrownBy(() -> pods.release(owned, set.metadata().uid())).isInstanceOf(ApiException.NotFound.class);
    }

    @Test
    void anUpdateWithAStaleResourceVersionIsAConflict() {
        Pod created = pods.create(pod("web-0"));
        cluster.advance(java.time.Duration.ofMinutes(1)); // the kubelet writes the status

        assertThatThrownBy(() -> pods.update(created.withMetadata(created.metadata().withLabel("a", "b"))))
                .isInstanceOf(ApiException.Conflict.class);
    }
}
