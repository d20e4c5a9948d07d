package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The settings of the volume sources a node mounts over the network or a fabric, beyond required fields: nfs
 * ({@code validateNFSVolumeSource}), iscsi ({@code validateISCSIVolumeSource}), quobyte, flocker, fc and gitRepo, each
 * checked as its {@code validate...VolumeSource} does.
 */
final class NetworkVolumeRules {

    static final String IQN_PREFIX = "must be valid format starting with iqn, eui, or naa";
    static final String IQN_FORMAT = "must be valid format";
    static final String INITIATOR_TOO_LONG = "Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if "
            + "iscsi.initiatorName is specified.";
    static final String HOST_PORT_PAIRS = "must be a host:port pair or multiple pairs separated by commas";
    /** {@code validation.InclusiveRangeError(0, 255)}. */
    static final String LUN_RANGE = "must be between 0 and 255, inclusive";
    private static final int MAX_LUN = 255;
    /** {@code len(volName+":"+targetPortal)} beyond this, with an initiator name, is refused. */
    private static final int MAX_INITIATOR_NAME = 64;
    /** {@code validateQuobyteVolumeSource}: a tenant of this length or more is refused. */
    private static final int TENANT_LIMIT = 65;
    /** {@code iscsiInitiatorIqnRegex}, unanchored at its start as Go's {@code MatchString} finds it. */
    private static final Pattern IQN = Pattern.compile("iqn\\.\\d{4}-\\d{2}\\.([\\p{Alnum}.-]+)(:[^,;*&$|\\s]+)\\z");
    /** {@code iscsiInitiatorEuiRegex}. */
    private static final Pattern EUI = Pattern.compile("eui.\\p{Alnum}{16}");
    /** {@code iscsiInitiatorNaaRegex}. */
    private static final Pattern NAA = Pattern.compile("naa.\\p{Alnum}{32}");

    private NetworkVolumeRules() {
    }

    /** {@code validateNFSVolumeSource}: a server, and a path that is absolute (an empty one is both missing and not absolute). */
    static List<Violation> nfs(Json.Obj nfs, String path) {
        List<Violation> out = new ArrayList<>(Errors.requiredEach(nfs, path, "server", "path"));
        String exported = nfs.string("path").orElse("");
        if (!exported.startsWith("/")) {
            out.add(Errors.invalid(path + ".path", exported, "must be an absolute path"));
        }
        return out;
    }

    /**
     * {@code validateISCSIVolumeSource}: a target portal, an IQN of a known form, a LUN of 0 to 255, a secret for CHAP
     * authentication, an initiator name of a known form (Go names it {@code initiatorname}).
     */
    static List<Violation> iscsi(Json.Obj iscsi, String path) {
        List<Violation> out = new ArrayList<>(Errors.requiredEach(iscsi, path, "targetPortal", "iqn"));
        iscsi.string("iqn").filter(iqn -> !iqn.isEmpty())
                .ifPresent(iqn -> iscsiName(iqn).ifPresent(msg -> out.add(Errors.invalid(path + ".iqn", iqn, msg))));
        long lun = iscsi.integer("lun").orElse(0L);
        if (lun < 0 || lun > MAX_LUN) {
            out.add(Errors.invalid(path + ".lun", lun, LUN_RANGE));
        }
        boolean chap = iscsi.bool("chapAuthDiscovery").orElse(false) || iscsi.bool("chapAuthSession").orElse(false);
        if (chap && !iscsi.has("secretRef")) {
            out.add(Errors.required(path + ".secretRef", ""));
        }
        // an initiator name given empty is checked too: Go tests its pointer
        iscsi.string("initiatorName")
                .ifPresent(name -> iscsiName(name).ifPresent(msg -> out.add(Errors.invalid(path + ".initiatorname", name, msg))));
        return out;
    }

    /** An IQN's or initiator name's problem: not of the three prefixes, or not of its prefix's form. */
    private static Optional<String> iscsiName(String name) {
        if (!name.startsWith("iqn") && !name.startsWith("eui") && !name.startsWith("naa")) {
            return Optional.of(IQN_PREFIX);
        }
        Pattern form = name.startsWith("iqn") ? IQN : name.startsWith("eui") ? EUI : NAA;
        boolean valid = form == IQN ? IQN.matcher(name).find() : form.matcher(name).matches();
        return valid ? Optional.empty() : Optional.of(IQN_FORMAT);
    }

    /**
     * Of {@code validateVolumeSource}: an iscsi volume with an initiator name keeps {@code <volume name>:<targetPortal>}
     * within 64 characters, named on the volume's name; checked even of a second source.
     */
    static List<Violation> iscsiVolumeName(Json.Obj volume, String path) {
        Json.Obj iscsi = volume.objectOrEmpty("iscsi");
        String name = volume.string("name").orElse("");
        String joined = name + ":" + iscsi.string("targetPortal").orElse("");
        return iscsi.has("initiatorName") && Names.byteLength(joined) > MAX_INITIATOR_NAME
                ? List.of(Errors.invalid(path + ".name", name, INITIATOR_TOO_LONG))
                : List.of();
    }

    /**
     * {@code validateQuobyteVolumeSource}: a registry, then a tenant under 65 characters (Go says so as a Required error),
     * then each of the registry's comma-separated entries a host:port pair ({@code net.SplitHostPort}); a volume.
     */
    static List<Violation> quobyte(Json.Obj quobyte, String path) {
        List<Violation> out = new ArrayList<>();
        String registry = quobyte.string("registry").orElse("");
        if (registry.isEmpty()) {
            out.add(Errors.required(path + ".registry", HOST_PORT_PAIRS));
        } else if (Names.byteLength(quobyte.string("tenant").orElse("")) >= TENANT_LIMIT) {
            out.add(Errors.required(path + ".tenant", "must be a UUID and may not exceed a length of 64 characters"));
        } else {
            for (String pair : registry.split(",", -1)) {
                if (!HostPorts.splits(pair)) {
                    out.add(Errors.invalid(path + ".registry", registry, HOST_PORT_PAIRS));
                }
            }
        }
        out.addAll(Errors.requiredEach(quobyte, path, "volume"));
        return out;
    }

    /** {@code validateFlockerVolumeSource}: one of a dataset name, without '/', and a UUID; Go names both on the source. */
    static List<Violation> flocker(Json.Obj flocker, String path) {
        List<Violation> out = new ArrayList<>();
        String name = flocker.string("datasetName").orElse("");
        String uuid = flocker.string("datasetUUID").orElse("");
        if (name.isEmpty() && uuid.isEmpty()) {
            out.add(Errors.required(path, "one of datasetName and datasetUUID is required"));
        }
        if (!name.isEmpty() && !uuid.isEmpty()) {
            out.add(Errors.invalid(path, "resource", "datasetName and datasetUUID can not be specified simultaneously"));
        }
        if (name.contains("/")) {
            out.add(Errors.invalid(path + ".datasetName", name, "must not contain '/'"));
        }
        return out;
    }

    /** {@code validateFCVolumeSource}: target WWNs, with a LUN of 0 to 255, or WWIDs, not both. */
    static List<Violation> fc(Json.Obj fc, String path) {
        List<Violation> out = new ArrayList<>();
        boolean targets = !fc.array("targetWWNs").isEmpty();
        boolean wwids = !fc.array("wwids").isEmpty();
        if (!targets && !wwids) {
            out.add(Errors.required(path + ".targetWWNs", "must specify either targetWWNs or wwids, but not both"));
        }
        if (targets && wwids) {
            out.add(Errors.invalid(path + ".targetWWNs", fc.get("targetWWNs").orElseThrow(), "targetWWNs and wwids can not be specified simultaneously"));
        }
        if (targets) {
            if (!fc.has("lun")) {
                out.add(Errors.required(path + ".lun", "lun is required if targetWWNs is specified"));
            } else {
                long lun = fc.integer("lun").orElse(0L);
                if (lun < 0 || lun > MAX_LUN) {
                    out.add(Errors.invalid(path + ".lun", lun, LUN_RANGE));
                }
            }
        }
        return out;
    }

    /** {@code validateGitRepoVolumeSource}: a repository, and a directory that is a local descending path. */
    static List<Violation> gitRepo(Json.Obj gitRepo, String path) {
        List<Violation> out = new ArrayList<>(Errors.requiredEach(gitRepo, path, "repository"));
        out.addAll(ContainerRules.localDescendingPath(gitRepo.string("directory").orElse(""), path + ".directory"));
        return out;
    }
}
