package dev.stateful.fabric8.control;

import dev.stateful.domain.model.StatefulSet;
import dev.stateful.fabric8.control.ApiErrors.Verb;
import dev.stateful.fabric8.convert.CustomKindConvert;
import dev.stateful.ports.StatusWriter;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Optional;

/** {@link StatusWriter} of our own kind, through its {@code /status} subresource (labelSelector included, for scale). */
public final class CustomKindStatusWriter implements StatusWriter {

    private final KubernetesClient client;

    public CustomKindStatusWriter(KubernetesClient client) {
        this.client = client;
    }

    @Override
    public StatefulSet updateStatus(StatefulSet set) {
        String target = target(set.namespace(), set.name());
        Preconditions.requireResourceVersion(set.metadata(), target);
        var written = ApiErrors.call(Verb.UPDATE, target, () -> client.genericKubernetesResources(CustomKindConvert.CONTEXT)
                .inNamespace(set.namespace()).resource(CustomKindConvert.toFabric8(set)).updateStatus());
        return CustomKindConvert.toDomain(written);
    }

    @Override
    public Optional<StatefulSet> get(String namespace, String name) {
        var found = ApiErrors.call(Verb.GET, target(namespace, name), () ->
                client.genericKubernetesResources(CustomKindConvert.CONTEXT).inNamespace(namespace).withName(name).get());
        return Optional.ofNullable(found).map(CustomKindConvert::toDomain);
    }

    private static String target(String namespace, String name) {
        return "statefulset.apps.stateful.dev " + namespace + "/" + name;
    }
}
