package dev.stateful.fabric8.control;

import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.fabric8.control.ApiErrors.Verb;
import dev.stateful.fabric8.convert.Fabric8Codec;
import dev.stateful.fabric8.convert.LiveMerge;
import dev.stateful.fabric8.convert.SlimClaim;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.ClaimControl;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.LinkedHashMap;
import java.util.Map;
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

    /**
     * The claim handed in may be a {@link SlimClaim} (the cache keeps only what the controller reads),
     * so it is not sent as is: the live claim is read, the controller's change (what differs between
     * {@code claim} and the slim view of the live claim: its owner references, labels) is applied to
     * it ({@link LiveMerge}) and the result is written with {@code claim}'s resourceVersion, as
     * upstream's {@code UpdatePodClaimForRetentionPolicy} writes the claim it read. A claim changed
     * since it was read is still a Conflict, and nothing the controller did not change is lost.
     */
    @Override
    public PersistentVolumeClaim update(PersistentVolumeClaim claim) {
        String target = target(claim);
        String namespace = claim.metadata().namespace();
        Preconditions.requireResourceVersion(claim.metadata(), target);
        var live = ApiErrors.call(Verb.GET, target, () -> client.persistentVolumeClaims().inNamespace(namespace).withName(claim.name()).get());
        if (live == null) {
            // the API server's own words for it, as the events quote them (ApiErrors)
            throw new ApiException.NotFound("persistentvolumeclaims \"" + claim.name() + "\" not found");
        }
        var replacement = LiveMerge.replacement(live, ModelCodec.encode(SlimClaim.of(Fabric8Codec.toDomain(live))), ModelCodec.encode(claim),
                claim.metadata().resourceVersion());
        var updated = ApiErrors.call(Verb.UPDATE, target, () ->
                client.persistentVolumeClaims().inNamespace(namespace).resource(replacement).update());
        return Fabric8Codec.toDomain(updated);
    }

    /**
     * The live claim, read past the cache, written back with only {@code spec.resources.requests.storage}
     * changed and its resourceVersion as the precondition (a Conflict leaves the resize to the next
     * sync): nothing the cache holds, or slims away, is sent back, and the claim verbs stay deploy/'s
     * (get, update; no patch). The real API server lets only a bound claim grow, and its
     * {@code PersistentVolumeClaimResize} admission refuses (403) a claim whose storage class does not
     * allow expansion.
     */
    @Override
    public PersistentVolumeClaim resize(String namespace, String name, String storage) {
        String target = target(namespace, name);
        var live = ApiErrors.call(Verb.GET, target, () -> client.persistentVolumeClaims().inNamespace(namespace).withName(name).get());
        if (live == null) {
            throw new ApiException.NotFound(target + " not found");
        }
        var spec = live.getSpec() == null ? new io.fabric8.kubernetes.api.model.PersistentVolumeClaimSpec() : live.getSpec();
        var resources = spec.getResources() == null ? new io.fabric8.kubernetes.api.model.VolumeResourceRequirements() : spec.getResources();
        Map<String, Quantity> requests = resources.getRequests() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(resources.getRequests());
        requests.put("storage", new Quantity(storage));
        resources.setRequests(requests);
        spec.setResources(resources);
        live.setSpec(spec);
        var updated = ApiErrors.call(Verb.UPDATE, target, () -> client.persistentVolumeClaims().inNamespace(namespace).resource(live).update());
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
