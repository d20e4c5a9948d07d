package dev.stateful.fabric8.control;

import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import dev.stateful.fabric8.control.ApiErrors.Verb;
import dev.stateful.fabric8.convert.Fabric8Codec;
import dev.stateful.fabric8.convert.LiveMerge;
import dev.stateful.fabric8.convert.SlimPod;
import dev.stateful.ports.ApiException;
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
        return ModelCodec.pod(JsonWrites.create(client, target(pod), JsonWrites.core(pod.namespace(), "pods"), ModelCodec.encode(pod)));
    }

    /**
     * The pod handed in may be a {@link SlimPod} (the cache keeps only what the controller reads),
     * so it is not sent as is: the live pod is read, the controller's change (what differs between
     * {@code pod} and the slim view of the live pod) is applied to it ({@link LiveMerge}) and the
     * result is written with {@code pod}'s resourceVersion. A pod changed since it was read is still
     * a Conflict, and nothing the controller did not change is lost.
     */
    @Override
    public Pod update(Pod pod) {
        String target = target(pod);
        Preconditions.requireResourceVersion(pod.metadata(), target);
        var live = ApiErrors.call(Verb.GET, target, () -> client.pods().inNamespace(pod.namespace()).withName(pod.name()).get());
        if (live == null) {
            // the API server's own words for it, as the events quote them (ApiErrors)
            throw new ApiException.NotFound("pods \"" + pod.name() + "\" not found");
        }
        var replacement = LiveMerge.replacement(live, ModelCodec.encode(SlimPod.of(Fabric8Codec.toDomain(live))), ModelCodec.encode(pod),
                pod.metadata().resourceVersion());
        var updated = ApiErrors.call(Verb.UPDATE, target, () ->
                client.pods().inNamespace(pod.namespace()).resource(replacement).update());
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
        // through an item naming the pod: by name alone fabric8 GETs the pod before patching it
        var named = new io.fabric8.kubernetes.api.model.PodBuilder().withNewMetadata().withName(pod.name())
                .withNamespace(pod.namespace()).endMetadata().build();
        var patched = ApiErrors.call(Verb.PATCH, target(pod), () -> client.pods().inNamespace(pod.namespace())
                .resource(named).patch(PatchContext.of(PatchType.JSON), jsonPatch));
        return Fabric8Codec.toDomain(patched);
    }

    private static String target(Pod pod) {
        return "pod " + pod.namespace() + "/" + pod.name();
    }
}
