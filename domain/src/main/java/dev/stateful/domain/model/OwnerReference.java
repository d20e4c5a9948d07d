package dev.stateful.domain.model;

/** metav1.OwnerReference. {@code controller} and {@code blockOwnerDeletion} may be absent (null). */
public record OwnerReference(String apiVersion, String kind, String name, String uid, Boolean controller, Boolean blockOwnerDeletion) {

    public static final String STATEFUL_SET_API_VERSION = "apps/v1";
    public static final String STATEFUL_SET_KIND = "StatefulSet";

    public OwnerReference {
        apiVersion = apiVersion == null ? "" : apiVersion;
        kind = kind == null ? "" : kind;
        name = name == null ? "" : name;
        uid = uid == null ? "" : uid;
    }

    /** {@code metav1.NewControllerRef}: controller and blockOwnerDeletion both true. */
    public static OwnerReference controllerRef(String apiVersion, String kind, ObjectMeta owner) {
        return new OwnerReference(apiVersion, kind, owner.name(), owner.uid(), true, true);
    }

    public boolean isController() {
        return Boolean.TRUE.equals(controller);
    }
}
