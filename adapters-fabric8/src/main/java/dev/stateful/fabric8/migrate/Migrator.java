package dev.stateful.fabric8.migrate;

import dev.stateful.codec.CustomKindCodec;
import dev.stateful.domain.features.Migration;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.fabric8.convert.CustomKindConvert;
import dev.stateful.fabric8.convert.Fabric8Codec;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Runs {@link Migration} against an API server: reads both kinds of the set, its pods and
 * revisions, and performs the steps left. Every run starts from what exists, so a run that was
 * interrupted (or a step that failed) is finished by running again.
 */
public final class Migrator {

    /** The migration did not finish in time; what is left is in the message. */
    public static final class TimedOutException extends RuntimeException {
        public TimedOutException(String message) {
            super(message);
        }
    }

    private final KubernetesClient client;

    public Migrator(KubernetesClient client) {
        this.client = client;
    }

    /** The steps left now. */
    public List<Migration.Step> plan(String namespace, String name) {
        Optional<StatefulSet> apps = Optional.ofNullable(client.apps().statefulSets().inNamespace(namespace).withName(name).get())
                .filter(s -> s.getMetadata().getDeletionTimestamp() == null)
                .map(Fabric8Codec::toDomain);
        Optional<StatefulSet> ours = Optional.ofNullable(client.genericKubernetesResources(CustomKindConvert.CONTEXT)
                .inNamespace(namespace).withName(name).get()).map(CustomKindConvert::toDomain);
        return Migration.plan(namespace, name, apps, ours,
                client.pods().inNamespace(namespace).list().getItems().stream().map(Fabric8Codec::toDomain).toList(),
                client.apps().controllerRevisions().inNamespace(namespace).list().getItems().stream().map(Fabric8Codec::toDomain).toList());
    }

    /** Performs the steps left, saying each on {@code out}, and waits up to {@code timeout} for the adoption. */
    public void run(String namespace, String name, Duration timeout, Consumer<String> out) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String waitingFor = "";
        while (true) {
            List<Migration.Step> steps = plan(namespace, name);
            if (steps.isEmpty()) {
                out.accept("statefulset.apps.stateful.dev/" + name + " migrated: its pods and revisions are adopted, none recreated");
                return;
            }
            Migration.Step step = steps.get(0);
            if (step instanceof Migration.CreateOurs create) {
                create(create.set());
                out.accept("statefulset.apps.stateful.dev/" + name + " created");
            } else if (step instanceof Migration.DeleteAppsOrphaning delete) {
                client.apps().statefulSets().inNamespace(namespace).withName(name)
                        .withPropagationPolicy(DeletionPropagation.ORPHAN).delete();
                out.accept("statefulset.apps/" + delete.name() + " deleted (propagationPolicy=Orphan: pods, claims and revisions kept)");
            } else if (step instanceof Migration.AwaitAdoption await) {
                if (!await.describe().equals(waitingFor)) {
                    waitingFor = await.describe();
                    out.accept(waitingFor.substring(0, 1).toUpperCase() + waitingFor.substring(1));
                }
                if (System.nanoTime() > deadline) {
                    throw new TimedOutException("timed out after " + timeout.toSeconds() + "s waiting for the controller to adopt "
                            + String.join(", ", concat(await.pods(), await.revisions())) + " (is `stateful controller --kinds crd`"
                            + " running?); run migrate again to continue");
                }
                Thread.sleep(250);
            }
        }
    }

    private void create(StatefulSet set) {
        GenericKubernetesResource object = Fabric8Codec.object(CustomKindCodec.encode(set).without("status"), GenericKubernetesResource.class);
        try {
            client.genericKubernetesResources(CustomKindConvert.CONTEXT).inNamespace(set.namespace()).resource(object).create();
        } catch (KubernetesClientException e) {
            if (e.getCode() != 409) {
                throw e;
            }
            // created meanwhile: the next plan reads it
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }
}
