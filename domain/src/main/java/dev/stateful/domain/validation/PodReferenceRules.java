package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * The names a pod spec gives itself or refers to, checked by {@code ValidatePodSpec} in two runs: before the
 * tolerations the hostname override ({@code validatePodHostName}, on by default in 1.36 with the HostnameOverride
 * gate), the service account ({@code ValidateServiceAccountName}) and the node ({@code ValidateNodeName}); after the
 * host aliases the priority class ({@code ValidatePriorityClassName}), the runtime class
 * ({@code ValidateRuntimeClassName}) and the preemption policy ({@code ValidatePreemptionPolicy}). Each name is a DNS
 * subdomain; Go checks the plain strings only when not empty, the pointers (runtime class, preemption policy,
 * hostname override) whenever given.
 */
final class PodReferenceRules {

    static final String OVERRIDE_WITH_FQDN = "may not be specified when setHostnameAsFQDN is true";
    static final String OVERRIDE_WITH_HOST_NETWORK = "may not be specified when hostNetwork is true";
    static final int MAX_HOSTNAME_OVERRIDE = 64;

    /**
     * A field checked as a DNS subdomain; the v1 field whose value it takes when left empty ("" for none), as
     * {@code Convert_v1_PodSpec_To_core_PodSpec} fills serviceAccountName from the deprecated serviceAccount; whether Go
     * checks it given empty (a pointer) or skips it.
     */
    private record SubdomainField(String name, String alias, boolean checkedWhenEmpty) {

        String value(Json.Obj spec) {
            String value = spec.string(name).orElse("");
            return value.isEmpty() && !alias.isEmpty() ? spec.string(alias).orElse("") : value;
        }

        boolean checked(Json.Obj spec) {
            return checkedWhenEmpty ? spec.has(name) : !value(spec).isEmpty();
        }
    }

    private static final List<SubdomainField> IDENTITY = List.of(new SubdomainField("serviceAccountName", "serviceAccount", false),
            new SubdomainField("nodeName", "", false));
    private static final List<SubdomainField> CLASSES = List.of(new SubdomainField("priorityClassName", "", false),
            new SubdomainField("runtimeClassName", "", true));
    /** The order Go gives them to {@code field.NotSupported}. */
    private static final List<String> PREEMPTION_POLICIES = List.of("PreemptLowerPriority", "Never");

    private PodReferenceRules() {
    }

    /** {@code validatePodHostName}, then the service account's and the node's names. */
    static List<Violation> identity(Json.Obj spec, String path) {
        List<Violation> out = new ArrayList<>(hostnameOverride(spec, path + ".hostnameOverride"));
        out.addAll(subdomains(spec, IDENTITY, path));
        return out;
    }

    /** The priority and runtime classes' names, then {@code ValidatePreemptionPolicy}. */
    static List<Violation> classes(Json.Obj spec, String path) {
        List<Violation> out = new ArrayList<>(subdomains(spec, CLASSES, path));
        if (spec.has("preemptionPolicy")) {
            String policy = spec.string("preemptionPolicy").orElse("");
            String at = path + ".preemptionPolicy";
            if (policy.isEmpty()) {
                out.add(Errors.required(at, ""));
            } else {
                out.addAll(Errors.unlessSupported(at, policy, PREEMPTION_POLICIES));
            }
        }
        return out;
    }

    /** Not with setHostnameAsFQDN nor hostNetwork, at most 64 bytes, a DNS subdomain. */
    private static List<Violation> hostnameOverride(Json.Obj spec, String at) {
        if (!spec.has("hostnameOverride")) {
            return List.of();
        }
        String override = spec.string("hostnameOverride").orElse("");
        List<Violation> out = new ArrayList<>();
        if (spec.bool("setHostnameAsFQDN").orElse(false)) {
            out.add(Errors.forbidden(at, OVERRIDE_WITH_FQDN));
        }
        if (spec.bool("hostNetwork").orElse(false)) {
            out.add(Errors.forbidden(at, OVERRIDE_WITH_HOST_NETWORK));
        }
        if (Names.byteLength(override) > MAX_HOSTNAME_OVERRIDE) {
            out.add(Errors.tooLong(at, "may not be more than " + MAX_HOSTNAME_OVERRIDE + " bytes"));
        }
        out.addAll(Errors.invalidEach(at, override, Names.dns1123Subdomain(override)));
        return out;
    }

    private static List<Violation> subdomains(Json.Obj spec, List<SubdomainField> fields, String path) {
        List<Violation> out = new ArrayList<>();
        for (SubdomainField field : fields) {
            if (field.checked(spec)) {
                String value = field.value(spec);
                out.addAll(Errors.invalidEach(path + "." + field.name(), value, Names.dns1123Subdomain(value)));
            }
        }
        return out;
    }
}
