package dev.stateful.fabric8.control;

import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.fabric8.control.ApiErrors.Verb;
import dev.stateful.codec.ModelCodec;
import dev.stateful.fabric8.convert.Fabric8Codec;
import dev.stateful.fabric8.convert.LiveMerge;
import dev.stateful.fabric8.convert.SlimClaim;
import dev.stateful.ports.ApiException;
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
        var created = ApiErrors.call(Verb.CREATE, target(claim), () -> client.persistentVolumeClaims()
                .inNamespace(claim.metadata().namespace()).resource(Fabric8Codec.toFabric8(claim)).create());
        return Fabric8Codec.toDomain(created);
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
            throw new ApiException.NotFound("update " + target + ": not found");
        }
        var replacement = LiveMerge.replacement(live, ModelCodec.encode(SlimClaim.of(Fabric8Codec.toDomain(live))), ModelCodec.encode(claim),
                claim.metadata().resourceVersion());
        var updated = ApiErrors.call(Verb.UPDATE, target, () ->
                client.persistentVolumeClaims().inNamespace(namespace).resource(replacement).update());
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
