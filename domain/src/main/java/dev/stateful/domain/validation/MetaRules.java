package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Label and annotation rules shared by object metadata and the pod template. Go iterates maps in
 * random order; we iterate keys sorted so that the reported order is stable.
 */
final class MetaRules {

    /** {@code TotalAnnotationSizeLimitB}: keys plus values of all annotations, in bytes. */
    static final int TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

    static final String MIRROR_POD = "kubernetes.io/config.mirror";
    static final String POD_DELETION_COST = "controller.kubernetes.io/pod-deletion-cost";
    static final String SECCOMP_POD = "seccomp.security.alpha.kubernetes.io/pod";
    static final String SECCOMP_CONTAINER_PREFIX = "container.seccomp.security.alpha.kubernetes.io/";
    static final String APPARMOR_CONTAINER_PREFIX = "container.apparmor.security.beta.kubernetes.io/";

    private static final Pattern SIGNED_DIGITS = Pattern.compile("[-+]?[0-9]+");

    private MetaRules() {
    }

    /** {@code ValidateLabels}: every key a qualified name, every value a label value; errors on the map's path. */
    static List<Violation> labels(Map<String, String> labels, String path) {
        List<Violation> out = new ArrayList<>();
        new TreeMap<>(labels).forEach((key, value) -> {
            out.addAll(Errors.invalidEach(path, key, Names.qualifiedName(key)));
            out.addAll(Errors.invalidEach(path, value, Names.labelValue(value)));
        });
        return out;
    }

    /** {@code ValidateAnnotations}: keys are qualified names ignoring case; the total size is capped. */
    static List<Violation> annotations(Map<String, String> annotations, String path) {
        List<Violation> out = new ArrayList<>();
        long total = 0;
        for (Map.Entry<String, String> e : new TreeMap<>(annotations).entrySet()) {
            out.addAll(Errors.invalidEach(path, e.getKey(), Names.qualifiedName(e.getKey().toLowerCase(Locale.ROOT))));
            total += Names.byteLength(e.getKey()) + Names.byteLength(e.getValue());
        }
        if (total > TOTAL_ANNOTATION_SIZE_LIMIT) {
            out.add(Errors.tooLong(path, "may not be more than " + TOTAL_ANNOTATION_SIZE_LIMIT + " bytes"));
        }
        return out;
    }

    /**
     * {@code ValidatePodSpecificAnnotations} for a pod template: mirror-pod, deletion-cost, seccomp
     * and AppArmor annotations. The legacy tolerations annotation is not checked (see report).
     */
    static List<Violation> podAnnotations(Map<String, String> annotations, Json.Obj podSpec, String path) {
        List<Violation> out = new ArrayList<>();
        if (annotations.containsKey(MIRROR_POD) && podSpec.string("nodeName").orElse("").isEmpty()) {
            out.add(Errors.invalid(key(path, MIRROR_POD), annotations.get(MIRROR_POD), "must set spec.nodeName if mirror pod annotation is set"));
        }
        if (annotations.containsKey(POD_DELETION_COST) && !isInt32(annotations.get(POD_DELETION_COST))) {
            out.add(Errors.invalid(key(path, POD_DELETION_COST), annotations.get(POD_DELETION_COST), "must be a 32bit integer"));
        }
        if (annotations.containsKey(SECCOMP_POD)) {
            out.addAll(seccompProfile(annotations.get(SECCOMP_POD), path + "." + SECCOMP_POD));
        }
        new TreeMap<>(annotations).forEach((k, v) -> {
            if (k.startsWith(SECCOMP_CONTAINER_PREFIX)) {
                out.addAll(seccompProfile(v, path + "." + k));
            }
        });
        Set<String> containers = containerNames(podSpec);
        new TreeMap<>(annotations).forEach((k, v) -> {
            if (k.startsWith(APPARMOR_CONTAINER_PREFIX)) {
                String container = k.substring(APPARMOR_CONTAINER_PREFIX.length());
                if (!containers.contains(container)) {
                    out.add(Errors.invalid(key(path, k), container, "container not found"));
                }
                if (!validAppArmorProfile(v)) {
                    out.add(Errors.invalid(key(path, k), v, "invalid AppArmor profile name: " + Errors.quote(v)));
                }
            }
        });
        return out;
    }

    /** {@code field.Path.Key}: map keys are shown in brackets. */
    static String key(String path, String key) {
        return path + "[" + key + "]";
    }

    /** {@code GetDeletionCostFromPodAnnotations}: no '+' sign, no leading zeros, fits in int32. */
    private static boolean isInt32(String value) {
        if (value.isEmpty() || value.startsWith("+") || (value.startsWith("0") && !value.equals("0")) || !SIGNED_DIGITS.matcher(value).matches()) {
            return false;
        }
        try {
            Integer.parseInt(value);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** {@code ValidateSeccompProfile}: runtime/docker default, unconfined, or a relative localhost path. */
    private static List<Violation> seccompProfile(String profile, String path) {
        if (profile.equals("runtime/default") || profile.equals("docker/default") || profile.equals("unconfined")) {
            return List.of();
        }
        if (!profile.startsWith("localhost/")) {
            return List.of(Errors.invalid(path, profile, "must be a valid seccomp profile"));
        }
        return ContainerRules.localDescendingPath(profile.substring("localhost/".length()), path);
    }

    private static boolean validAppArmorProfile(String profile) {
        return profile.isEmpty() || profile.equals("runtime/default") || profile.equals("unconfined") || profile.startsWith("localhost/");
    }

    private static Set<String> containerNames(Json.Obj podSpec) {
        Set<String> names = new TreeSet<>();
        for (String list : List.of("initContainers", "containers", "ephemeralContainers")) {
            for (Json item : podSpec.array(list)) {
                item.asObject().flatMap(c -> c.string("name")).ifPresent(names::add);
            }
        }
        return names;
    }
}
