package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.quantity.Quantity;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Of {@code validateContainerCommon}, which containers and init containers share, in its order: the
 * name and image, the termination message policy, the ports ({@code validateContainerPorts}), the
 * environment ({@link EnvRules}), the volume mounts ({@code ValidateVolumeMounts}) and devices ({@link VolumeDeviceRules}), the image pull policy
 * ({@code validatePullPolicy}) and the resources ({@code ValidateContainerResourceRequirements}: names,
 * quantities and requests against limits). Values API defaulting fills (a port's protocol, the pull and
 * termination message policies) are only checked when given: what the server validates always has them.
 * Map entries are visited in key order where Go's order is random.
 */
final class ContainerRules {

    static final String PORT_RANGE = "must be between 1 and 65535, inclusive";
    static final String MOUNT_PATH_UNIQUE = "must be unique";

    /** {@code supportedPortProtocols}, as {@code sets.List} sorts them. */
    private static final List<String> PROTOCOLS = List.of("SCTP", "TCP", "UDP");
    /** {@code supportedPullPolicies}, as {@code sets.List} sorts them. */
    static final List<String> PULL_POLICIES = List.of("Always", "IfNotPresent", "Never");
    /** The termination message policies in the order {@code validateContainerCommon} lists them (unsorted). */
    private static final List<String> TERMINATION_MESSAGE_POLICIES = List.of("File", "FallbackToLogsOnError");
    /** {@code standardContainerResources}; hugepages-* are standard for containers too. */
    private static final Set<String> CONTAINER_RESOURCES = Set.of("cpu", "memory", "ephemeral-storage");
    /** {@code standardResources}, the names without a domain {@code validateResourceName} knows. */
    private static final Set<String> STANDARD_RESOURCES = Set.of("cpu", "memory", "ephemeral-storage", "requests.cpu",
            "requests.memory", "requests.ephemeral-storage", "limits.cpu", "limits.memory", "limits.ephemeral-storage", "pods",
            "resourcequotas", "services", "replicationcontrollers", "secrets", "configmaps", "persistentvolumeclaims", "storage",
            "requests.storage", "services.nodeports", "services.loadbalancers");
    private static final Pattern PORT_NAME_CHARSET = Pattern.compile("[-a-z0-9]+");
    private static final Pattern PORT_NAME_LETTER = Pattern.compile(".*[a-z].*", Pattern.DOTALL);
    static final String HUGE_PAGES_PREFIX = "hugepages-";

    private ContainerRules() {
    }

    /** The checks of the container at {@code path}; {@code volumes} as {@link VolumeDeviceRules#devices} takes them. */
    static List<Violation> common(Json.Obj container, Map<String, Boolean> volumes, String path) {
        List<Violation> out = new ArrayList<>();
        String name = container.string("name").orElse("");
        if (name.isEmpty()) {
            out.add(Errors.required(path + ".name", ""));
        } else {
            out.addAll(Errors.invalidEach(path + ".name", name, Names.dns1123Label(name)));
        }
        if (container.string("image").orElse("").isEmpty()) {
            out.add(Errors.required(path + ".image", ""));
        }
        out.addAll(Errors.unlessSupported(path + ".terminationMessagePolicy", container.string("terminationMessagePolicy").orElse(""),
                TERMINATION_MESSAGE_POLICIES));
        out.addAll(ports(container.array("ports"), path + ".ports"));
        out.addAll(EnvRules.env(container.array("env"), path + ".env"));
        out.addAll(EnvRules.envFrom(container.array("envFrom"), path + ".envFrom"));
        Map<String, String> mounts = VolumeDeviceRules.pathsByName(container.array("volumeMounts"), "mountPath");
        Map<String, String> devices = VolumeDeviceRules.pathsByName(container.array("volumeDevices"), "devicePath");
        out.addAll(volumeMounts(container.array("volumeMounts"), devices, volumes.keySet(), path + ".volumeMounts"));
        out.addAll(VolumeDeviceRules.devices(container.array("volumeDevices"), mounts, volumes, path + ".volumeDevices"));
        out.addAll(Errors.unlessSupported(path + ".imagePullPolicy", container.string("imagePullPolicy").orElse(""), PULL_POLICIES));
        out.addAll(resources(container.objectOrEmpty("resources"), path + ".resources"));
        return out;
    }

    /** {@code validateContainerPorts}: a name valid and unique, a container port and a host port in range, a known protocol. */
    static List<Violation> ports(List<Json> ports, String path) {
        List<Violation> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < ports.size(); i++) {
            String at = path + "[" + i + "]";
            Json.Obj port = ports.get(i).asObject().orElse(Json.EMPTY_OBJECT);
            String name = port.string("name").orElse("");
            if (!name.isEmpty()) {
                List<String> problems = portName(name);
                if (!problems.isEmpty()) {
                    out.addAll(Errors.invalidEach(at + ".name", name, problems));
                } else if (!names.add(name)) {
                    out.add(Errors.duplicate(at + ".name", name));
                }
            }
            long containerPort = port.integer("containerPort").orElse(0L);
            if (containerPort == 0) {
                out.add(Errors.required(at + ".containerPort", ""));
            } else if (containerPort < 1 || containerPort > 65535) {
                out.add(Errors.invalid(at + ".containerPort", containerPort, PORT_RANGE));
            }
            long hostPort = port.integer("hostPort").orElse(0L);
            if (hostPort != 0 && (hostPort < 1 || hostPort > 65535)) {
                out.add(Errors.invalid(at + ".hostPort", hostPort, PORT_RANGE));
            }
            out.addAll(Errors.unlessSupported(at + ".protocol", port.string("protocol").orElse(""), PROTOCOLS));
        }
        return out;
    }

    /** {@code IsValidPortName}: an IANA service name, at most 15 characters of [-a-z0-9] with a letter, no "--", no '-' at an end. */
    static List<String> portName(String name) {
        List<String> out = new ArrayList<>();
        if (Names.byteLength(name) > 15) {
            out.add(Names.maxLenError(15));
        }
        if (!PORT_NAME_CHARSET.matcher(name).matches()) {
            out.add("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)");
        }
        if (!PORT_NAME_LETTER.matcher(name).matches()) {
            out.add("must contain at least one letter (a-z)");
        }
        if (name.contains("--")) {
            out.add("must not contain consecutive hyphens");
        }
        if (name.startsWith("-") || name.endsWith("-")) {
            out.add("must not begin or end with a hyphen");
        }
        return out;
    }

    /**
     * {@code ValidateVolumeMounts}: a name of a volume without errors, a mount path unique in the container,
     * neither a device's ({@code devices}: name to device path), and a subPath (or subPathExpr) relative without "..".
     * Go names the subPath errors on the list's path, without the mount's index ({@code fldPath.Child("subPath")}); so do we.
     */
    static List<Violation> volumeMounts(List<Json> mounts, Map<String, String> devices, Set<String> volumes, String path) {
        List<Violation> out = new ArrayList<>();
        Set<String> mountPaths = new HashSet<>();
        for (int i = 0; i < mounts.size(); i++) {
            String at = path + "[" + i + "]";
            Json.Obj mount = mounts.get(i).asObject().orElse(Json.EMPTY_OBJECT);
            String name = mount.string("name").orElse("");
            String mountPath = mount.string("mountPath").orElse("");
            if (name.isEmpty()) {
                out.add(Errors.required(at + ".name", ""));
            }
            if (!volumes.contains(name)) {
                out.add(Errors.notFound(at + ".name", name));
            }
            if (mountPath.isEmpty()) {
                out.add(Errors.required(at + ".mountPath", ""));
            }
            if (!mountPaths.add(mountPath)) {
                out.add(Errors.invalid(at + ".mountPath", mountPath, MOUNT_PATH_UNIQUE));
            }
            out.addAll(VolumeDeviceRules.mountOverlap(name, mountPath, devices, at));
            String subPath = mount.string("subPath").orElse("");
            String subPathExpr = mount.string("subPathExpr").orElse("");
            if (!subPath.isEmpty()) {
                out.addAll(localDescendingPath(subPath, path + ".subPath"));
            }
            if (!subPathExpr.isEmpty()) {
                if (!subPath.isEmpty()) {
                    out.add(Errors.invalid(at + ".subPathExpr", subPathExpr, "subPathExpr and subPath are mutually exclusive"));
                }
                out.addAll(localDescendingPath(subPathExpr, path + ".subPathExpr"));
            }
        }
        return out;
    }

    /** {@code validateLocalDescendingPath}: a mount's subPath, a localhost seccomp profile. */
    static List<Violation> localDescendingPath(String target, String path) {
        List<Violation> out = new ArrayList<>();
        if (target.startsWith("/")) {
            out.add(Errors.invalid(path, target, "must be a relative path"));
        }
        out.addAll(noBacksteps(target, path));
        return out;
    }

    /** {@code validatePathNoBacksteps}: no element of the path is "..". */
    static List<Violation> noBacksteps(String target, String path) {
        return List.of(target.split("/", -1)).contains("..") ? List.of(Errors.invalid(path, target, "must not contain '..'")) : List.of();
    }

    /**
     * Of {@code validateResourceRequirements}: each name a container resource ({@code validateContainerResourceName});
     * no quantity negative ({@code ValidateNonnegativeQuantity}, on the entry's path), an extended resource's a whole
     * number ({@code ValidateResourceQuantityValue}); a request at most its limit, equal to it for a resource that cannot be
     * overcommitted (hugepages, extended resources), whose request also needs a limit; those three on
     * the list's path, as Go names them; a hugepages quantity a multiple of its page size; hugepages only beside cpu or
     * memory (on the requirements' path). Quantities are shown in their canonical form ({@link Quantities}).
     * A value that is no quantity is left to decoding, which the API server fails before validation.
     */
    static List<Violation> resources(Json.Obj resources, String path) {
        return resources(resources, path, ContainerRules::resourceName);
    }

    /** A name's own check, {@code validateContainerResourceName} or {@code validatePodResourceName}. */
    interface NameRule {
        List<Violation> check(String name, String path);
    }

    /** {@code validateResourceRequirements} with this check of each resource name. */
    static List<Violation> resources(Json.Obj resources, String path, NameRule nameRule) {
        List<Violation> out = new ArrayList<>();
        Map<String, Quantity> limits = quantities(resources.objectOrEmpty("limits"));
        Map<String, Quantity> requests = quantities(resources.objectOrEmpty("requests"));
        limits.forEach((name, limit) -> {
            out.addAll(entry(name, limit, path + ".limits[" + name + "]", nameRule));
            out.addAll(hugePageValue(name, limit, path + ".limits[" + name + "]"));
        });
        requests.forEach((name, request) -> {
            out.addAll(entry(name, request, path + ".requests[" + name + "]", nameRule));
            Quantity limit = limits.get(name);
            boolean overcommit = isOvercommitAllowed(name);
            if (limit != null) {
                if (request.compareTo(limit) != 0 && !overcommit) {
                    out.add(Errors.invalid(path + ".requests", request.canonical(),
                            "must be equal to " + name + " limit of " + limit.canonical()));
                } else if (request.compareTo(limit) > 0) {
                    out.add(Errors.invalid(path + ".requests", request.canonical(),
                            "must be less than or equal to " + name + " limit of " + limit.canonical()));
                }
            } else if (!overcommit) {
                out.add(Errors.required(path + ".limits", "Limit must be set for non overcommitable resources"));
            }
            out.addAll(hugePageValue(name, request, path + ".requests[" + name + "]"));
        });
        boolean cpuOrMemory = Stream.of(limits, requests).anyMatch(list -> list.containsKey("cpu") || list.containsKey("memory"));
        boolean hugePages = Stream.of(limits, requests).anyMatch(list -> list.keySet().stream().anyMatch(n -> n.startsWith(HUGE_PAGES_PREFIX)));
        if (hugePages && !cpuOrMemory) {
            out.add(Errors.forbidden(path, "HugePages require cpu or memory"));
        }
        return out;
    }

    /**
     * {@code validateResourceQuantityHugePageValue} (indivisible values are allowed only on an update of a pod that has
     * them): a hugepages quantity, rounded up to a whole number, a multiple of the page size its name ends in, which is a
     * positive whole quantity.
     */
    private static List<Violation> hugePageValue(String name, Quantity quantity, String path) {
        if (!name.startsWith(HUGE_PAGES_PREFIX)) {
            return List.of();
        }
        boolean divisible = Quantity.parse(name.substring(HUGE_PAGES_PREFIX.length()))
                .filter(page -> page.signum() > 0 && page.value().stripTrailingZeros().scale() <= 0)
                .map(page -> quantity.value().setScale(0, RoundingMode.UP).toBigInteger().remainder(page.value().toBigInteger()).signum() == 0)
                .orElse(false);
        return divisible ? List.of()
                : List.of(Errors.invalid(path, quantity.canonical(), quantity.canonical() + " is not positive integer multiple of " + name));
    }

    static Map<String, Quantity> quantities(Json.Obj list) {
        Map<String, Quantity> out = new TreeMap<>();
        list.fields().forEach((name, value) -> {
            Optional<Quantity> quantity = Quantities.parse(value);
            quantity.ifPresent(q -> out.put(name, q));
        });
        return out;
    }

    /** One entry of limits or requests: its name, then {@code ValidateResourceQuantityValue}. */
    private static List<Violation> entry(String name, Quantity quantity, String path, NameRule nameRule) {
        List<Violation> out = new ArrayList<>(nameRule.check(name, path));
        if (quantity.signum() < 0) {
            out.add(Errors.invalid(path, quantity.canonical(), Errors.NEGATIVE));
        }
        if (isExtendedResource(name) && quantity.value().stripTrailingZeros().scale() > 0) {
            out.add(Errors.invalid(path, quantity.canonical(), "must be an integer"));
        }
        return out;
    }

    /**
     * {@code validateContainerResourceName}: {@code validateResourceName} (a qualified name; without a domain, a
     * standard resource), then, without a domain, a resource for containers, and with one other than
     * kubernetes.io's, an extended resource name.
     */
    static List<Violation> resourceName(String name, String path) {
        List<Violation> out = new ArrayList<>(standardResourceName(name, path));
        boolean domainless = !name.contains("/");
        if (domainless) {
            if (!CONTAINER_RESOURCES.contains(name) && !name.startsWith(HUGE_PAGES_PREFIX)) {
                out.add(Errors.invalid(path, name, "must be a standard resource for containers"));
            }
        } else if (!isNativeResource(name) && !isExtendedResource(name)) {
            out.add(Errors.invalid(path, name, "doesn't follow extended resource name standard"));
        }
        return out;
    }

    /** {@code validateResourceName}: a qualified name; without a domain, a standard resource ({@code IsStandardResourceName}). */
    static List<Violation> standardResourceName(String name, String path) {
        List<Violation> out = Errors.invalidEach(path, name, Names.qualifiedName(name));
        if (out.isEmpty() && !name.contains("/") && !STANDARD_RESOURCES.contains(name) && !name.startsWith(HUGE_PAGES_PREFIX)
                && !name.startsWith("requests." + HUGE_PAGES_PREFIX)) {
            return List.of(Errors.invalid(path, name, "must be a standard resource type or fully qualified"));
        }
        return out;
    }

    /** {@code IsNativeResource}: no domain, or kubernetes.io's. */
    private static boolean isNativeResource(String name) {
        return !name.contains("/") || name.contains("kubernetes.io/");
    }

    /** {@code IsExtendedResourceName}: not native, not "requests."-prefixed, and a qualified name with that prefix. */
    private static boolean isExtendedResource(String name) {
        return !isNativeResource(name) && !name.startsWith("requests.") && Names.qualifiedName("requests." + name).isEmpty();
    }

    /** {@code IsOvercommitAllowed}: a native resource (no domain, or kubernetes.io's) that is not hugepages. */
    private static boolean isOvercommitAllowed(String name) {
        return isNativeResource(name) && !name.startsWith(HUGE_PAGES_PREFIX);
    }
}
