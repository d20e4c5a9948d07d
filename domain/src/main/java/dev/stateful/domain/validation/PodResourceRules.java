package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.quantity.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The pod-level {@code resources} ({@code validatePodResources}; PodLevelResources is on by default in 1.36), after the
 * containers in {@code ValidatePodSpec}: none for a windows pod; no claims; the requirements as a container's, each name
 * cpu, memory or hugepages ({@code validatePodResourceName}); then {@code validatePodResourceConsistency}: each pod-level
 * request at least the containers' aggregate request ({@code AggregateContainerRequests}: the containers and sidecars
 * summed, at least the largest need of an init container while it runs), a pod-level hugepages limit at least their
 * aggregate limit, and each container's limit (init containers aside) at most the pod's. Go ranges over the maps in
 * random order; names are taken sorted here. Quantities print as {@code Quantity.String}: a sum forgets its spelling and
 * keeps the format of its first non-zero term ({@code Quantity.Add}). The names in {@code claims} are not compared with
 * {@code resourceClaims} (left to the API server with the resource claims).
 */
final class PodResourceRules {

    static final String WINDOWS = "may not be set for a windows pod";
    static final String CLAIMS = "claims may not be set for Resources at pod-level";
    private static final String RESTART_ALWAYS = "Always";

    private PodResourceRules() {
    }

    static List<Violation> resources(Json.Obj spec, String path) {
        if (!spec.has("resources")) {
            return List.of();
        }
        String at = path + ".resources";
        if (OsRules.isWindows(spec)) {
            return List.of(Errors.forbidden(at, WINDOWS));
        }
        Json.Obj resources = spec.objectOrEmpty("resources");
        List<Violation> out = new ArrayList<>();
        if (resources.has("claims")) {
            out.add(Errors.forbidden(at + ".claims", CLAIMS));
        }
        out.addAll(ContainerRules.resources(resources, at, PodResourceRules::resourceName));
        out.addAll(consistency(spec, resources, at));
        return out;
    }

    /** {@code validatePodResourceName}: {@code validateResourceName}, and only then cpu, memory or hugepages. */
    private static List<Violation> resourceName(String name, String path) {
        List<Violation> out = ContainerRules.standardResourceName(name, path);
        if (out.isEmpty() && !name.equals("cpu") && !name.equals("memory") && !name.startsWith(ContainerRules.HUGE_PAGES_PREFIX)) {
            return List.of(Errors.notSupported(path, name, "cpu", ContainerRules.HUGE_PAGES_PREFIX, "memory"));
        }
        return out;
    }

    /** {@code validatePodResourceConsistency}. */
    private static List<Violation> consistency(Json.Obj spec, Json.Obj resources, String path) {
        Map<String, Quantity> podRequests = ContainerRules.quantities(resources.objectOrEmpty("requests"));
        Map<String, Quantity> podLimits = ContainerRules.quantities(resources.objectOrEmpty("limits"));
        List<Violation> out = new ArrayList<>();
        aggregate(spec, "requests").forEach((name, containers) -> {
            Quantity pod = podRequests.get(name);
            if (pod != null && containers.compareTo(pod) > 0) {
                out.add(Errors.invalid(path + ".requests[" + name + "]", pod.canonical(),
                        "must be greater than or equal to aggregate container requests of " + containers.canonical()));
            }
        });
        aggregate(spec, "limits").forEach((name, containers) -> {
            Quantity pod = podLimits.get(name);
            if (name.startsWith(ContainerRules.HUGE_PAGES_PREFIX) && pod != null && containers.compareTo(pod) > 0) {
                out.add(Errors.invalid(path + ".limits[" + name + "]", pod.canonical(),
                        "must be greater than or equal to aggregate container limits of " + containers.canonical()));
            }
        });
        List<Json> containers = spec.array("containers");
        for (int i = 0; i < containers.size(); i++) {
            String at = path + ".containers[" + i + "]";
            of(containers.get(i), "limits").forEach((name, limit) -> {
                Quantity pod = podLimits.get(name);
                if (pod != null && limit.compareTo(pod) > 0) {
                    out.add(Errors.invalid(at + "[" + name + "].limits", limit.canonical(),
                            "must be less than or equal to pod limits of " + pod.canonical()));
                }
            });
        }
        return out;
    }

    /**
     * {@code AggregateContainerRequests} or {@code AggregateContainerLimits} ({@code list}): the containers' and sidecars'
     * summed, raised to the most any init container needs while it runs (its own plus the sidecars started before it).
     */
    private static Map<String, Quantity> aggregate(Json.Obj spec, String list) {
        Map<String, Quantity> total = new TreeMap<>();
        spec.array("containers").forEach(container -> add(total, of(container, list)));
        Map<String, Quantity> sidecars = new TreeMap<>();
        Map<String, Quantity> initMax = new TreeMap<>();
        for (Json item : spec.array("initContainers")) {
            Map<String, Quantity> own = of(item, list);
            Map<String, Quantity> running;
            if (item.asObject().orElse(Json.EMPTY_OBJECT).string("restartPolicy").map(RESTART_ALWAYS::equals).orElse(false)) {
                add(total, own);
                add(sidecars, own);
                running = sidecars;
            } else {
                running = new TreeMap<>();
                add(running, own);
                add(running, sidecars);
            }
            max(initMax, running);
        }
        max(total, initMax);
        return total;
    }

    private static Map<String, Quantity> of(Json container, String list) {
        return ContainerRules.quantities(container.asObject().orElse(Json.EMPTY_OBJECT).objectOrEmpty("resources").objectOrEmpty(list));
    }

    /** {@code addResourceList}: a new name keeps its quantity as it is (spelling too), a known one is summed. */
    private static void add(Map<String, Quantity> list, Map<String, Quantity> more) {
        more.forEach((name, quantity) -> list.merge(name, quantity, Quantity::plus));
    }

    /** {@code maxResourceList}: each name's greater quantity, the earlier one on a tie. */
    private static void max(Map<String, Quantity> list, Map<String, Quantity> more) {
        more.forEach((name, quantity) -> list.merge(name, quantity, (old, candidate) -> candidate.compareTo(old) > 0 ? candidate : old));
    }
}
