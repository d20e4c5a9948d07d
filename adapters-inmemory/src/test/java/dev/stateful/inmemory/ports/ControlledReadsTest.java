package dev.stateful.inmemory.ports;

import static dev.stateful.inmemory.testing.TestObjects.NS;
import static dev.stateful.inmemory.testing.TestObjects.pod;
import static dev.stateful.inmemory.testing.TestObjects.revision;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.client.ResourceClient;
import dev.stateful.inmemory.store.DeleteOptions;
import dev.stateful.ports.ClusterReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The reader's owner-indexed answers ({@link ClusterReader#controlledPods},
 * {@link ClusterReader#controlledRevisions}) against the rule they stand for: filtering the full
 * namespace list by controller, in the same order, whatever writes came before.
 */
class ControlledReadsTest {

    private static final String OTHER_NS = "other";
    private static final List<String> NAMESPACES = List.of(NS, OTHER_NS);
    /** Controller uids the objects get (the API server refuses an empty one). */
    private static final List<String> UIDS = List.of("uid-a", "uid-b", "uid-c");
    private static final List<String> QUERIED_UIDS = List.of("uid-a", "uid-b", "uid-c", "", "uid-nobody");

    private final InMemoryCluster cluster = InMemoryCluster.create();
    private final ClusterReader reader = cluster.reader();

    @Test
    void controlledPodsAreTheSetsOwnPodsAndTheOrphansInNameOrderLeavingOtherControllersOut() {
        create(cluster.user().pods(), ownedPod(NS, "web-2", "uid-a"));
        create(cluster.user().pods(), ownedPod(NS, "web-0", "uid-a"));
        create(cluster.user().pods(), ownedPod(NS, "web-1", null));
        create(cluster.user().pods(), ownedPod(NS, "db-0", "uid-b"));
        create(cluster.user().pods(), ownedPod(OTHER_NS, "web-3", "uid-a"));
        // a non-controller owner reference does not make a pod owned
        Pod plain = pod("web-4");
        create(cluster.user().pods(), plain.withMetadata(plain.metadata().withOwnerReferences(
                List.of(new OwnerReference("v1", "Node", "n", "uid-b", false, null)))));

        assertThat(reader.controlledPods(NS, "uid-a")).extracting(Pod::name).containsExactly("web-0", "web-1", "web-2", "web-4");
        assertThat(reader.controlledPods(NS, "uid-b")).extracting(Pod::name).containsExactly("db-0", "web-1", "web-4");
        assertThat(reader.controlledPods(OTHER_NS, "uid-b")).isEmpty();
    }

    @Test
    void controlledRevisionsAddTheRevisionsWhoseNameStartsWithThePrefixWhoeverOwnsThem() {
        create(cluster.user().revisions(), ownedRevision(NS, "web-abc", "uid-b"));
        create(cluster.user().revisions(), ownedRevision(NS, "web-old", "uid-a"));
        create(cluster.user().revisions(), ownedRevision(NS, "db-1", null));
        create(cluster.user().revisions(), ownedRevision(NS, "db-2", "uid-b"));
        create(cluster.user().revisions(), ownedRevision(NS, "webx-1", "uid-b"));
        create(cluster.user().revisions(), ownedRevision(OTHER_NS, "web-zzz", "uid-b"));

        assertThat(reader.controlledRevisions(NS, "uid-a", "web-")).extracting(ControllerRevision::name)
                .containsExactly("db-1", "web-abc", "web-old");
    }

    @Test
    void theIndexedAnswersEqualTheFilteredListsAfterRandomCreatesOwnerChangesAndDeletions() {
        Random rnd = new Random(0x1DE7L);
        for (int step = 0; step < 600; step++) {
            randomPodWrite(rnd);
            randomRevisionWrite(rnd);
            if (step % 10 == 0) {
                assertIndexMatchesFilter("after step " + step);
            }
        }
        assertIndexMatchesFilter("at the end");
    }

    @Test
    void aLaggingReaderAnswersWithTheOwnersOfNWritesAgo() {
        Pod web0 = create(cluster.user().pods(), ownedPod(NS, "web-0", "uid-a"));
        cluster.user().pods().update(withController(web0, "uid-b"));

        cluster.faults().staleReads(1);

        assertThat(reader.controlledPods(NS, "uid-a")).extracting(Pod::name).containsExactly("web-0");
        assertThat(reader.controlledPods(NS, "uid-b")).isEmpty();
        cluster.faults().freshReads();
        assertThat(reader.controlledPods(NS, "uid-a")).isEmpty();
        assertThat(reader.controlledPods(NS, "uid-b")).extracting(Pod::name).containsExactly("web-0");
    }

    private void assertIndexMatchesFilter(String when) {
        for (String ns : NAMESPACES) {
            List<Pod> pods = reader.pods(ns);
            List<ControllerRevision> revisions = reader.revisions(ns);
            for (String uid : QUERIED_UIDS) {
                assertThat(reader.controlledPods(ns, uid)).as("pods of %s in %s %s", uid, ns, when)
                        .containsExactlyElementsOf(pods.stream().filter(p -> controlledByOrOrphan(p.metadata(), uid)).toList());
                for (String prefix : List.of("web-", "db-", "nothing-")) {
                    assertThat(reader.controlledRevisions(ns, uid, prefix)).as("revisions of %s, %s*, in %s %s", uid, prefix, ns, when)
                            .containsExactlyElementsOf(revisions.stream()
                                    .filter(r -> r.name().startsWith(prefix) || controlledByOrOrphan(r.metadata(), uid)).toList());
                }
            }
        }
    }

    /** The rule, written out here rather than taken from the port. */
    private static boolean controlledByOrOrphan(ObjectMeta meta, String uid) {
        for (OwnerReference ref : meta.ownerReferences()) {
            if (Boolean.TRUE.equals(ref.controller())) {
                return ref.uid().equals(uid);
            }
        }
        return true;
    }

    private void randomPodWrite(Random rnd) {
        String ns = NAMESPACES.get(rnd.nextInt(NAMESPACES.size()));
        String name = (rnd.nextBoolean() ? "web-" : "db-") + rnd.nextInt(12);
        Optional<Pod> stored = cluster.stores().pods().get(new ObjectKey(ns, name));
        if (stored.isEmpty()) {
            create(cluster.user().pods(), ownedPod(ns, name, randomOwner(rnd)));
            return;
        }
        Pod pod = stored.get();
        switch (rnd.nextInt(4)) {
            case 0 -> cluster.user().pods().delete(ObjectKey.of(pod.metadata()), DeleteOptions.immediate(pod.metadata().uid()));
            // graceful: stays, terminating, until the kubelet confirms (not ticked here)
            case 1 -> cluster.user().pods().delete(ObjectKey.of(pod.metadata()), DeleteOptions.DEFAULT);
            default -> update(cluster.user().pods(), pod, p -> withController(p, randomOwner(rnd)));
        }
    }

    private void randomRevisionWrite(Random rnd) {
        String ns = NAMESPACES.get(rnd.nextInt(NAMESPACES.size()));
        String name = (rnd.nextBoolean() ? "web-" : "db-") + rnd.nextInt(12);
        Optional<ControllerRevision> stored = cluster.stores().revisions().get(new ObjectKey(ns, name));
        if (stored.isEmpty()) {
            create(cluster.user().revisions(), ownedRevision(ns, name, randomOwner(rnd)));
        } else if (rnd.nextInt(3) == 0) {
            cluster.user().revisions().delete(new ObjectKey(ns, name), DeleteOptions.immediate(stored.get().metadata().uid()));
        } else {
            String owner = randomOwner(rnd);
            update(cluster.user().revisions(), stored.get(), r -> r.withMetadata(r.metadata().withOwnerReferences(refs(owner))));
        }
    }

    private static <T> T create(ResourceClient<T> client, T object) {
        return client.create(object);
    }

    private static <T> void update(ResourceClient<T> client, T object, UnaryOperator<T> change) {
        try {
            client.update(change.apply(object));
        } catch (RuntimeException e) {
            // a terminating pod may refuse some updates; the index must still agree with the list
        }
    }

    private static String randomOwner(Random rnd) {
        return rnd.nextInt(4) == 0 ? null : UIDS.get(rnd.nextInt(UIDS.size()));
    }

    private static Pod ownedPod(String namespace, String name, String controllerUid) {
        Pod pod = pod(name);
        return pod.withMetadata(pod.metadata().withNamespace(namespace).withOwnerReferences(refs(controllerUid)));
    }

    private static ControllerRevision ownedRevision(String namespace, String name, String controllerUid) {
        ControllerRevision r = revision(name, "{}", 1);
        return r.withMetadata(r.metadata().withNamespace(namespace).withOwnerReferences(refs(controllerUid)));
    }

    private static Pod withController(Pod pod, String controllerUid) {
        return pod.withMetadata(pod.metadata().withOwnerReferences(refs(controllerUid)));
    }

    /** A non-controller reference always, plus a controller reference unless {@code controllerUid} is null. */
    private static List<OwnerReference> refs(String controllerUid) {
        List<OwnerReference> refs = new ArrayList<>();
        refs.add(new OwnerReference("v1", "ConfigMap", "cm", "uid-a", false, null));
        if (controllerUid != null) {
            refs.add(new OwnerReference("apps/v1", "StatefulSet", "s", controllerUid, true, true));
        }
        return refs;
    }
}
