package dev.stateful.fabric8.convert;

import dev.stateful.codec.CustomKindCodec;
import dev.stateful.domain.defaults.Defaults;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

/**
 * Our own kind ({@code apps.stateful.dev/v1alpha1} StatefulSet) between fabric8's generic
 * resources and the domain. A set read is defaulted as an apps/v1 API server defaults a
 * StatefulSet (pod template included), which a custom resource's schema cannot fully do (an
 * image's pull policy depends on its tag): its revisions then hash exactly as the same set's under
 * apps/v1 would, so a set moved from apps/v1 keeps its revisions and pods.
 */
public final class CustomKindConvert {

    public static final ResourceDefinitionContext CONTEXT = new ResourceDefinitionContext.Builder()
            .withGroup(SetKind.GROUP).withVersion(SetKind.VERSION).withKind(SetKind.STATEFUL_DEV.kind())
            .withPlural("statefulsets").withNamespaced(true).build();

    private CustomKindConvert() {
    }

    public static StatefulSet toDomain(GenericKubernetesResource resource) {
        return toDomain(Fabric8Codec.tree(resource));
    }

    /** A set of our kind as JSON (as the API server sent it), decoded and defaulted. */
    public static StatefulSet toDomain(Json.Obj resource) {
        return Defaults.statefulSet(CustomKindCodec.statefulSet(resource));
    }

    public static GenericKubernetesResource toFabric8(StatefulSet set) {
        return Fabric8Codec.object(CustomKindCodec.encode(set), GenericKubernetesResource.class);
    }
}
