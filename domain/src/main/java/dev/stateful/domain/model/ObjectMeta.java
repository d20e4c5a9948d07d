package dev.stateful.domain.model;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The metadata fields the controller reads or writes. {@code resourceVersion} and {@code uid} are
 * assigned by the API server; the controller only carries them.
 */
public record ObjectMeta(
        String name,
        String generateName,
        String namespace,
        String uid,
        String resourceVersion,
        long generation,
        Map<String, String> labels,
        Map<String, String> annotations,
        List<OwnerReference> ownerReferences,
        List<String> finalizers,
        Instant creationTimestamp,
        Instant deletionTimestamp) {

    public ObjectMeta {
        name = name == null ? "" : name;
        namespace = namespace == null ? "" : namespace;
        labels = labels == null ? Map.of() : Map.copyOf(labels);
        annotations = annotations == null ? Map.of() : Map.copyOf(annotations);
        ownerReferences = ownerReferences == null ? List.of() : List.copyOf(ownerReferences);
        finalizers = finalizers == null ? List.of() : List.copyOf(finalizers);
    }

    public static ObjectMeta named(String namespace, String name) {
        return new ObjectMeta(name, null, namespace, null, null, 0, Map.of(), Map.of(), List.of(), List.of(), null, null);
    }

    public boolean isTerminating() {
        return deletionTimestamp != null;
    }

    /** The owner reference with {@code controller: true}, if any (there is at most one). */
    public Optional<OwnerReference> controllerRef() {
        // a plain loop: this runs for every pod of a namespace on every sync
        for (OwnerReference ref : ownerReferences) {
            if (ref.isController()) {
                return Optional.of(ref);
            }
        }
        return Optional.empty();
    }

    /** Whether the controller reference carries {@code uid}; false with no controller. */
    public boolean isControlledBy(String uid) {
        return controllerRef().map(ref -> ref.uid().equals(uid)).orElse(false);
    }

    public ObjectMeta withName(String value) {
        return new ObjectMeta(value, generateName, namespace, uid, resourceVersion, generation, labels, annotations, ownerReferences, finalizers, creationTimestamp, deletionTimestamp);
    }

    public ObjectMeta withGenerateName(String value) {
        return new ObjectMeta(name, value, namespace, uid, resourceVersion, generation, labels, annotations, ownerReferences, finalizers, creationTimestamp, deletionTimestamp);
    }

    public ObjectMeta withNamespace(String value) {
        return new ObjectMeta(name, generateName, value, uid, resourceVersion, generation, labels, annotations, ownerReferences, finalizers, creationTimestamp, deletionTimestamp);
    }

    public ObjectMeta withUid(String value) {
        return new ObjectMeta(name, generateName, namespace, value, resourceVersion, generation, labels, annotations, ownerReferences, finalizers, creationTimestamp, deletionTimestamp);
    }

    public ObjectMeta withResourceVersion(String value) {
        return new ObjectMeta(name, generateName, namespace, uid, value, generation, labels, annotations, ownerReferences, finalizers, creationTimestamp, deletionTimestamp);
    }

    public ObjectMeta withGeneration(long value) {
        return new ObjectMeta(name, generateName, namespace, uid, resourceVersion, value, labels, annotations, ownerReferences, finalizers, creationTimestamp, deletionTimestamp);
    }

    public ObjectMeta withLabels(Map<String, String> value) {
        return new ObjectMeta(name, generateName, namespace, uid, resourceVersion, generation, value, annotations, ownerReferences, finalizers, creationTimestamp, deletionTimestamp);
    }

    public ObjectMeta withLabel(String key, String value) {
        Map<String, String> copy = new java.util.LinkedHashMap<>(labels);
        if (value == null) {
            copy.remove(key);
        } else {
            copy.put(key, value);
        }
        return withLabels(copy);
    }

    public ObjectMeta withAnnotations(Map<String, String> value) {
        return new ObjectMeta(name, generateName, namespace, uid, resourceVersion, generation, labels, value, ownerReferences, finalizers, creationTimestamp, deletionTimestamp);
    }

    public ObjectMeta withOwnerReferences(List<OwnerReference> value) {
        return new ObjectMeta(name, generateName, namespace, uid, resourceVersion, generation, labels, annotations, value, finalizers, creationTimestamp, deletionTimestamp);
    }

    public ObjectMeta withFinalizers(List<String> value) {
        return new ObjectMeta(name, generateName, namespace, uid, resourceVersion, generation, labels, annotations, ownerReferences, value, creationTimestamp, deletionTimestamp);
    }

    public ObjectMeta withCreationTimestamp(Instant value) {
        return new ObjectMeta(name, generateName, namespace, uid, resourceVersion, generation, labels, annotations, ownerReferences, finalizers, value, deletionTimestamp);
    }

    public ObjectMeta withDeletionTimestamp(Instant value) {
        return new ObjectMeta(name, generateName, namespace, uid, resourceVersion, generation, labels, annotations, ownerReferences, finalizers, creationTimestamp, value);
    }
}
