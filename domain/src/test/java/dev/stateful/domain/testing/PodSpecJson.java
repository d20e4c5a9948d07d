package dev.stateful.domain.testing;

import dev.stateful.domain.json.Json;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/** Pieces of a pod spec as JSON for validation tests: environment variables of each value source, a probe, volumes, mounts, devices and ports. */
public final class PodSpecJson {

    private PodSpecJson() {
    }

    public static Json.Obj fieldRef(String name, String apiVersion, String fieldPath) {
        return valueFrom(name, "fieldRef", Json.object("apiVersion", apiVersion, "fieldPath", fieldPath));
    }

    /** A resourceFieldRef, with a divisor unless it is null. */
    public static Json.Obj resourceFieldRef(String name, String resource, String divisor) {
        Json.Obj ref = Json.object("resource", resource);
        return valueFrom(name, "resourceFieldRef", divisor == null ? ref : ref.with("divisor", divisor));
    }

    public static Json.Obj fileKeyRef(String name, String key, String volumeName, String path) {
        return valueFrom(name, "fileKeyRef", Json.object("key", key, "volumeName", volumeName, "path", path));
    }

    public static Json.Obj valueFrom(String name, String source, Json.Obj ref) {
        return Json.object("name", name, "valueFrom", Json.object(source, ref));
    }

    /** A probe running {@code true}. */
    public static Json.Obj execProbe() {
        return Json.object("exec", Json.object("command", Json.array("true")));
    }

    public static Json.Obj mount(String name, String mountPath) {
        return Json.object("name", name, "mountPath", mountPath);
    }

    public static Json.Obj device(String name, String devicePath) {
        return Json.object("name", name, "devicePath", devicePath);
    }

    /** A volume of the claim of its own name. */
    public static Json.Obj claim(String name) {
        return Json.object("name", name, "persistentVolumeClaim", Json.object("claimName", name));
    }

    /** {@code count} Restart rules, each on the exit codes 1 to {@code codes}, then {@code more}. */
    public static Json.Arr restartRules(int count, int codes, Json.Obj... more) {
        return Json.array(Stream.concat(IntStream.range(0, count).mapToObj(i -> exitCodes(codes, "In")), Stream.of(more)).toArray());
    }

    /** A Restart rule of this operator on the exit codes 1 to {@code codes}. */
    public static Json.Obj exitCodes(int codes, String operator) {
        return Json.object("action", "Restart", "exitCodes", Json.object("operator", operator,
                "values", Json.array(IntStream.rangeClosed(1, codes).boxed().toArray())));
    }

    public static Json.Obj hostPort(int containerPort, int hostPort) {
        return Json.object("containerPort", containerPort, "hostPort", hostPort);
    }

    /** A v1 fieldRef of a downward API volume's file. */
    public static Json.Obj volumeFieldRef(String fieldPath) {
        return Json.object("apiVersion", "v1", "fieldPath", fieldPath);
    }

    /** A valid downward API volume {@code d}: each volume field path, a subscripted label and annotation, a container's resources. */
    public static Json.Obj downwardApiVolume() {
        return Json.object("name", "d", "downwardAPI", Json.object("defaultMode", 0777, "items", Json.array(
                Json.object("path", "labels", "fieldRef", volumeFieldRef("metadata.labels")),
                Json.object("path", "annotations", "fieldRef", volumeFieldRef("metadata.annotations"), "mode", 0),
                Json.object("path", "a/name", "fieldRef", volumeFieldRef("metadata.name")),
                Json.object("path", "ns", "fieldRef", volumeFieldRef("metadata.namespace")),
                Json.object("path", "uid", "fieldRef", volumeFieldRef("metadata.uid")),
                Json.object("path", "zone", "fieldRef", volumeFieldRef("metadata.labels['topology.kubernetes.io/zone']")),
                Json.object("path", "note", "fieldRef", volumeFieldRef("metadata.annotations['Example.com/Note']")),
                Json.object("path", "mem", "resourceFieldRef", Json.object("containerName", "app", "resource", "limits.memory", "divisor", "1Mi")),
                Json.object("path", "huge", "resourceFieldRef", Json.object("containerName", "app", "resource", "requests.hugepages-2Mi")))));
    }

    /** A valid projected volume {@code p}: a secret, config maps, a downward API file and tokens, the files at distinct paths. */
    public static Json.Obj projectedVolume() {
        return Json.object("name", "p", "projected", Json.object("defaultMode", 0400, "sources", Json.array(
                Json.object("secret", Json.object("name", "s", "items", Json.array(Json.object("key", "k", "path", "s/k", "mode", 0777)))),
                Json.object("configMap", Json.object("name", "c", "items", Json.array(Json.object("key", "k", "path", "c/k")))),
                Json.object("configMap", Json.object("name", "all")),
                Json.object("downwardAPI", Json.object("items", Json.array(Json.object("path", "name", "fieldRef", volumeFieldRef("metadata.name"))))),
                Json.object("serviceAccountToken", Json.object("audience", "vault", "expirationSeconds", 600, "path", "s/k")),
                Json.object("serviceAccountToken", Json.object("expirationSeconds", 4294967296L, "path", "long")))));
    }

    /**
     * A projected volume {@code p} the API server refuses: a mode below 0, an unnamed secret, the path "a" of three sources,
     * tokens of too short and too long an expiration, one absolute and one without a path, a source of two kinds.
     */
    public static Json.Obj refusedProjectedVolume() {
        return Json.object("name", "p", "projected", Json.object("defaultMode", -1, "sources", Json.array(
                Json.object("secret", Json.object("items", Json.array(Json.object("key", "k", "path", "a")))),
                Json.object("configMap", Json.object("name", "c", "items", Json.array(Json.object("key", "k", "path", "a")))),
                Json.object("downwardAPI", Json.object("items", Json.array(Json.object("path", "a", "fieldRef", volumeFieldRef("metadata.name"))))),
                Json.object("serviceAccountToken", Json.object("expirationSeconds", 60, "path", "/token")),
                Json.object("serviceAccountToken", Json.object("expirationSeconds", 5000000000L)),
                Json.object("secret", Json.object("name", "s"), "configMap", Json.object("name", "c")),
                Json.object())));
    }

    /** A label or node selector requirement; without values when none are given. */
    public static Json.Obj requirement(String key, String operator, String... values) {
        Json.Obj requirement = Json.object("key", key, "operator", operator);
        return values.length == 0 ? requirement : requirement.with("values", Json.array((Object[]) values));
    }

    /** A topology spread constraint of this skew, key and action. */
    public static Json.Obj spread(int maxSkew, String topologyKey, String whenUnsatisfiable) {
        return Json.object("maxSkew", maxSkew, "topologyKey", topologyKey, "whenUnsatisfiable", whenUnsatisfiable);
    }

    /**
     * A valid affinity: required and preferred node terms (every operator, a field selector of the node's name, a preference
     * with any label value), pod affinity and anti-affinity terms with label and namespace selectors, namespaces, and match and
     * mismatch label keys beside the selector's own keys.
     */
    public static Json.Obj affinity() {
        Json.Obj selector = Json.object("matchLabels", Json.object("app", "web"),
                "matchExpressions", Json.array(requirement("tier", "NotIn", "cache"), requirement("app", "Exists")));
        Json.Obj term = Json.object("topologyKey", "topology.kubernetes.io/zone", "labelSelector", selector,
                "namespaceSelector", Json.object("matchExpressions", Json.array(requirement("team", "In", "a", "b"))),
                "namespaces", Json.array("default", "kube-system"), "matchLabelKeys", Json.array("pod-template-hash", "tier"),
                "mismatchLabelKeys", Json.array("example.com/tenant"));
        return Json.object(
                "nodeAffinity", Json.object(
                        "requiredDuringSchedulingIgnoredDuringExecution", Json.object("nodeSelectorTerms", Json.array(
                                Json.object("matchExpressions", Json.array(requirement("kubernetes.io/os", "In", "linux"),
                                        requirement("disk", "NotIn", "hdd"), requirement("gpu", "Exists"), requirement("spot", "DoesNotExist"),
                                        requirement("cpus", "Gt", "3"), requirement("example.com/rank", "Lt", "10"))),
                                Json.object("matchFields", Json.array(requirement("metadata.name", "In", "node-1"),
                                        requirement("metadata.name", "NotIn", "node-2.example.com"))))),
                        "preferredDuringSchedulingIgnoredDuringExecution", Json.array(
                                Json.object("weight", 1, "preference", Json.object("matchExpressions", Json.array(
                                        requirement("disk", "In", "any value!")))),
                                Json.object("weight", 100, "preference", Json.object()))),
                "podAffinity", Json.object("requiredDuringSchedulingIgnoredDuringExecution", Json.array(term)),
                "podAntiAffinity", Json.object(
                        "requiredDuringSchedulingIgnoredDuringExecution", Json.array(Json.object("topologyKey", "kubernetes.io/hostname")),
                        "preferredDuringSchedulingIgnoredDuringExecution", Json.array(
                                Json.object("weight", 100, "podAffinityTerm", term.with("namespaceSelector", Json.object())))));
    }

    /** Valid topology spread constraints: each action, minDomains with DoNotSchedule, each node policy, matchLabelKeys beside a selector. */
    public static Json.Obj[] topologySpreadConstraints() {
        return new Json.Obj[] {
            spread(1, "topology.kubernetes.io/zone", "DoNotSchedule").with("minDomains", 3).with("nodeAffinityPolicy", "Honor")
                    .with("nodeTaintsPolicy", "Ignore").with("labelSelector", Json.object("matchLabels", Json.object("app", "web"),
                            "matchExpressions", Json.array(requirement("tier", "In", "db"))))
                    .with("matchLabelKeys", Json.array("pod-template-hash", "example.com/version")),
            spread(2, "topology.kubernetes.io/zone", "ScheduleAnyway").with("nodeAffinityPolicy", "Ignore").with("nodeTaintsPolicy", "Honor"),
            spread(5, "not a label key!", "DoNotSchedule")};
    }

    /**
     * Windows user names {@code validateWindowsSecurityContextOptions} refuses: a control character, two backslashes, a
     * domain of neither form with no user, a domain too long with a user of dots, a user too long, a user of a forbidden
     * character.
     */
    public static final List<String> REFUSED_USER_NAMES = List.of("app\u0001", "a\\b\\c", ".corp\\", "d".repeat(256) + "\\. .",
            "u".repeat(105), "CORP\\us@r");

    /** Windows user names it accepts: a NetBios domain with spaces, a DNS domain, a user of 104 characters alone. */
    public static final List<String> ACCEPTED_USER_NAMES = List.of("NT AUTHORITY\\NETWORK SERVICE", "corp.example.com\\svc-web",
            "u".repeat(104), "ContainerUser");

    /** Init containers {@code w0}, {@code w1}, ... whose Windows options run as these user names. */
    public static Json.Arr runningAs(String image, List<String> userNames) {
        return Json.array(IntStream.range(0, userNames.size()).mapToObj(i -> Json.object("name", "w" + i, "image", image,
                "securityContext", Json.object("windowsOptions", Json.object("runAsUserName", userNames.get(i))))).toArray());
    }

    /**
     * Init containers {@code a0}, {@code a1}, ... of AppArmor profiles {@code ValidateAppArmorProfileField} refuses: a Localhost
     * type without a profile, one padded with whitespace, an empty one, one of 4096 bytes, one both padded and too long;
     * a RuntimeDefault and an Unconfined type with a profile.
     */
    public static Json.Arr refusedAppArmorContainers(String image) {
        return appArmorContainers(image, Json.object("type", "Localhost"), localhostAppArmor(" p "), localhostAppArmor(""),
                localhostAppArmor("p".repeat(4096)), localhostAppArmor(" " + "p".repeat(4095)),
                Json.object("type", "RuntimeDefault", "localhostProfile", "p"), Json.object("type", "Unconfined", "localhostProfile", ""));
    }

    /** Init containers {@code a0}, {@code a1}, ... of these AppArmor profiles. */
    public static Json.Arr appArmorContainers(String image, Json.Obj... profiles) {
        return Json.array(IntStream.range(0, profiles.length).mapToObj(i -> Json.object("name", "a" + i, "image", image,
                "securityContext", Json.object("appArmorProfile", profiles[i]))).toArray());
    }

    public static Json.Obj localhostAppArmor(String profile) {
        return Json.object("type", "Localhost", "localhostProfile", profile);
    }

    /**
     * A pod spec change: pod-level requests of cpu 1 and memory 1Gi, limits of cpu 2, memory 2Gi and hugepages-2Mi 4Mi,
     * below what its containers of this image need: requests of cpu 1100m (a container's 500m and a sidecar's 600m) and
     * memory 2Gi (an init container's), hugepages limits of 6Mi, a container's cpu limit of 3.
     */
    public static Json.Obj refusedPodResources(Json.Obj spec, String image) {
        return spec.with("resources", Json.object("requests", Json.object("cpu", "1", "memory", "1Gi"),
                        "limits", Json.object("cpu", "2", "memory", "2Gi", "hugepages-2Mi", "4Mi")))
                .with("containers", Json.array(
                        Json.object("name", "app", "image", image, "resources", Json.object("requests", Json.object("cpu", "500m", "memory", "512Mi"),
                                "limits", Json.object("cpu", "3", "hugepages-2Mi", "4Mi"))),
                        Json.object("name", "helper", "image", image, "resources", Json.object("requests", Json.object("memory", "64Mi"),
                                "limits", Json.object("hugepages-2Mi", "2Mi")))))
                .with("initContainers", Json.array(
                        Json.object("name", "sidecar", "image", image, "restartPolicy", "Always",
                                "resources", Json.object("requests", Json.object("cpu", "600m"))),
                        Json.object("name", "setup", "image", image, "resources", Json.object("requests", Json.object("memory", "2Gi")))));
    }

    /** A pod spec change: pod-level resources within which its containers of this image, a sidecar and an init container fit. */
    public static Json.Obj podResources(Json.Obj spec, String image) {
        return spec.with("resources", Json.object("requests", Json.object("cpu", "1", "memory", "1Gi"),
                        "limits", Json.object("cpu", "2", "memory", "2Gi", "hugepages-2Mi", "2Mi")))
                .with("containers", Json.array(Json.object("name", "app", "image", image, "resources", Json.object(
                        "requests", Json.object("cpu", "500m", "memory", "512Mi", "hugepages-2Mi", "2Mi"),
                        "limits", Json.object("cpu", "1", "memory", "1Gi", "hugepages-2Mi", "2Mi")))))
                .with("initContainers", Json.array(
                        Json.object("name", "sidecar", "image", image, "restartPolicy", "Always",
                                "resources", Json.object("requests", Json.object("cpu", "250m"))),
                        Json.object("name", "setup", "image", image, "resources", Json.object("requests", Json.object("cpu", "500m", "memory", "1Gi")))));
    }

    /** A pod security context that sets every Linux-only field a windows pod may not set ({@code validateWindows}). */
    public static Json.Obj linuxOnlyPodSecurityContext() {
        return Json.object("appArmorProfile", Json.object("type", "RuntimeDefault"), "seLinuxOptions", Json.object(),
                "seccompProfile", Json.object("type", "RuntimeDefault"), "fsGroup", 1, "fsGroupChangePolicy", "Always",
                "sysctls", Json.array(Json.object("name", "net.core.somaxconn", "value", "1024")), "runAsUser", 1,
                "runAsGroup", 1, "supplementalGroups", Json.array(1), "supplementalGroupsPolicy", "Merge",
                "seLinuxChangePolicy", "Recursive");
    }

    /** A container security context that sets every Linux-only field a windows pod's container may not set. */
    public static Json.Obj linuxOnlyContainerSecurityContext() {
        return Json.object("appArmorProfile", Json.object("type", "RuntimeDefault"),
                "seLinuxOptions", Json.object(), "seccompProfile", Json.object("type", "RuntimeDefault"),
                "capabilities", Json.object(), "readOnlyRootFilesystem", false, "privileged", false,
                "allowPrivilegeEscalation", false, "procMount", "Default", "runAsUser", 1, "runAsGroup", 1);
    }
}
