package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * {@code validateVolumeSource} of a pod volume: at most one source, and the first source's own settings: emptyDir (its
 * sizeLimit), hostPath ({@code validateHostPathVolumeSource}), secret ({@code validateSecretVolumeSource}),
 * persistentVolumeClaim ({@code validatePersistentClaimVolumeSource}), downwardAPI ({@code validateDownwardAPIVolumeSource}),
 * configMap ({@code validateConfigMapVolumeSource}) and projected ({@code validateProjectedVolumeSource}, but for its
 * clusterTrustBundle and podCertificate sources, which the API server drops unless their feature gates, off by default in
 * 1.36, are on) here; ephemeral in {@link EphemeralVolumeRules}; csi, flexVolume and image in {@link DriverVolumeRules}; the
 * network sources in {@link NetworkVolumeRules}; the cloud and vendor disks in {@link CloudVolumeRules}; and the sources
 * that only require fields in {@link #REQUIRED_ONLY}. Its "must specify a volume type" cannot happen on the server, whose
 * defaulting ({@code SetDefaults_Volume}) makes a volume of no known source an emptyDir after dropping unknown fields, which
 * our defaulting keeps.
 */
final class VolumeSourceRules {

    static final String MORE_THAN_ONE_SOURCE = "may not specify more than 1 volume type";
    /** {@code fileModeErrorMsg}. */
    static final String FILE_MODE = "must be a number between 0 and 0777 (octal), both inclusive";
    static final String CONFLICTING_PATHS = "conflicting duplicate paths";
    static final String MORE_THAN_ONE_PROJECTION = "may not specify more than 1 volume type per source";
    /** {@code validVolumeDownwardAPIFieldPathExpressions}, sorted. */
    static final List<String> FIELD_PATHS = List.of("metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace",
            "metadata.uid");
    private static final long MAX_FILE_MODE = 0777;
    private static final long MIN_TOKEN_SECONDS = 10 * 60;
    private static final long MAX_TOKEN_SECONDS = 1L << 32;
    /** {@code supportedHostPathTypes}, sorted as {@code sets.List} gives them; "" is what defaulting fills. */
    static final List<String> HOST_PATH_TYPES = List.of("", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File",
            "FileOrCreate", "Socket");

    /**
     * The volume sources as {@code validateVolumeSource} checks them, in its order: the JSON key, the path it names for a
     * second source and the path of its settings' errors, the key but where Go spells them otherwise (its typo included).
     */
    private static final List<Source> SOURCES = List.of(
            new Source("emptyDir"), new Source("hostPath"), new Source("gitRepo"),
            new Source("gcePersistentDisk", "gcePersistentDisk", "persistentDisk"), new Source("awsElasticBlockStore"), new Source("secret"),
            new Source("nfs"), new Source("iscsi"), new Source("glusterfs"), new Source("flocker"), new Source("persistentVolumeClaim"),
            new Source("rbd"), new Source("cinder"), new Source("cephfs", "cephFS", "cephfs"), new Source("quobyte"),
            new Source("downwardAPI", "downwarAPI", "downwardAPI"), new Source("fc"), new Source("flexVolume"), new Source("configMap"),
            new Source("azureFile"), new Source("vsphereVolume"), new Source("photonPersistentDisk"), new Source("portworxVolume"),
            new Source("azureDisk"), new Source("storageos"), new Source("projected"), new Source("scaleIO"), new Source("csi"),
            new Source("ephemeral"), new Source("image"));

    /** The sources whose checks are only their required fields, written one by one in their {@code validate...} functions. */
    private static final Map<String, List<String>> REQUIRED_ONLY = Map.of(
            "glusterfs", List.of("endpoints", "path"), // validateGlusterfsVolumeSource
            "rbd", List.of("monitors", "image"), // validateRBDVolumeSource
            "cephfs", List.of("monitors"), // validateCephFSVolumeSource
            "azureFile", List.of("secretName", "shareName"), // validateAzureFile
            "vsphereVolume", List.of("volumePath"), // validateVsphereVolumeSource
            "photonPersistentDisk", List.of("pdID"), // validatePhotonPersistentDiskVolumeSource
            "portworxVolume", List.of("volumeID"), // validatePortworxVolumeSource
            "scaleIO", List.of("gateway", "system", "volumeName")); // validateScaleIOVolumeSource

    /** The other sources' checks, by JSON key. */
    private static final Map<String, BiFunction<Json.Obj, String, List<Violation>>> SETTINGS = Map.ofEntries(
            Map.entry("emptyDir", VolumeSourceRules::emptyDir),
            Map.entry("hostPath", VolumeSourceRules::hostPath),
            Map.entry("gitRepo", NetworkVolumeRules::gitRepo),
            Map.entry("gcePersistentDisk", (disk, path) -> CloudVolumeRules.partitionedDisk(disk, "pdName", path)),
            Map.entry("awsElasticBlockStore", (disk, path) -> CloudVolumeRules.partitionedDisk(disk, "volumeID", path)),
            Map.entry("secret", (secret, path) -> keyedFiles(secret, "secretName", path)),
            Map.entry("nfs", NetworkVolumeRules::nfs),
            Map.entry("iscsi", NetworkVolumeRules::iscsi),
            Map.entry("flocker", NetworkVolumeRules::flocker),
            Map.entry("persistentVolumeClaim", VolumeSourceRules::persistentVolumeClaim),
            Map.entry("cinder", CloudVolumeRules::cinder),
            Map.entry("quobyte", NetworkVolumeRules::quobyte),
            Map.entry("downwardAPI", VolumeSourceRules::downwardApi),
            Map.entry("fc", NetworkVolumeRules::fc),
            Map.entry("flexVolume", DriverVolumeRules::flexVolume),
            Map.entry("configMap", (configMap, path) -> keyedFiles(configMap, "name", path)),
            Map.entry("azureDisk", CloudVolumeRules::azureDisk),
            Map.entry("storageos", CloudVolumeRules::storageos),
            Map.entry("projected", VolumeSourceRules::projected),
            Map.entry("csi", DriverVolumeRules::csi),
            Map.entry("ephemeral", EphemeralVolumeRules::ephemeral),
            Map.entry("image", DriverVolumeRules::image));

    /** A volume source: its JSON key, the path Go names for it as a second source, and the path of its settings. */
    private record Source(String key, String secondPath, String settingsPath) {
        Source(String key) {
            this(key, key, key);
        }
    }

    private VolumeSourceRules() {
    }

    /** {@code validateVolumeSource} of the volume at {@code path}: a second source is refused and its settings not checked. */
    static List<Violation> source(Json.Obj volume, String path) {
        List<Violation> out = new ArrayList<>();
        boolean found = false;
        for (Source source : SOURCES) {
            if (!volume.has(source.key())) {
                continue;
            }
            if (found) {
                out.add(Errors.forbidden(path + "." + source.secondPath(), MORE_THAN_ONE_SOURCE));
            } else {
                found = true;
                out.addAll(settings(source.key(), volume.objectOrEmpty(source.key()), path + "." + source.settingsPath()));
            }
            if (source.key().equals("iscsi")) {
                out.addAll(NetworkVolumeRules.iscsiVolumeName(volume, path));
            }
        }
        return out;
    }

    private static List<Violation> settings(String key, Json.Obj settings, String path) {
        List<String> required = REQUIRED_ONLY.get(key);
        return required != null ? Errors.requiredEach(settings, path, required.toArray(String[]::new)) : SETTINGS.get(key).apply(settings, path);
    }

    /** Of {@code validateVolumeSource}: an emptyDir's sizeLimit is not negative; its medium is not checked. */
    private static List<Violation> emptyDir(Json.Obj emptyDir, String path) {
        boolean negative = emptyDir.get("sizeLimit").flatMap(Quantities::decode).map(q -> q.signum() < 0).orElse(false);
        return negative ? List.of(Errors.forbidden(path + ".sizeLimit", "SizeLimit field must be a valid resource quantity")) : List.of();
    }

    /** {@code validateHostPathVolumeSource}: a path, then none of its elements "..", and a known type. */
    private static List<Violation> hostPath(Json.Obj hostPath, String path) {
        String hostDir = hostPath.string("path").orElse("");
        if (hostDir.isEmpty()) {
            return List.of(Errors.required(path + ".path", ""));
        }
        List<Violation> out = new ArrayList<>(ContainerRules.noBacksteps(hostDir, path + ".path"));
        hostPath.string("type").filter(type -> !HOST_PATH_TYPES.contains(type)).ifPresent(type ->
                out.add(Errors.notSupported(path + ".type", type, HOST_PATH_TYPES.toArray(String[]::new))));
        return out;
    }

    /** {@code validatePersistentClaimVolumeSource}: a claim name. */
    private static List<Violation> persistentVolumeClaim(Json.Obj claim, String path) {
        return claim.string("claimName").orElse("").isEmpty() ? List.of(Errors.required(path + ".claimName", "")) : List.of();
    }

    /**
     * {@code validateSecretVolumeSource} (its {@code nameField} secretName) and {@code validateConfigMapVolumeSource} (name):
     * a name, a file mode, each item ({@code validateKeyToPath}). Neither checks the name's or the keys' form.
     */
    private static List<Violation> keyedFiles(Json.Obj source, String nameField, String path) {
        List<Violation> out = new ArrayList<>();
        if (source.string(nameField).orElse("").isEmpty()) {
            out.add(Errors.required(path + "." + nameField, ""));
        }
        out.addAll(fileMode(source, "defaultMode", path));
        List<Json> items = source.array("items");
        for (int i = 0; i < items.size(); i++) {
            out.addAll(keyToPath(items.get(i).asObject().orElse(Json.EMPTY_OBJECT), path + ".items[" + i + "]"));
        }
        return out;
    }

    /** {@code validateKeyToPath}: a key, a path ({@code ValidateLocalNonReservedPath}), a file mode. */
    private static List<Violation> keyToPath(Json.Obj item, String path) {
        List<Violation> out = new ArrayList<>();
        if (item.string("key").orElse("").isEmpty()) {
            out.add(Errors.required(path + ".key", ""));
        }
        String file = item.string("path").orElse("");
        if (file.isEmpty()) {
            out.add(Errors.required(path + ".path", ""));
        }
        out.addAll(localNonReservedPath(file, path + ".path"));
        out.addAll(fileMode(item, "mode", path));
        return out;
    }

    /**
     * {@code ValidateLocalNonReservedPath}: {@code validateLocalDescendingPath}, and no name starting with ".." (the kubelet's
     * own files), which Go also reports for ".." itself.
     */
    static List<Violation> localNonReservedPath(String target, String path) {
        List<Violation> out = new ArrayList<>(ContainerRules.localDescendingPath(target, path));
        if (target.startsWith("..") && !target.startsWith("../")) {
            out.add(Errors.invalid(path, target, "must not start with '..'"));
        }
        return out;
    }

    /** A file mode, if given, within 0 and 0777, at {@code path}.{@code field}. */
    private static List<Violation> fileMode(Json.Obj source, String field, String path) {
        return source.integer(field).filter(mode -> mode < 0 || mode > MAX_FILE_MODE)
                .map(mode -> List.of(Errors.invalid(path + "." + field, mode, FILE_MODE))).orElse(List.of());
    }

    /** {@code validateDownwardAPIVolumeSource}: a file mode, each file. */
    private static List<Violation> downwardApi(Json.Obj source, String path) {
        List<Violation> out = new ArrayList<>(fileMode(source, "defaultMode", path));
        source.array("items").forEach(item -> out.addAll(downwardApiFile(item.asObject().orElse(Json.EMPTY_OBJECT), path)));
        return out;
    }

    /**
     * {@code validateDownwardAPIVolumeFile}: a path ({@code ValidateLocalNonReservedPath}), one of fieldRef (of the volume's
     * field paths) and resourceFieldRef (of a named container), a file mode. Go names a file's errors on {@code path}, the
     * source's, without the file's index.
     */
    private static List<Violation> downwardApiFile(Json.Obj file, String path) {
        List<Violation> out = new ArrayList<>();
        String target = file.string("path").orElse("");
        if (target.isEmpty()) {
            out.add(Errors.required(path + ".path", ""));
        }
        out.addAll(localNonReservedPath(target, path + ".path"));
        if (file.has("fieldRef")) {
            out.addAll(EnvRules.fieldRef(file.objectOrEmpty("fieldRef"), FIELD_PATHS, path + ".fieldRef"));
            if (file.has("resourceFieldRef")) {
                out.add(Errors.invalid(path, "resource", "fieldRef and resourceFieldRef can not be specified simultaneously"));
            }
        } else if (file.has("resourceFieldRef")) {
            out.addAll(EnvRules.resourceFieldRef(file.objectOrEmpty("resourceFieldRef"), true, path + ".resourceFieldRef"));
        } else {
            out.add(Errors.required(path, "one of fieldRef and resourceFieldRef is required"));
        }
        out.addAll(fileMode(file, "mode", path));
        return out;
    }

    /**
     * {@code validateProjectedVolumeSource}: a file mode, then {@code validateProjectionSources}: each source's own settings,
     * one kind per source, and no path given twice across the secret, config map and downward API files (a token's path is
     * not counted), the conflict named on the volume's projected path with the source's name or the file's path.
     */
    private static List<Violation> projected(Json.Obj projected, String path) {
        List<Violation> out = new ArrayList<>(fileMode(projected, "defaultMode", path));
        Set<String> paths = new HashSet<>();
        List<Json> sources = projected.array("sources");
        for (int i = 0; i < sources.size(); i++) {
            String at = path + ".sources[" + i + "]";
            Json.Obj source = sources.get(i).asObject().orElse(Json.EMPTY_OBJECT);
            int kinds = 0;
            for (String kind : List.of("secret", "configMap")) {
                if (source.has(kind)) {
                    kinds++;
                    out.addAll(projectedKeys(source.objectOrEmpty(kind), paths, at + "." + kind, path));
                }
            }
            if (source.has("downwardAPI")) {
                kinds++;
                for (Json item : source.objectOrEmpty("downwardAPI").array("items")) {
                    Json.Obj file = item.asObject().orElse(Json.EMPTY_OBJECT);
                    out.addAll(downwardApiFile(file, at + ".downwardAPI"));
                    String target = file.string("path").orElse("");
                    if (!target.isEmpty() && !paths.add(target)) {
                        out.add(Errors.invalid(path, target, CONFLICTING_PATHS));
                    }
                }
            }
            if (source.has("serviceAccountToken")) {
                kinds++;
                out.addAll(serviceAccountToken(source.objectOrEmpty("serviceAccountToken"), at + ".serviceAccountToken", path));
            }
            if (kinds > 1) {
                out.add(Errors.forbidden(at, MORE_THAN_ONE_PROJECTION));
            }
        }
        return out;
    }

    /** A projected secret's or config map's name and items ({@code validateKeyToPath}), each item's path taken once. */
    private static List<Violation> projectedKeys(Json.Obj source, Set<String> paths, String at, String projectedPath) {
        List<Violation> out = new ArrayList<>();
        String name = source.string("name").orElse("");
        if (name.isEmpty()) {
            out.add(Errors.required(at + ".name", ""));
        }
        List<Json> items = source.array("items");
        for (int j = 0; j < items.size(); j++) {
            Json.Obj item = items.get(j).asObject().orElse(Json.EMPTY_OBJECT);
            out.addAll(keyToPath(item, at + ".items[" + j + "]"));
            String target = item.string("path").orElse("");
            if (!target.isEmpty() && !paths.add(target)) {
                out.add(Errors.invalid(projectedPath, name, CONFLICTING_PATHS));
            }
        }
        return out;
    }

    /**
     * A projected service account token: an expiration of 10 minutes to 2^32 seconds (defaulting gives 3600), a path, which Go
     * names on the volume's projected path, local and not reserved (a new pod never has {@code AllowNonLocalProjectedTokenPath}).
     */
    private static List<Violation> serviceAccountToken(Json.Obj token, String at, String projectedPath) {
        List<Violation> out = new ArrayList<>();
        token.integer("expirationSeconds").ifPresent(seconds -> {
            if (seconds < MIN_TOKEN_SECONDS) {
                out.add(Errors.invalid(at + ".expirationSeconds", seconds, "may not specify a duration less than 10 minutes"));
            }
            if (seconds > MAX_TOKEN_SECONDS) {
                out.add(Errors.invalid(at + ".expirationSeconds", seconds, "may not specify a duration larger than 2^32 seconds"));
            }
        });
        String target = token.string("path").orElse("");
        if (target.isEmpty()) {
            out.add(Errors.required(projectedPath + ".path", ""));
        } else {
            out.addAll(localNonReservedPath(target, projectedPath + ".path"));
        }
        return out;
    }
}
