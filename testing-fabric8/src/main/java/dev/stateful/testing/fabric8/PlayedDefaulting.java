package dev.stateful.testing.fabric8;

import dev.stateful.domain.defaults.Defaults;
import dev.stateful.fabric8.convert.Fabric8Codec;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.function.Consumer;

/**
 * The apps/v1 defaulting fabric8's mock does not do, played after the fact: a StatefulSet whose
 * spec lacks defaults (podManagementPolicy, updateStrategy, revisionHistoryLimit, the retention
 * policy, the pod template's) is written back with them, as the API server would have stored it.
 * The controller may see the set once before that and flag it invalid; the next version clears it.
 * A new pod gets phase Pending, as the API server gives it (upstream's {@code isCreated} takes a pod
 * without a phase for one not created yet).
 */
final class PlayedDefaulting implements AutoCloseable {

    private final KubernetesClient client;
    private final SharedIndexInformer<StatefulSet> informer;
    private final SharedIndexInformer<Pod> pods;

    PlayedDefaulting(KubernetesClient client) {
        this.client = client;
        this.informer = client.apps().statefulSets().inAnyNamespace().inform(onAddOrUpdate(this::defaultIfNeeded));
        this.pods = client.pods().inAnyNamespace().inform(onAddOrUpdate(this::pendingIfNoPhase));
    }

    /** A handler that plays {@code write} on each object added or updated, its newest version; deletions need nothing. */
    private static <T> ResourceEventHandler<T> onAddOrUpdate(Consumer<T> write) {
        return new ResourceEventHandler<>() {
            @Override
            public void onAdd(T object) {
                write.accept(object);
            }

            @Override
            public void onUpdate(T before, T object) {
                write.accept(object);
            }

            @Override
            public void onDelete(T object, boolean finalStateUnknown) {
            }
        };
    }

    private void pendingIfNoPhase(Pod pod) {
        if (pod.getStatus() != null && pod.getStatus().getPhase() != null && !pod.getStatus().getPhase().isEmpty()) {
            return;
        }
        Pod pending = new PodBuilder(pod).editOrNewStatus().withPhase("Pending").endStatus().build();
        try {
            client.pods().inNamespace(pod.getMetadata().getNamespace()).resource(pending).updateStatus();
        } catch (KubernetesClientException e) {
            // gone or changed meanwhile: its next event decides again
        }
    }

    /** The stored set as the API server would have defaulted it; {@code set} itself when nothing is missing. */
    static StatefulSet defaulted(StatefulSet set) {
        StatefulSet withDefaults = Fabric8Codec.toFabric8(Defaults.statefulSet(Fabric8Codec.toDomain(set)));
        if (withDefaults.getSpec().equals(set.getSpec())) {
            return set;
        }
        StatefulSet out = new io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder(set).build();
        out.setSpec(withDefaults.getSpec());
        return out;
    }

    private void defaultIfNeeded(StatefulSet set) {
        StatefulSet out = defaulted(set);
        if (out == set) {
            return;
        }
        try {
            client.apps().statefulSets().inNamespace(set.getMetadata().getNamespace()).resource(out).update();
        } catch (KubernetesClientException e) {
            // a newer version is on its way (conflict) or the set is gone: its own event decides again
        }
    }

    boolean isWatching() {
        return informer.hasSynced() && informer.isWatching() && pods.hasSynced() && pods.isWatching();
    }

    @Override
    public void close() {
        informer.close();
        pods.close();
    }
}
