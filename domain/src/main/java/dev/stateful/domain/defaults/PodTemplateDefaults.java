package dev.stateful.domain.defaults;

import dev.stateful.domain.json.Json;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The defaults the API server (kube 1.34, default feature gates) gives a pod template of an apps/v1
 * object, plus the fields its serialiser always writes (structs that {@code omitempty} cannot omit:
 * {@code resources: {}}, {@code divisor: "0"}). These end up in the revision bytes and so in the hash.
 *
 * <p>Not reproduced: quantity canonicalisation and milli rounding of resource lists
 * ({@code SetDefaults_ResourceList}, e.g. "0.5" → "500m"), and dropping of unknown fields.
 */
final class PodTemplateDefaults {

    static final int DEFAULT_MODE = 420; // 0644
    static final long TOKEN_EXPIRATION_SECONDS = 3600;

    private static final List<String> CONTAINER_LISTS = List.of("initContainers", "containers", "ephemeralContainers");
    private static final List<String> PROBES = List.of("livenessProbe", "readinessProbe", "startupProbe");
    private static final Set<String> NOT_A_VOLUME_SOURCE = Set.of("name");

    private PodTemplateDefaults() {
    }

    /**
     * A PodTemplateSpec: metadata is always serialised ({@code {}} when empty), and the 1.34 codec
     * no longer writes {@code creationTimestamp: null}; the pod spec gets its defaults.
     */
    static Json.Obj template(Json.Obj template) {
        return Fill.inStruct(Fill.inStruct(template, "metadata", PodTemplateDefaults::templateMetadata), "spec", PodTemplateDefaults::podSpec);
    }

    private static Json.Obj templateMetadata(Json.Obj metadata) {
        return metadata.fields().get("creationTimestamp") == Json.Null.INSTANCE ? metadata.without("creationTimestamp") : metadata;
    }

    /** {@code SetDefaults_PodSpec} and the generated per-field defaults below it. */
    static Json.Obj podSpec(Json.Obj spec) {
        Json.Obj out = Fill.ifEmpty(spec, "dnsPolicy", "ClusterFirst");
        out = Fill.ifEmpty(out, "restartPolicy", "Always");
        out = Fill.ifAbsent(out, "securityContext", Json.EMPTY_OBJECT);
        out = Fill.ifAbsent(out, "terminationGracePeriodSeconds", 30);
        out = Fill.ifEmpty(out, "schedulerName", "default-scheduler");
        out = Fill.eachOf(out, "volumes", PodTemplateDefaults::volume);
        for (String list : CONTAINER_LISTS) {
            out = Fill.eachOf(out, list, PodTemplateDefaults::container);
        }
        return out;
    }

    // ------------------------------------------------------------------ containers

    static Json.Obj container(Json.Obj container) {
        // the image reference is parsed (a large regular expression) only when the policy is not set
        Json.Obj out = Fill.ifEmptyComputed(container, "imagePullPolicy",
                () -> ImageNames.defaultPullPolicy(container.string("image").orElse("")));
        out = Fill.ifEmpty(out, "terminationMessagePath", "/dev/termination-log");
        out = Fill.ifEmpty(out, "terminationMessagePolicy", "File");
        out = Fill.inStruct(out, "resources", r -> r);
        out = Fill.eachOf(out, "ports", port -> Fill.ifEmpty(port, "protocol", "TCP"));
        out = Fill.eachOf(out, "env", env -> Fill.inObject(env, "valueFrom", PodTemplateDefaults::selectors));
        for (String probe : PROBES) {
            out = Fill.inObject(out, probe, PodTemplateDefaults::probe);
        }
        out = Fill.inObject(out, "lifecycle", lifecycle -> {
            Json.Obj l = Fill.inObject(lifecycle, "postStart", h -> Fill.inObject(h, "httpGet", PodTemplateDefaults::httpGet));
            return Fill.inObject(l, "preStop", h -> Fill.inObject(h, "httpGet", PodTemplateDefaults::httpGet));
        });
        return out;
    }

    /** {@code SetDefaults_Probe} (zero means unset for these ints) and its handler defaults. */
    private static Json.Obj probe(Json.Obj probe) {
        Json.Obj out = Fill.ifZero(probe, "timeoutSeconds", 1);
        out = Fill.ifZero(out, "periodSeconds", 10);
        out = Fill.ifZero(out, "successThreshold", 1);
        out = Fill.ifZero(out, "failureThreshold", 3);
        out = Fill.inObject(out, "httpGet", PodTemplateDefaults::httpGet);
        return Fill.inObject(out, "grpc", grpc -> Fill.ifAbsent(grpc, "service", ""));
    }

    private static Json.Obj httpGet(Json.Obj action) {
        return Fill.ifEmpty(Fill.ifEmpty(action, "path", "/"), "scheme", "HTTP");
    }

    /** Downward-API selectors: fieldRef gets apiVersion v1; resourceFieldRef always serialises its divisor. */
    private static Json.Obj selectors(Json.Obj source) {
        Json.Obj out = Fill.inObject(source, "fieldRef", ref -> Fill.ifEmpty(ref, "apiVersion", "v1"));
        return Fill.inObject(out, "resourceFieldRef", ref -> Fill.ifAbsent(ref, "divisor", "0"));
    }

    // ------------------------------------------------------------------ volumes

    /** {@code SetDefaults_Volume} (no source means emptyDir) and the per-source defaults. */
    static Json.Obj volume(Json.Obj volume) {
        Json.Obj out = hasNoSource(volume) ? volume.with("emptyDir", Json.EMPTY_OBJECT) : volume;
        out = Fill.inObject(out, "hostPath", s -> Fill.ifAbsent(s, "type", ""));
        out = Fill.inObject(out, "secret", s -> Fill.ifAbsent(s, "defaultMode", DEFAULT_MODE));
        out = Fill.inObject(out, "configMap", s -> Fill.ifAbsent(s, "defaultMode", DEFAULT_MODE));
        out = Fill.inObject(out, "downwardAPI", s -> downwardApiItems(Fill.ifAbsent(s, "defaultMode", DEFAULT_MODE)));
        out = Fill.inObject(out, "projected", s -> Fill.eachOf(Fill.ifAbsent(s, "defaultMode", DEFAULT_MODE), "sources", PodTemplateDefaults::projection));
        out = Fill.inObject(out, "iscsi", s -> Fill.ifEmpty(s, "iscsiInterface", "default"));
        out = Fill.inObject(out, "rbd", s -> fillEmpty(s, Map.of("pool", "rbd", "user", "admin", "keyring", "/etc/ceph/keyring")));
        out = Fill.inObject(out, "azureDisk", PodTemplateDefaults::azureDisk);
        out = Fill.inObject(out, "scaleIO", s -> fillEmpty(s, Map.of("storageMode", "ThinProvisioned", "fsType", "xfs")));
        out = Fill.inObject(out, "ephemeral", e -> Fill.inObject(e, "volumeClaimTemplate", PodTemplateDefaults::ephemeralClaim));
        return Fill.inObject(out, "image", s -> Fill.ifEmptyComputed(s, "pullPolicy",
                () -> ImageNames.defaultPullPolicy(s.string("reference").orElse(""))));
    }

    private static boolean hasNoSource(Json.Obj volume) {
        for (Map.Entry<String, Json> field : volume.fields().entrySet()) {
            if (!NOT_A_VOLUME_SOURCE.contains(field.getKey()) && !Fill.isAbsent(field.getValue())) {
                return false;
            }
        }
        return true;
    }

    private static Json.Obj downwardApiItems(Json.Obj source) {
        return Fill.eachOf(source, "items", PodTemplateDefaults::selectors);
    }

    private static Json.Obj projection(Json.Obj source) {
        Json.Obj out = Fill.inObject(source, "downwardAPI", PodTemplateDefaults::downwardApiItems);
        return Fill.inObject(out, "serviceAccountToken", t -> Fill.ifAbsent(t, "expirationSeconds", TOKEN_EXPIRATION_SECONDS));
    }

    private static Json.Obj azureDisk(Json.Obj disk) {
        Json.Obj out = Fill.ifAbsent(disk, "cachingMode", "ReadWrite");
        out = Fill.ifAbsent(out, "kind", "Shared");
        out = Fill.ifAbsent(out, "fsType", "ext4");
        return Fill.ifAbsent(out, "readOnly", false);
    }

    /** An ephemeral volume's claim template: metadata is a struct (always written), spec as for claims. */
    private static Json.Obj ephemeralClaim(Json.Obj template) {
        return Fill.inStruct(Fill.inStruct(template, "metadata", m -> m), "spec", PodTemplateDefaults::claimSpec);
    }

    /** {@code SetDefaults_PersistentVolumeClaimSpec}; {@code resources} is a struct, always written. */
    static Json.Obj claimSpec(Json.Obj spec) {
        return Fill.inStruct(Fill.ifAbsent(spec, "volumeMode", "Filesystem"), "resources", r -> r);
    }

    private static Json.Obj fillEmpty(Json.Obj obj, Map<String, String> defaults) {
        Json.Obj out = obj;
        for (Map.Entry<String, String> e : new TreeMap<>(defaults).entrySet()) {
            out = Fill.ifEmpty(out, e.getKey(), e.getValue());
        }
        return out;
    }
}
