package dev.stateful.fabric8.control;

import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.fabric8.control.ApiErrors.Verb;
import dev.stateful.fabric8.convert.Fabric8Codec;
import dev.stateful.ports.ClaimControl;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Optional;

/** {@link ClaimControl} over the API server. */
public final class Fabric8ClaimControl implements ClaimControl {

    private final KubernetesClient client;

    public Fabric8ClaimControl(KubernetesClient client) {
        this.client = client;
    }

    @Override
    public PersistentVolumeClaim create(PersistentVolumeClaim claim) {
        return ModelCodec.persistentVolumeClaim(JsonWrites.create(client, target(claim),
                JsonWrites.core(claim.metadata().namespace(), "persistentvolumeclaims"), ModelCodec.encode(claim)));
    }

    @Override
    public PersistentVolumeClaim update(PersistentVolumeClaim claim) {
        Preconditions.requireResourceVersion(claim.metadata(), target(claim));
        var updated = ApiErrors.call(Verb.UPDATE, target(claim), () -> client.persistentVolumeClaims()
                .inNamespace(claim.metadata().namespace()).resource(Fabric8Codec.toFabric8(claim)).update());
        return Fabric8Codec.toDomain(updated);
    }

    @Override
    public Optional<PersistentVolumeClaim> read(String namespace, String name) {
        var found = ApiErrors.call(Verb.GET, target(namespace, name), () ->
                client.persistentVolumeClaims().inNamespace(namespace).withName(name).get());
        return Optional.ofNullable(found).map(Fabric8Codec::toDomain);
    }

    private static String target(PersistentVolumeClaim claim) {
        return target(claim.metadata().namespace(), claim.name());
    }

    private static String target(String namespace, String name) {
        return "persistentvolumeclaim " + namespace + "/" + name;
    }
}
