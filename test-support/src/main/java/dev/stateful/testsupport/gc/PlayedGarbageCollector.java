package dev.stateful.testsupport.gc;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The garbage collector the mock API server lacks, played on demand: objects whose owners are
 * all gone are deleted, repeatedly, until nothing more goes (a pod's deletion frees the claims it
 * owned). Like the real collector it goes by owner uids, not names, and deletes an object once: one
 * being deleted already (held by a finalizer) is left to whoever holds it.
 */
public final class PlayedGarbageCollector {

    private final KubernetesClient client;

    public PlayedGarbageCollector(KubernetesClient client) {
        this.client = client;
    }

    /** Collects every namespace that holds a StatefulSet, pod, claim or revision; returns what it deleted, as {@code namespace/kind/name}. */
    public List<String> collectAll() {
        Set<String> namespaces = new java.util.TreeSet<>();
        for (Kind<?> kind : kinds()) {
            kind.operation().inAnyNamespace().list().getItems().forEach(o -> namespaces.add(o.getMetadata().getNamespace()));
        }
        List<String> deleted = new ArrayList<>();
        for (String namespace : namespaces) {
            collect(namespace).forEach(d -> deleted.add(namespace + "/" + d));
        }
        return deleted;
    }

    private List<Kind<?>> kinds() {
        return List.of(
                new Kind<>("statefulset", client.apps().statefulSets()),
                new Kind<>("pod", client.pods()),
                new Kind<>("persistentvolumeclaim", client.persistentVolumeClaims()),
                new Kind<>("controllerrevision", client.apps().controllerRevisions()));
    }

    /** Collects {@code namespace}; returns what it deleted, as {@code kind/name}. */
    public List<String> collect(String namespace) {
        List<String> deleted = new ArrayList<>();
        while (true) {
            List<Kind<?>> kinds = kinds();
            List<Listed> objects = kinds.stream().flatMap(k -> k.list(namespace).stream()).toList();
            Set<String> alive = objects.stream().map(o -> o.object().getMetadata().getUid()).collect(Collectors.toSet());
            List<Listed> orphaned = objects.stream()
                    .filter(o -> o.object().getMetadata().getDeletionTimestamp() == null && ownedByNoneOf(o.object(), alive)).toList();
            if (orphaned.isEmpty()) {
                return deleted;
            }
            for (Listed o : orphaned) {
                o.kind().delete(namespace, o.object().getMetadata().getName());
                deleted.add(o.kind().name() + "/" + o.object().getMetadata().getName());
            }
        }
    }

    /**
     * Removes {@code ownerUid}'s owner references from every object of {@code namespace} (what the real collector does
     * for an owner deleted with {@code propagationPolicy: Orphan}); returns what changed, as {@code kind/name}.
     */
    public List<String> orphanDependents(String namespace, String ownerUid) {
        List<String> orphaned = new ArrayList<>();
        for (Kind<?> kind : kinds()) {
            for (Listed o : kind.list(namespace)) {
                List<OwnerReference> owners = o.object().getMetadata().getOwnerReferences();
                if (owners != null && owners.stream().anyMatch(r -> ownerUid.equals(r.getUid()))) {
                    kind.removeOwner(namespace, o.object().getMetadata().getName(), ownerUid);
                    orphaned.add(kind.name() + "/" + o.object().getMetadata().getName());
                }
            }
        }
        return orphaned;
    }

    private static boolean ownedByNoneOf(HasMetadata object, Set<String> alive) {
        List<OwnerReference> owners = object.getMetadata().getOwnerReferences();
        return owners != null && !owners.isEmpty() && owners.stream().noneMatch(o -> alive.contains(o.getUid()));
    }

    private record Listed(Kind<?> kind, HasMetadata object) {
    }

    private record Kind<T extends HasMetadata>(String name, MixedOperation<T, ? extends KubernetesResourceList<T>, ?> operation) {
        List<Listed> list(String namespace) {
            return operation.inNamespace(namespace).list().getItems().stream().map(o -> new Listed(this, o)).toList();
        }

        void delete(String namespace, String objectName) {
            operation.inNamespace(namespace).withName(objectName).delete();
        }

        void removeOwner(String namespace, String objectName, String ownerUid) {
            operation.inNamespace(namespace).withName(objectName).edit(o -> {
                o.getMetadata().setOwnerReferences(o.getMetadata().getOwnerReferences().stream()
                        .filter(r -> !ownerUid.equals(r.getUid())).toList());
                return o;
            });
        }
    }
}
