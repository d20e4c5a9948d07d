package dev.stateful.domain.testing;

import dev.stateful.domain.json.Json;

/**
 * Pod volumes of the sources checked beyond the common ones, for validation tests and their comparison with the API server:
 * for each group of sources the volumes it refuses (each row's comment says how) and a set it accepts.
 */
public final class VolumeSourceJson {

    /** A 64-character DNS label, one beyond a CSI driver's limit. */
    public static final String LONG_LABEL = "a".repeat(64);

    private VolumeSourceJson() {
    }

    public static Json.Obj volume(String name, String source, Json.Obj settings) {
        return Json.object("name", name, source, settings);
    }

    /** An ephemeral volume of this claim template. */
    public static Json.Obj ephemeral(String name, Json.Obj claimTemplate) {
        return volume(name, "ephemeral", Json.object("volumeClaimTemplate", claimTemplate));
    }

    /** A claim spec of these access modes and this storage request. */
    public static Json.Obj claimSpec(String storage, String... accessModes) {
        return Json.object("accessModes", Json.array((Object[]) accessModes), "resources", Json.object("requests", Json.object("storage", storage)));
    }

    /**
     * Ephemeral volumes the API server refuses: no claim template; a template's bad annotation and label, and metadata of
     * fields a template may not set; a template's claim spec of no access mode nor storage, and one of ReadWriteOncePod with
     * another mode and a zero request.
     */
    public static Json.Obj[] refusedEphemeralVolumes() {
        return new Json.Obj[] {
            volume("none", "ephemeral", Json.object()),
            ephemeral("meta", Json.object("metadata", Json.object("name", "x", "generateName", "g-", "namespace", "ns", "uid", "u",
                            "finalizers", Json.array("example.com/f"), "deletionGracePeriodSeconds", 0,
                            "labels", Json.object("Bad Key", "v"), "annotations", Json.object("Bad Key", "v")),
                    "spec", claimSpec("1Gi", "ReadWriteOnce"))),
            ephemeral("empty", Json.object("spec", Json.object())),
            ephemeral("modes", Json.object("spec", claimSpec("0", "ReadWriteOncePod", "ReadOnlyMany")))};
    }

    /** Ephemeral volumes the API server accepts: labels and annotations, each access mode, Block mode, a storage class. */
    public static Json.Obj[] ephemeralVolumes() {
        return new Json.Obj[] {
            ephemeral("scratch", Json.object("metadata", Json.object("labels", Json.object("app", "web"), "annotations", Json.object("a", "b")),
                    "spec", claimSpec("1Gi", "ReadWriteOnce", "ReadOnlyMany", "ReadWriteMany"))),
            ephemeral("block", Json.object("spec", claimSpec("10Gi", "ReadWriteOncePod").with("volumeMode", "Block")
                    .with("storageClassName", "fast")))};
    }

    /**
     * CSI, flex and image volumes the API server refuses: no CSI driver; a driver not a subdomain once lower-cased and a
     * secret reference without a name; a secret name not a subdomain (named at {@code csi.name}); a driver too long; a flex
     * volume without a driver, one with options in the reserved namespaces; an image of an unknown pull policy.
     */
    public static Json.Obj[] refusedDriverVolumes() {
        return new Json.Obj[] {
            volume("none", "csi", Json.object()),
            volume("bad", "csi", Json.object("driver", "Bad_Driver", "nodePublishSecretRef", Json.object())),
            volume("secret", "csi", Json.object("driver", "CSI.Example.COM", "nodePublishSecretRef", Json.object("name", "Not_A_Name"))),
            volume("long", "csi", Json.object("driver", LONG_LABEL)),
            volume("flex0", "flexVolume", Json.object()),
            volume("flex1", "flexVolume", Json.object("driver", "example.com/flex", "options", Json.object("kubernetes.io/x", "1",
                    "a.K8S.io", "2", "example.com/y", "3", "xkubernetes.io", "4"))),
            volume("img", "image", Json.object("reference", "registry.k8s.io/pause:3.9", "pullPolicy", "Sometimes"))};
    }

    /**
     * CSI, flex and image volumes the API server accepts: a CSI driver of upper-case letters, attributes, a secret; flex
     * options outside the reserved namespaces; an image of a policy, and one of no reference (a template's).
     */
    public static Json.Obj[] driverVolumes() {
        return new Json.Obj[] {
            volume("csi", "csi", Json.object("driver", "CSI.Example.com", "readOnly", true, "fsType", "ext4",
                    "volumeAttributes", Json.object("size", "1Gi"), "nodePublishSecretRef", Json.object("name", "csi-secret"))),
            volume("flex", "flexVolume", Json.object("driver", "example.com/flex", "options", Json.object("xkubernetes.io", "1", "example.com/k8s.io", "2"))),
            volume("img", "image", Json.object("reference", "registry.k8s.io/pause:3.9", "pullPolicy", "Never")),
            volume("noref", "image", Json.object())};
    }
}
