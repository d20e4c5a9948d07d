package dev.stateful.it.crd;

import dev.stateful.fabric8.convert.CustomKindConvert;
import dev.stateful.it.support.WebSet;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.Map;
import java.util.function.Consumer;

/** Sets of our own kind for the end-to-end tests: {@link WebSet}'s apps/v1 manifest with only the apiVersion changed. */
final class CustomSets {

    static final String API_VERSION = "apps.stateful.dev/v1alpha1";

    private final KubernetesClient client;
    private final String namespace;

    CustomSets(KubernetesClient client, String namespace) {
        this.client = client;
        this.namespace = namespace;
    }

    /** The apps/v1 manifest of {@code web} as our kind: moving a manifest over is a change of apiVersion. */
    static GenericKubernetesResource of(WebSet web) {
        GenericKubernetesResource out = Serialization.unmarshal(Serialization.asJson(web.build()), GenericKubernetesResource.class);
        out.setApiVersion(API_VERSION);
        return out;
    }

    MixedOperation<GenericKubernetesResource, ?, Resource<GenericKubernetesResource>> api() {
        return client.genericKubernetesResources(CustomKindConvert.CONTEXT);
    }

    GenericKubernetesResource create(GenericKubernetesResource set) {
        return api().inNamespace(namespace).resource(set).create();
    }

    GenericKubernetesResource get(String name) {
        return api().inNamespace(namespace).withName(name).get();
    }

    /** Read, change, write back (retried on a conflict with the controller's status writes). */
    GenericKubernetesResource edit(String name, Consumer<Map<String, Object>> changeSpec) {
        for (int attempt = 0; ; attempt++) {
            GenericKubernetesResource set = get(name);
            @SuppressWarnings("unchecked")
            Map<String, Object> spec = (Map<String, Object>) set.getAdditionalProperties().get("spec");
            changeSpec.accept(spec);
            try {
                return api().inNamespace(namespace).resource(set).update();
            } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
                if (e.getCode() != 409 || attempt > 10) {
                    throw e;
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> status(GenericKubernetesResource set) {
        Object status = set.getAdditionalProperties().get("status");
        return status == null ? Map.of() : (Map<String, Object>) status;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> path(Map<String, Object> root, String... keys) {
        Map<String, Object> at = root;
        for (String key : keys) {
            at = (Map<String, Object>) at.computeIfAbsent(key, k -> new java.util.LinkedHashMap<String, Object>());
        }
        return at;
    }

    static long number(Map<String, Object> map, String key) {
        Object value = map.get(key);
        return value == null ? 0 : ((Number) value).longValue();
    }
}
