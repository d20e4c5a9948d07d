package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Of {@code ValidatePodSpec}, the volumes ({@code ValidateVolumes}: names, a source checked by {@link VolumeSourceRules}), the
 * containers and init containers ({@code validateContainers}, {@code validateInitContainers}), each with
 * {@link ContainerRules}, {@link ResizePolicyRules} and {@link SecurityContextRules} and, for a container or a sidecar, {@link LifecycleRules} and
 * {@link ProbeRules}, then the pod-level resources ({@link PodResourceRules}) and the pod's own fields
 * ({@link PodFieldRules}). 1.36 applies these to a set's template on create and on an update whose old
 * template passed them ({@code SkipValidatePodTemplateSpec}); a sync never does.
 *
 * <p>As {@code ValidateStatefulSetSpec} does, the template is validated with a volume for each claim
 * template name ({@code volumesToAddForTemplates}) placed first and replacing a pod volume of the same
 * name, so a mount may name a claim template, and a pod volume's index in the paths is its index among
 * the pod volumes kept plus the number of distinct claim template names. The claim volumes' own
 * errors are reported on the claim templates ({@code StatefulSetValidator}).
 */
final class PodSpecRules {

    static final String INIT_FIELD_FORBIDDEN = "may not be set for init containers without restartPolicy=Always";

    private static final List<String> INIT_ONLY_WITH_RESTART = List.of("lifecycle", "livenessProbe", "readinessProbe", "startupProbe");
    private static final String RESTART_ALWAYS = "Always";

    private PodSpecRules() {
    }

    /** The template's pod spec at {@code path} ("spec.template.spec"), with the set's claim template names. */
    static List<Violation> podSpec(Json.Obj spec, List<String> claimTemplateNames, String path) {
        List<Violation> out = new ArrayList<>();
        Map<String, Boolean> volumes = volumes(spec.array("volumes"), claimTemplateNames, path + ".volumes", out);
        List<Json> containers = spec.array("containers");
        OptionalLong gracePeriod = spec.integer("terminationGracePeriodSeconds").map(OptionalLong::of).orElse(OptionalLong.empty());
        boolean hostUsers = SecurityContextRules.hostUsers(spec);
        String podRestartPolicy = spec.string("restartPolicy").orElse("");
        out.addAll(containers(containers, volumes, gracePeriod, hostUsers, podRestartPolicy, path + ".containers"));
        out.addAll(initContainers(spec.array("initContainers"), containers, volumes, gracePeriod, hostUsers, podRestartPolicy,
                path + ".initContainers"));
        out.addAll(PodResourceRules.resources(spec, path));
        out.addAll(PodFieldRules.validate(spec, path));
        out.addAll(fileKeyRefVolumes(spec, claimTemplateNames, path));
        return out;
    }

    /**
     * {@code validateFileKeyRefVolumes}, last in {@code ValidatePodSpec}: a variable's fileKeyRef names an emptyDir
     * volume of the merged list, where a claim template's volume (a claim, not an emptyDir) replaces a pod
     * volume of its name. Init containers are visited first ({@code VisitContainersWithPath}).
     */
    private static List<Violation> fileKeyRefVolumes(Json.Obj spec, List<String> claimTemplateNames, String path) {
        Map<String, Boolean> emptyDirs = new HashMap<>();
        for (Json item : spec.array("volumes")) {
            Json.Obj volume = item.asObject().orElse(Json.EMPTY_OBJECT);
            emptyDirs.put(volume.string("name").orElse(""), volume.has("emptyDir"));
        }
        claimTemplateNames.forEach(name -> emptyDirs.put(name, false));
        List<Violation> out = new ArrayList<>();
        for (String list : List.of("initContainers", "containers")) {
            List<Json> containers = spec.array(list);
            for (int i = 0; i < containers.size(); i++) {
                List<Json> env = containers.get(i).asObject().orElse(Json.EMPTY_OBJECT).array("env");
                for (int j = 0; j < env.size(); j++) {
                    Optional<Json.Obj> ref = env.get(j).asObject().flatMap(e -> e.object("valueFrom")).flatMap(f -> f.object("fileKeyRef"));
                    if (ref.isEmpty()) {
                        continue;
                    }
                    String at = path + "." + list + "[" + i + "].env[" + j + "].valueFrom.fileKeyRef.volumeName";
                    String name = ref.get().string("volumeName").orElse("");
                    Boolean emptyDir = emptyDirs.get(name);
                    if (emptyDir == null) {
                        out.add(Errors.notFound(at, name));
                    } else if (!emptyDir) {
                        out.add(Errors.invalid(at, name, "referenced volume must be of type emptyDir"));
                    }
                }
            }
        }
        return out;
    }

    /**
     * {@code ValidateVolumes} over the merged list; returns the volumes a mount or device may use, each name to
     * whether it is a claim (a claim template's, or a persistentVolumeClaim or ephemeral source): only a volume
     * without errors counts, so a mount of a badly named volume is also not found, as upstream.
     */
    private static Map<String, Boolean> volumes(List<Json> podVolumes, List<String> claimTemplateNames, String path, List<Violation> out) {
        Set<String> claimVolumes = new LinkedHashSet<>(claimTemplateNames);
        Map<String, Boolean> valid = new HashMap<>();
        for (String name : claimVolumes) {
            if (!name.isEmpty() && Names.dns1123Label(name).isEmpty()) {
                valid.put(name, true);
            }
        }
        Set<String> seen = new HashSet<>();
        int index = claimVolumes.size();
        for (Json item : podVolumes) {
            Json.Obj volume = item.asObject().orElse(Json.EMPTY_OBJECT);
            String name = volume.string("name").orElse("");
            if (claimVolumes.contains(name)) {
                continue;
            }
            String at = path + "[" + index++ + "]";
            List<Violation> errors = new ArrayList<>(VolumeSourceRules.source(volume, at));
            if (name.isEmpty()) {
                errors.add(Errors.required(at + ".name", ""));
            } else {
                errors.addAll(Errors.invalidEach(at + ".name", name, Names.dns1123Label(name)));
            }
            if (seen.contains(name)) {
                errors.add(Errors.duplicate(at + ".name", name));
            }
            if (errors.isEmpty()) {
                seen.add(name);
                valid.put(name, volume.has("persistentVolumeClaim") || volume.has("ephemeral"));
            }
            out.addAll(errors);
        }
        return valid;
    }

    /**
     * {@code validateContainers}: at least one; names unique among the containers (an empty name too); the lifecycle, probes
     * and restart policy ({@link ContainerRestartRules});
     * host ports unique across the containers.
     */
    private static List<Violation> containers(List<Json> containers, Map<String, Boolean> volumes, OptionalLong gracePeriod, boolean hostUsers,
            String podRestartPolicy, String path) {
        if (containers.isEmpty()) {
            return List.of(Errors.required(path, ""));
        }
        List<Violation> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < containers.size(); i++) {
            String at = path + "[" + i + "]";
            Json.Obj container = containers.get(i).asObject().orElse(Json.EMPTY_OBJECT);
            out.addAll(ContainerRules.common(container, volumes, at));
            out.addAll(ResizePolicyRules.resizePolicy(container, podRestartPolicy, at));
            out.addAll(SecurityContextRules.container(container, hostUsers, at));
            String name = container.string("name").orElse("");
            if (!names.add(name)) {
                out.add(Errors.duplicate(at + ".name", name));
            }
            out.addAll(LifecycleRules.lifecycle(container, gracePeriod, at));
            out.addAll(ProbeRules.probes(container, at));
            out.addAll(ContainerRestartRules.container(container, at));
        }
        out.addAll(HostNamespaceRules.hostPortConflicts(containers, path));
        return out;
    }

    /**
     * {@code validateInitContainers}: the common checks; the restart policy ({@link ContainerRestartRules}); a name unique among the containers and the init
     * containers before it; host ports unique in the container; lifecycle and probes only for a sidecar
     * ({@code restartPolicy: Always}), whose lifecycle and probes are checked as a container's; no resize that restarts
     * an init container that is not a sidecar.
     */
    private static List<Violation> initContainers(List<Json> initContainers, List<Json> containers, Map<String, Boolean> volumes,
            OptionalLong gracePeriod, boolean hostUsers, String podRestartPolicy, String path) {
        List<Violation> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        containers.forEach(c -> names.add(c.asObject().orElse(Json.EMPTY_OBJECT).string("name").orElse("")));
        for (int i = 0; i < initContainers.size(); i++) {
            String at = path + "[" + i + "]";
            Json.Obj container = initContainers.get(i).asObject().orElse(Json.EMPTY_OBJECT);
            out.addAll(ContainerRules.common(container, volumes, at));
            out.addAll(ResizePolicyRules.resizePolicy(container, podRestartPolicy, at));
            out.addAll(SecurityContextRules.container(container, hostUsers, at));
            out.addAll(ContainerRestartRules.initContainer(container, at));
            String name = container.string("name").orElse("");
            if (names.contains(name)) {
                out.add(Errors.duplicate(at + ".name", name));
            } else if (!name.isEmpty()) {
                names.add(name);
            }
            out.addAll(HostNamespaceRules.hostPortConflicts(List.of(container), path));
            if (container.string("restartPolicy").map(RESTART_ALWAYS::equals).orElse(false)) {
                out.addAll(LifecycleRules.lifecycle(container, gracePeriod, at));
                out.addAll(ProbeRules.probes(container, at));
            } else {
                for (String field : INIT_ONLY_WITH_RESTART) {
                    if (container.has(field)) {
                        out.add(Errors.forbidden(at + "." + field, INIT_FIELD_FORBIDDEN));
                    }
                }
                out.addAll(ResizePolicyRules.nonSidecar(container, at));
            }
        }
        return out;
    }
}
