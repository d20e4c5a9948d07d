package dev.stateful.fabric8.control;

import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.fabric8.control.ApiErrors.Verb;
import dev.stateful.fabric8.convert.Fabric8Codec;
import dev.stateful.ports.ClaimControl;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonWriter;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.util.Optional;

/** {@link ClaimControl} over the API server. */
public final class Fabric8ClaimControl implements ClaimControl {

    private final KubernetesClient client;

    public Fabric8ClaimControl(KubernetesClient client) {
        this.client = client;
    }

    @Override
    public PersistentVolumeClaim create(PersistentVolumeClaim claim) {
        var created = ApiErrors.call(Verb.CREATE, target(claim), () -> client.persistentVolumeClaims()
                .inNamespace(claim.metadata().namespace()).resource(Fabric8Codec.toFabric8(claim)).create());
        return Fabric8Codec.toDomain(created);
    }

    @Override
    public PersistentVolumeClaim update(PersistentVolumeClaim claim) {
        Preconditions.requireResourceVersion(claim.metadata(), target(claim));
        var updated = ApiErrors.call(Verb.UPDATE, target(claim), () -> client.persistentVolumeClaims()
                .inNamespace(claim.metadata().namespace()).resource(Fabric8Codec.toFabric8(claim)).update());
        return Fabric8Codec.toDomain(updated);
    }

    /**
     * A JSON merge patch of {@code spec.resources.requests.storage} alone, applied by the API server to
     * the live claim: nothing the cache holds (or slims away) is sent back. The real API server lets
     * only a bound claim grow, and its {@code PersistentVolumeClaimResize} admission refuses (403) a
     * claim whose storage class does not allow expansion.
     */
    @Override
    public PersistentVolumeClaim resize(String namespace, String name, String storage) {
        String patch = JsonWriter.write(Json.object("spec", Json.object("resources", Json.object("requests",
                Json.object("storage", storage)))));
        // through an item naming the claim: by name alone fabric8 GETs it before patching it
        var named = new io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder().withNewMetadata().withName(name)
                .withNamespace(namespace).endMetadata().build();
        var patched = ApiErrors.call(Verb.PATCH, target(namespace, name), () -> client.persistentVolumeClaims()
                .inNamespace(namespace).resource(named).patch(PatchContext.of(PatchType.JSON_MERGE), patch));
        return Fabric8Codec.toDomain(patched);
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
