package dev.stateful.fabric8.control;

import dev.stateful.codec.JsonBody;
import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.fabric8.control.ApiErrors.Verb;
import dev.stateful.fabric8.convert.Fabric8Codec;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.RevisionControl;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.util.Optional;

/** {@link RevisionControl} over the API server (upstream {@code history.realHistory}). */
public final class Fabric8RevisionControl implements RevisionControl {

    private final KubernetesClient client;

    public Fabric8RevisionControl(KubernetesClient client) {
        this.client = client;
    }

    /**
     * Through {@link JsonWrites}, as pods are created, with {@code data} sent as the exact bytes of
     * {@link ControllerRevision#data()}: the revision's name is a hash of those bytes, so nothing may
     * re-format them (number style, key order, HTML escaping).
     */
    @Override
    public ControllerRevision create(ControllerRevision revision) {
        String namespace = revision.metadata().namespace();
        Json.Obj object = ModelCodec.encode(revision).without("data");
        String body = revision.data().isEmpty() ? JsonBody.write(object) : JsonBody.write(object, "data", revision.data());
        return ModelCodec.controllerRevision(JsonWrites.create(client, target(namespace, revision.name()),
                "/apis/apps/v1/namespaces/" + namespace + "/controllerrevisions", body));
    }

    @Override
    public Optional<ControllerRevision> get(String namespace, String name) {
        var found = ApiErrors.call(Verb.GET, target(namespace, name), () ->
                client.apps().controllerRevisions().inNamespace(namespace).withName(name).get());
        return Optional.ofNullable(found).map(Fabric8Codec::toDomain);
    }

    @Override
    public ControllerRevision update(ControllerRevision revision) {
        String target = target(revision.metadata().namespace(), revision.name());
        Preconditions.requireResourceVersion(revision.metadata(), target);
        var updated = ApiErrors.call(Verb.UPDATE, target, () -> client.apps().controllerRevisions()
                .inNamespace(revision.metadata().namespace()).resource(Fabric8Codec.toFabric8(revision)).update());
        return Fabric8Codec.toDomain(updated);
    }

    /** fabric8 answers a delete of a missing object with an empty list rather than an error. */
    @Override
    public void delete(String namespace, String name) {
        var deleted = ApiErrors.call(Verb.DELETE, target(namespace, name), () ->
                client.apps().controllerRevisions().inNamespace(namespace).withName(name).delete());
        if (deleted.isEmpty()) {
            throw new ApiException.NotFound("delete " + target(namespace, name) + ": not found");
        }
    }

    /** Upstream {@code AdoptControllerRevision}: refuses a revision that already has a controller. */
    @Override
    public ControllerRevision adopt(ControllerRevision revision, OwnerReference ref) {
        String target = target(revision.metadata().namespace(), revision.name());
        revision.metadata().controllerRef().ifPresent(owner -> {
            throw new ApiException.Conflict("adopt " + target + ": attempt to adopt revision owned by " + owner);
        });
        String patch = OwnerRefPatch.adopt(revision.metadata(), ref);
        // through an item naming the revision: by name alone fabric8 GETs it before patching it
        var named = new io.fabric8.kubernetes.api.model.apps.ControllerRevisionBuilder().withNewMetadata().withName(revision.name())
                .withNamespace(revision.metadata().namespace()).endMetadata().build();
        var patched = ApiErrors.call(Verb.PATCH, target, () -> client.apps().controllerRevisions()
                .inNamespace(revision.metadata().namespace()).resource(named).patch(PatchContext.of(PatchType.JSON), patch));
        return Fabric8Codec.toDomain(patched);
    }

    private static String target(String namespace, String name) {
        return "controllerrevision " + namespace + "/" + name;
    }
}
