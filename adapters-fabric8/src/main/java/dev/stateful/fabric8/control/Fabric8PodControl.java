package dev.stateful.fabric8.control;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import dev.stateful.fabric8.control.ApiErrors.Verb;
import dev.stateful.fabric8.convert.Fabric8Codec;
import dev.stateful.ports.PodControl;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;

/** {@link PodControl} over the API server. */
public final class Fabric8PodControl implements PodControl {

    private final KubernetesClient client;

    public Fabric8PodControl(KubernetesClient client) {
        this.client = client;
    }

    @Override
    public Pod create(Pod pod) {
        var created = ApiErrors.call(Verb.CREATE, target(pod), () ->
                client.pods().inNamespace(pod.namespace()).resource(Fabric8Codec.toFabric8(pod)).create());
        return Fabric8Codec.toDomain(created);
    }

    @Override
    public Pod update(Pod pod) {
        Preconditions.requireResourceVersion(pod.metadata(), target(pod));
        var updated = ApiErrors.call(Verb.UPDATE, target(pod), () ->
                client.pods().inNamespace(pod.namespace()).resource(Fabric8Codec.toFabric8(pod)).update());
        return Fabric8Codec.toDomain(updated);
    }

    /**
     * fabric8's delete DSL cannot carry a uid precondition, so the DeleteOptions go out as a raw
     * DELETE body. Background propagation matches what upstream gets by default for pods.
     */
    @Override
    public void delete(String namespace, String name, String uid) {
        Json.Obj options = Json.object("apiVersion", "v1", "kind", "DeleteOptions", "propagationPolicy", "Background");
        if (uid != null && !uid.isEmpty()) {
            options = options.with("preconditions", Json.object("uid", uid));
        }
        String body = options.toString();
        String path = "/api/v1/namespaces/" + namespace + "/pods/" + name;
        ApiErrors.run(Verb.DELETE, "pod " + namespace + "/" + name, () -> client.raw(path, "DELETE", body));
    }

    @Override
    public Pod adopt(Pod pod, OwnerReference ref) {
        return patch(pod, OwnerRefPatch.adopt(pod.metadata(), ref));
    }

    @Override
    public Pod release(Pod pod, String ownerUid) {
        return OwnerRefPatch.release(pod.metadata(), ownerUid).map(patch -> patch(pod, patch)).orElse(pod);
    }

    private Pod patch(Pod pod, String jsonPatch) {
        var patched = ApiErrors.call(Verb.PATCH, target(pod), () -> client.pods().inNamespace(pod.namespace())
                .withName(pod.name()).patch(PatchContext.of(PatchType.JSON), jsonPatch));
        return Fabric8Codec.toDomain(patched);
    }

    private static String target(Pod pod) {
        return "pod " + pod.namespace() + "/" + pod.name();
    }
}
