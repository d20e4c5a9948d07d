package dev.stateful.bench.api;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.mockwebserver.crud.Attribute;
import io.fabric8.mockwebserver.crud.AttributeSet;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * fabric8's CRUD dispatcher with a shortcut for "is there an object of this kind, namespace and
 * name?": the stock one answers it by matching every stored object, which makes filling the mock
 * with 20,000 objects quadratic (minutes of pure setup for figure 6). Objects ever written are
 * remembered by (plural, namespace, name); a lookup whose identity was never written is answered
 * "none" at once, anything else goes to the stock matcher, so answers are unchanged.
 */
final class NameIndexedDispatcher extends KubernetesCrudDispatcher {

    private final Set<List<Attribute>> written = ConcurrentHashMap.newKeySet();
    /** Cleared for good if an object was ever written without a full identity: the shortcut would then be unsafe. */
    private volatile boolean complete = true;

    @Override
    public Map.Entry<AttributeSet, String> findResource(AttributeSet query) {
        List<Attribute> identity = identity(query);
        if (complete && identity != null && !written.contains(identity)) {
            return null;
        }
        return super.findResource(query);
    }

    @Override
    public void processEvent(String path, AttributeSet pathAttributes, AttributeSet oldAttributes, GenericKubernetesResource resource,
                             String newState) {
        List<Attribute> identity = pathAttributes == null ? null : identity(pathAttributes);
        if (identity == null) {
            complete = false;
        } else {
            written.add(identity);
        }
        super.processEvent(path, pathAttributes, oldAttributes, resource, newState);
    }

    private static List<Attribute> identity(AttributeSet attributes) {
        Attribute plural = attributes.getAttribute(KubernetesAttributesExtractor.PLURAL);
        Attribute namespace = attributes.getAttribute(KubernetesAttributesExtractor.NAMESPACE);
        Attribute name = attributes.getAttribute(KubernetesAttributesExtractor.NAME);
        return plural == null || namespace == null || name == null ? null : Arrays.asList(plural, namespace, name);
    }
}
