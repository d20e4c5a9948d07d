package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The pod's {@code os} ({@code validateOS}, near the end of {@code ValidatePodSpec}): a name, linux or windows; then,
 * only for a valid one, the fields that OS cannot use: {@code validateLinux} forbids Windows options,
 * {@code validateWindows} the Linux-only settings of the pod and of each container (init containers first, as
 * {@code VisitContainersWithPath} visits them). The pod's host namespace and process sharing fields are in its security
 * context in the internal type, so Go checks them there but names them at the pod spec.
 */
final class OsRules {

    static final String WINDOWS_OPTIONS_ON_LINUX = "windows options cannot be set for a linux pod";
    static final String NOT_ON_WINDOWS = "cannot be set for a windows pod";

    /** Sorted, as Go's {@code sets.List} gives them to {@code field.NotSupported}. */
    private static final List<String> OPERATING_SYSTEMS = List.of("linux", "windows");

    /** A field a windows pod may not set: where it is read from, the path Go names, and what counts as set. */
    private record Forbidden(String parent, String field, String named, Predicate<Json> set) {
    }

    private static final Predicate<Json> GIVEN = value -> value != Json.Null.INSTANCE;
    private static final Predicate<Json> TRUE = value -> value instanceof Json.Bool b && b.value();
    private static final Predicate<Json> NOT_EMPTY = value -> value.asArray().map(a -> !a.items().isEmpty()).orElse(false);

    /** In {@code validateWindows}' order; a parent of "" is the pod spec itself. */
    private static final List<Forbidden> WINDOWS_POD = List.of(
            context("appArmorProfile", GIVEN), context("seLinuxOptions", GIVEN),
            new Forbidden("", "hostUsers", "hostUsers", GIVEN), new Forbidden("", "hostPID", "hostPID", TRUE),
            new Forbidden("", "hostIPC", "hostIPC", TRUE), context("seccompProfile", GIVEN), context("fsGroup", GIVEN),
            context("fsGroupChangePolicy", GIVEN), context("sysctls", NOT_EMPTY),
            new Forbidden("", "shareProcessNamespace", "shareProcessNamespace", GIVEN), context("runAsUser", GIVEN),
            context("runAsGroup", GIVEN), context("supplementalGroups", GIVEN), context("supplementalGroupsPolicy", GIVEN),
            context("seLinuxChangePolicy", GIVEN));
    private static final List<Forbidden> WINDOWS_CONTAINER = List.of("appArmorProfile", "seLinuxOptions", "seccompProfile", "capabilities",
            "readOnlyRootFilesystem", "privileged", "allowPrivilegeEscalation", "procMount", "runAsUser", "runAsGroup").stream()
            .map(field -> context(field, GIVEN)).toList();

    private OsRules() {
    }

    /** Whether the pod spec names windows as its {@code os} (what {@code ValidatePodSpec}'s windows-only rules ask). */
    static boolean isWindows(Json.Obj spec) {
        return spec.objectOrEmpty("os").string("name").map("windows"::equals).orElse(false);
    }

    static List<Violation> os(Json.Obj spec, String path) {
        if (!spec.has("os")) {
            return List.of();
        }
        String name = spec.objectOrEmpty("os").string("name").orElse("");
        if (name.isEmpty()) {
            return List.of(Errors.required(path + ".os.name", ""));
        }
        if (!OPERATING_SYSTEMS.contains(name)) {
            return List.of(Errors.notSupported(path + ".os", name, OPERATING_SYSTEMS.toArray(String[]::new)));
        }
        return name.equals("linux") ? linux(spec, path) : windows(spec, path);
    }

    /** {@code validateLinux}: no Windows options in the pod's or a container's security context. */
    private static List<Violation> linux(Json.Obj spec, String path) {
        Forbidden windowsOptions = context("windowsOptions", GIVEN);
        List<Violation> out = new ArrayList<>(forbidden(spec, List.of(windowsOptions), path, WINDOWS_OPTIONS_ON_LINUX));
        forEachContainer(spec, path, (container, at) -> out.addAll(forbidden(container, List.of(windowsOptions), at, WINDOWS_OPTIONS_ON_LINUX)));
        return out;
    }

    /** {@code validateWindows}: the pod's fields, then each container's security context. */
    private static List<Violation> windows(Json.Obj spec, String path) {
        List<Violation> out = new ArrayList<>(forbidden(spec, WINDOWS_POD, path, NOT_ON_WINDOWS));
        forEachContainer(spec, path, (container, at) -> out.addAll(forbidden(container, WINDOWS_CONTAINER, at, NOT_ON_WINDOWS)));
        return out;
    }

    private static Forbidden context(String field, Predicate<Json> set) {
        return new Forbidden("securityContext", field, "securityContext." + field, set);
    }

    private static List<Violation> forbidden(Json.Obj owner, List<Forbidden> fields, String path, String detail) {
        List<Violation> out = new ArrayList<>();
        for (Forbidden field : fields) {
            Json.Obj parent = field.parent().isEmpty() ? owner : owner.objectOrEmpty(field.parent());
            if (parent.get(field.field()).map(field.set()::test).orElse(false)) {
                out.add(Errors.forbidden(path + "." + field.named(), detail));
            }
        }
        return out;
    }

    interface ContainerVisitor {
        void visit(Json.Obj container, String path);
    }

    /** {@code VisitContainersWithPath}: init containers, then containers. */
    static void forEachContainer(Json.Obj spec, String path, ContainerVisitor visitor) {
        for (String list : List.of("initContainers", "containers")) {
            List<Json> containers = spec.array(list);
            for (int i = 0; i < containers.size(); i++) {
                visitor.visit(containers.get(i).asObject().orElse(Json.EMPTY_OBJECT), path + "." + list + "[" + i + "]");
            }
        }
    }
}
