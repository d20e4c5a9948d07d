package dev.stateful.fabric8.informer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The owner index of {@link DomainStore} against the rule it stands for: the records of a namespace
 * whose controller is the uid, or that have none, in name order, as filtering {@link DomainStore#list}
 * gives them, after puts that change owners and removals.
 */
class DomainStoreOwnerIndexTest {

    private static final List<String> NAMESPACES = List.of("a", "b");
    private static final List<String> UIDS = List.of("uid-1", "uid-2", "uid-3");

    final DomainStore<io.fabric8.kubernetes.api.model.Pod, Pod> store = new DomainStore<>("pod", io.fabric8.kubernetes.api.model.Pod::new, Pod::metadata);

    static io.fabric8.kubernetes.api.model.Pod pod(String namespace, String name, String controllerUid) {
        List<io.fabric8.kubernetes.api.model.OwnerReference> refs = new ArrayList<>();
        // a non-controller reference never makes a pod owned
        refs.add(new OwnerReferenceBuilder().withApiVersion("v1").withKind("ConfigMap").withName("cm").withUid("uid-1").build());
        if (controllerUid != null) {
            refs.add(new OwnerReferenceBuilder().withApiVersion("apps/v1").withKind("StatefulSet").withName("s")
                    .withUid(controllerUid).withController(true).build());
        }
        return OffTheWire.read(new PodBuilder()
                .withNewMetadata().withNamespace(namespace).withName(name).withResourceVersion("1").withOwnerReferences(refs).endMetadata()
                .withNewSpec().addNewContainer().withName("c").withImage("i").endContainer().endSpec()
                .build());
    }

    @Test
    void controlledByGivesTheControllersPodsAndTheOrphansOfTheNamespaceByName() {
        for (var p : List.of(pod("a", "web-2", "uid-1"), pod("a", "web-0", null), pod("a", "web-1", "uid-2"),
                pod("b", "web-3", "uid-1"), pod("a", "db-0", "uid-1"))) {
            store.put(store.getKey(p), p);
        }

        assertThat(store.controlledBy("a", "uid-1")).extracting(Pod::name).containsExactly("db-0", "web-0", "web-2");
        assertThat(store.controlledBy("c", "uid-1")).isEmpty();
    }

    @Test
    void anOwnerChangeMovesThePodAndARemovalDropsIt() {
        store.put("a/web-0", pod("a", "web-0", "uid-1"));

        store.put("a/web-0", pod("a", "web-0", "uid-2"));

        assertThat(store.controlledBy("a", "uid-1")).isEmpty();
        assertThat(store.controlledBy("a", "uid-2")).extracting(Pod::name).containsExactly("web-0");
        store.remove("a/web-0");
        assertThat(store.controlledBy("a", "uid-2")).isEmpty();
    }

    @Test
    void theIndexAgreesWithTheFilteredListAfterRandomPutsAndRemovals() {
        Random rnd = new Random(0xD0E5L);
        for (int step = 0; step < 2_000; step++) {
            String ns = NAMESPACES.get(rnd.nextInt(NAMESPACES.size()));
            String name = "web-" + rnd.nextInt(15);
            if (rnd.nextInt(4) == 0) {
                store.remove(ns + "/" + name);
            } else {
                String owner = rnd.nextInt(4) == 0 ? null : UIDS.get(rnd.nextInt(UIDS.size()));
                store.put(ns + "/" + name, pod(ns, name, owner));
            }
            for (String namespace : NAMESPACES) {
                for (String uid : List.of("uid-1", "uid-2", "uid-3", "uid-none")) {
                    assertThat(store.controlledBy(namespace, uid)).as("step %d, %s in %s", step, uid, namespace)
                            .containsExactlyElementsOf(store.list(namespace).stream().filter(p -> controlledByOrOrphan(p, uid)).toList());
                }
            }
        }
    }

    @Test
    void namedWithPrefixGivesTheMatchingNamesOfTheNamespaceInOrder() {
        for (var p : List.of(pod("a", "web-2", "uid-1"), pod("a", "webx-0", null), pod("a", "web-1", "uid-2"), pod("b", "web-3", null))) {
            store.put(store.getKey(p), p);
        }

        assertThat(store.namedWithPrefix("a", "web-")).extracting(Pod::name).containsExactly("web-1", "web-2");
    }

    private static boolean controlledByOrOrphan(Pod pod, String uid) {
        for (OwnerReference ref : pod.metadata().ownerReferences()) {
            if (Boolean.TRUE.equals(ref.controller())) {
                return ref.uid().equals(uid);
            }
        }
        return true;
    }
}
