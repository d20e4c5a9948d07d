package dev.stateful.domain.model;

/**
 * Which API serves a set: {@code apps/v1} (the built-in kind) or our own
 * {@code apps.stateful.dev/v1alpha1} kind. Its pods, claims and revisions carry it in their
 * controller reference; everything else about them is the same for both, so that an apps/v1 set
 * can be moved to our kind without recreating anything.
 */
public record SetKind(String apiVersion, String kind) {

    private static final String APPS_V1_VERSION = "apps/v1";
    public static final String GROUP = "apps.stateful.dev";
    public static final String VERSION = "v1alpha1";
    public static final SetKind APPS_V1 = new SetKind(OwnerReference.STATEFUL_SET_API_VERSION, OwnerReference.STATEFUL_SET_KIND);
    public static final SetKind STATEFUL_DEV = new SetKind(GROUP + "/" + VERSION, "StatefulSet");

    public SetKind {
        apiVersion = apiVersion == null || apiVersion.isEmpty() ? APPS_V1_VERSION : apiVersion;
        kind = kind == null || kind.isEmpty() ? OwnerReference.STATEFUL_SET_KIND : kind;
    }

    /** Our own kind: only its sets may use the fields of {@link SetExtensions}. */
    public boolean isCustom() {
        return !APPS_V1_VERSION.equals(apiVersion);
    }

    /** An owner reference pointing at a set of this kind (any uid). */
    public boolean isKindOf(OwnerReference ref) {
        return apiVersion.equals(ref.apiVersion()) && kind.equals(ref.kind());
    }
}
