package dev.stateful.fabric8.control;

import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.fabric8.control.ApiErrors.Verb;
import dev.stateful.fabric8.convert.Fabric8Codec;
import dev.stateful.ports.StatusWriter;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Optional;

/** {@link StatusWriter} through the {@code /status} subresource; never a plain update. */
public final class Fabric8StatusWriter implements StatusWriter {

    private final KubernetesClient client;

    public Fabric8StatusWriter(KubernetesClient client) {
        this.client = client;
    }

    @Override
    public StatefulSet updateStatus(StatefulSet set) {
        String target = target(set.namespace(), set.name());
        Preconditions.requireResourceVersion(set.metadata(), target);
        String path = "/apis/apps/v1/namespaces/" + set.namespace() + "/statefulsets/" + set.name() + "/status";
        return ModelCodec.statefulSet(JsonWrites.update(client, target, path, ModelCodec.encode(set)));
    }

    @Override
    public Optional<StatefulSet> get(String namespace, String name) {
        var found = ApiErrors.call(Verb.GET, target(namespace, name), () ->
                client.apps().statefulSets().inNamespace(namespace).withName(name).get());
        return Optional.ofNullable(found).map(Fabric8Codec::toDomain);
    }

    private static String target(String namespace, String name) {
        return "statefulset " + namespace + "/" + name;
    }
}
