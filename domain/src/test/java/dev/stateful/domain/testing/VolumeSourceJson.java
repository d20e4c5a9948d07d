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
     * Claim specs the API server refuses: a selector of a bad label key and an In without values, class names not DNS
     * subdomains, an unknown volume mode; an empty volume mode (which defaulting keeps), data sources without name and kind, a reference of a bad API group that differs
     * from the source; a reference of a namespace not a DNS label beside a source.
     */
    public static Json.Obj[] refusedClaimSpecs() {
        return new Json.Obj[] {
            claimSpec("1Gi", "ReadWriteOnce").with("selector", Json.object("matchLabels", Json.object("Bad Key", "v"),
                            "matchExpressions", Json.array(Json.object("key", "k", "operator", "In"))))
                    .with("storageClassName", "Fast_SSD").with("volumeMode", "Raw").with("volumeAttributesClassName", "Gold!"),
            claimSpec("1Gi", "ReadWriteOnce").with("volumeMode", "").with("dataSource", Json.object())
                    .with("dataSourceRef", Json.object("apiGroup", "Bad_Group", "kind", "Snap", "name", "x")),
            claimSpec("1Gi", "ReadWriteOnce").with("dataSource", Json.object("kind", "PersistentVolumeClaim", "name", "a"))
                    .with("dataSourceRef", Json.object("kind", "PersistentVolumeClaim", "name", "a", "namespace", "Other_NS"))};
    }

    /** Claim specs the API server accepts: a selector, class names, Block mode; a claim as data source; a snapshot as both. */
    public static Json.Obj[] claimSpecs() {
        return new Json.Obj[] {
            claimSpec("1Gi", "ReadWriteOnce").with("selector", Json.object("matchLabels", Json.object("tier", "db"),
                            "matchExpressions", Json.array(Json.object("key", "zone", "operator", "In", "values", Json.array("a", "b")))))
                    .with("storageClassName", "fast-ssd").with("volumeMode", "Block").with("volumeAttributesClassName", "gold"),
            claimSpec("1Gi", "ReadWriteOnce").with("dataSource", Json.object("kind", "PersistentVolumeClaim", "name", "a")),
            claimSpec("1Gi", "ReadWriteOnce").with("dataSource", Json.object("apiGroup", "snapshot.storage.k8s.io", "kind", "VolumeSnapshot", "name", "s"))
                    .with("dataSourceRef", Json.object("apiGroup", "snapshot.storage.k8s.io", "kind", "VolumeSnapshot", "name", "s"))};
    }

    /** An ephemeral volume {@code e<i>} of each claim spec. */
    public static Json.Obj[] ephemeralVolumesOf(Json.Obj... specs) {
        Json.Obj[] out = new Json.Obj[specs.length];
        for (int i = 0; i < specs.length; i++) {
            out[i] = ephemeral("e" + i, Json.object("spec", specs[i]));
        }
        return out;
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

    /**
     * iSCSI volumes the API server refuses: no portal nor IQN; an IQN of no known prefix, a LUN out of range, CHAP without a
     * secret, an initiator name of a bad form; malformed eui and naa names with a volume name and portal too long for an
     * initiator; the same length check of an iscsi source that comes second.
     */
    public static Json.Obj[] refusedIscsiVolumes() {
        String longName = "v".repeat(55);
        return new Json.Obj[] {
            volume("none", "iscsi", Json.object()),
            volume("bad", "iscsi", Json.object("targetPortal", "10.0.0.1:3260", "iqn", "foo", "lun", 256, "chapAuthSession", true,
                    "initiatorName", "iqn.bad")),
            volume(longName, "iscsi", Json.object("targetPortal", "10.0.0.1:3260", "iqn", "eui.0123", "initiatorName", "naa.x")),
            volume(longName + "x", "emptyDir", Json.object()).with("iscsi", Json.object("targetPortal", "10.0.0.1:3260", "initiatorName", "x"))};
    }

    /** iSCSI volumes the API server accepts: iqn, eui and naa names, CHAP with a secret. */
    public static Json.Obj[] iscsiVolumes() {
        return new Json.Obj[] {
            volume("iqn", "iscsi", Json.object("targetPortal", "10.0.0.1:3260", "iqn", "iqn.2001-04.com.example:storage.disk1", "lun", 0,
                    "initiatorName", "iqn.1994-05.com.redhat:client")),
            volume("eui", "iscsi", Json.object("targetPortal", "10.0.0.1:3260", "iqn", "eui.0123456789ABCDEF", "lun", 255,
                    "chapAuthDiscovery", true, "secretRef", Json.object("name", "chap"), "initiatorName", "naa." + "0123456789abcdef".repeat(2)))};
    }

    /**
     * Network volumes the API server refuses: nfs without a server nor path, of a relative path; rbd, cephfs and glusterfs
     * without their required fields; quobyte without a
     * registry nor volume, with entries that are no host:port pair, with too long a tenant; flocker without a dataset, with
     * both and a name of '/'; fc without targets, with targets and WWIDs and no LUN, with a LUN out of range; gitRepo without a
     * repository, at an absolute directory with '..'.
     */
    public static Json.Obj[] refusedNetworkVolumes() {
        return new Json.Obj[] {
            volume("none", "nfs", Json.object()),
            volume("rel", "nfs", Json.object("server", "nfs.example.com", "path", "exports/data")),
            volume("rbd", "rbd", Json.object()),
            volume("ceph", "cephfs", Json.object()),
            volume("gluster", "glusterfs", Json.object()),
            volume("q0", "quobyte", Json.object()),
            volume("q1", "quobyte", Json.object("registry", "a:1,b,[::1]:2,::1:3,[x]y:1", "volume", "v")),
            volume("q2", "quobyte", Json.object("registry", "a", "tenant", "t".repeat(65), "volume", "v")),
            volume("f0", "flocker", Json.object()),
            volume("f1", "flocker", Json.object("datasetName", "a/b", "datasetUUID", "u")),
            volume("fc0", "fc", Json.object()),
            volume("fc1", "fc", Json.object("targetWWNs", Json.array("500a0982991b8dc5", "500a0982891b8dc5"), "wwids", Json.array("w"))),
            volume("fc2", "fc", Json.object("targetWWNs", Json.array("500a0982991b8dc5"), "lun", 256)),
            volume("git", "gitRepo", Json.object("directory", "/srv/../x"))};
    }

    /** Network volumes the API server accepts, each with its required fields, nfs of an absolute path. */
    public static Json.Obj[] networkVolumes() {
        return new Json.Obj[] {
            volume("nfs", "nfs", Json.object("server", "10.0.0.2", "path", "/exports", "readOnly", true)),
            volume("rbd", "rbd", Json.object("monitors", Json.array("10.0.0.1:6789"), "image", "img")),
            volume("ceph", "cephfs", Json.object("monitors", Json.array("10.0.0.1:6789"), "path", "/")),
            volume("gluster", "glusterfs", Json.object("endpoints", "gluster", "path", "vol")),
            volume("quobyte", "quobyte", Json.object("registry", "a:7861,[::1]:7861,:1", "volume", "v", "tenant", "t".repeat(64))),
            volume("flocker", "flocker", Json.object("datasetUUID", "u")),
            volume("fc", "fc", Json.object("targetWWNs", Json.array("500a0982991b8dc5"), "lun", 0)),
            volume("wwid", "fc", Json.object("wwids", Json.array("3600508b400105e210000900000490000"))),
            volume("git", "gitRepo", Json.object("repository", "https://example.com/r.git", "directory", "a..b/c"))};
    }

    /**
     * Cloud and vendor volumes the API server refuses: each without its required fields (azureDisk's default kind Shared then
     * wanting a blob URI), partitions out of range, azureDisk's unknown caching mode with a managed disk's bad URI and an
     * unknown kind, cinder's and storageos's secret references without names, storageos names not DNS labels.
     */
    public static Json.Obj[] refusedCloudVolumes() {
        return new Json.Obj[] {
            volume("gce", "gcePersistentDisk", Json.object("partition", -1)),
            volume("aws", "awsElasticBlockStore", Json.object("partition", 256)),
            volume("af", "azureFile", Json.object()),
            volume("ad0", "azureDisk", Json.object()),
            volume("ad1", "azureDisk", Json.object("diskName", "d", "diskURI", "https://a.blob.core.windows.net/c/d.vhd", "cachingMode", "Bad",
                    "kind", "Managed")),
            volume("ad2", "azureDisk", Json.object("diskName", "d", "diskURI", "/subscriptions/x", "kind", "Other")),
            volume("cinder", "cinder", Json.object("secretRef", Json.object())),
            volume("vs", "vsphereVolume", Json.object()),
            volume("photon", "photonPersistentDisk", Json.object()),
            volume("px", "portworxVolume", Json.object()),
            volume("sio", "scaleIO", Json.object()),
            volume("sos0", "storageos", Json.object()),
            volume("sos1", "storageos", Json.object("volumeName", "Bad_Name", "volumeNamespace", "NS", "secretRef", Json.object()))};
    }

    /** Cloud and vendor volumes the API server accepts, each with its required fields and a partition, caching and kind each allows. */
    public static Json.Obj[] cloudVolumes() {
        return new Json.Obj[] {
            volume("gce", "gcePersistentDisk", Json.object("pdName", "disk", "partition", 0)),
            volume("aws", "awsElasticBlockStore", Json.object("volumeID", "vol-1", "partition", 255)),
            volume("af", "azureFile", Json.object("secretName", "s", "shareName", "share")),
            volume("ad0", "azureDisk", Json.object("diskName", "d", "diskURI", "https://a.blob.core.windows.net/c/d.vhd")),
            volume("ad1", "azureDisk", Json.object("diskName", "d", "diskURI", "/subscriptions/s/disks/d", "kind", "Managed", "cachingMode", "None")),
            volume("cinder", "cinder", Json.object("volumeID", "v", "secretRef", Json.object("name", "s"))),
            volume("vs", "vsphereVolume", Json.object("volumePath", "[ds] vol.vmdk")),
            volume("photon", "photonPersistentDisk", Json.object("pdID", "p")),
            volume("px", "portworxVolume", Json.object("volumeID", "v")),
            volume("sio", "scaleIO", Json.object("gateway", "https://g", "system", "s", "volumeName", "v", "secretRef", Json.object("name", "s"))),
            volume("sos", "storageos", Json.object("volumeName", "vol", "volumeNamespace", "ns", "secretRef", Json.object("name", "s")))};
    }
}
