package dev.stateful.inmemory.store;

/** The resource kinds the in-memory API server stores, named like the API's resources. */
public enum Kind {
    STATEFULSETS("apps", "statefulsets", "StatefulSet"),
    PODS("", "pods", "Pod"),
    CLAIMS("", "persistentvolumeclaims", "PersistentVolumeClaim"),
    REVISIONS("apps", "controllerrevisions", "ControllerRevision"),
    SERVICES("", "services", "Service"),
    EVENTS("", "events", "Event");

    private final String group;
    private final String resource;
    private final String kindName;

    Kind(String group, String resource, String kindName) {
        this.group = group;
        this.resource = resource;
        this.kindName = kindName;
    }

    /** The resource as the API server names it in error messages, e.g. {@code statefulsets.apps}. */
    public String qualifiedResource() {
        return group.isEmpty() ? resource : resource + "." + group;
    }

    /** The kind as the API server names it in a refusal ({@code schema.GroupKind}'s String), e.g. {@code StatefulSet.apps}. */
    public String qualifiedKind() {
        return group.isEmpty() ? kindName : kindName + "." + group;
    }

    /** The {@code kind} field value, e.g. {@code StatefulSet}. */
    public String kindName() {
        return kindName;
    }
}
