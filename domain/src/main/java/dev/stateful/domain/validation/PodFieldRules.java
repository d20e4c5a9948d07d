package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * The pod spec's own fields {@code ValidatePodSpec} checks after the containers, in its order: the host ports with
 * hostNetwork ({@code validatePodHostNetworkDeps}, {@link HostNamespaceRules}), the restart and DNS policies
 * ({@code validateRestartPolicy}, {@code validateDNSPolicy}), the node selector's labels, the security context
 * ({@code validatePodSpecSecurityContext}, {@link SecurityContextRules}), the affinity ({@code validateAffinity},
 * {@link AffinityRules}), the DNS config ({@code validatePodDNSConfig}; both DNS checks in {@link DnsRules}), the
 * readiness and scheduling gates ({@link PodListRules}), the topology spread constraints
 * ({@code validateTopologySpreadConstraints}, {@link TopologySpreadRules}), the host process containers
 * ({@code validateWindowsHostProcessPod}, {@link WindowsRules}), the host namespaces with
 * {@code hostUsers: false} ({@code validateHostUsers}), the hostname override, service account and node names
 * ({@link PodReferenceRules}), the tolerations ({@code ValidateTolerations}), the host aliases ({@link PodListRules}),
 * the priority and runtime classes and the preemption policy ({@link PodReferenceRules}), the overhead
 * ({@code validateOverhead}), the os and the fields it forbids ({@link OsRules}). Policies the API server defaults are
 * checked only when given. The hostname and subdomain are not checked: {@code ValidateStatefulSetSpec} blanks them
 * before validating the template, as the controller overwrites them. Upstream has no rule on a negative
 * terminationGracePeriodSeconds for a template (a pod's is raised to 1 by the pod strategy), so neither do we. Image
 * pull secrets need no check: {@code validateImagePullSecrets} only refuses fields besides the name, which a decoded
 * reference cannot have.
 */
final class PodFieldRules {

    static final String KEYLESS_OPERATOR = "operator must be Exists when `key` is empty, which means \"match all values and all keys\"";
    static final String SECONDS_NEED_NO_EXECUTE = "effect must be 'NoExecute' when `tolerationSeconds` is set";
    static final String EXISTS_WITH_VALUE = "value must be empty when `operator` is 'Exists'";

    /** The lists in the order Go gives them to {@code field.NotSupported} (unsorted). */
    private static final List<String> RESTART_POLICIES = List.of("Always", "OnFailure", "Never");
    private static final List<String> EFFECTS = List.of("NoSchedule", "PreferNoSchedule", "NoExecute");
    private static final List<String> OPERATORS = List.of("Equal", "Exists");
    /** TaintTolerationComparisonOperators is alpha and off in 1.36: Lt and Gt are refused, with a list that names them. */
    private static final List<String> OPERATORS_WITH_COMPARISONS = List.of("Equal", "Exists", "Lt", "Gt");

    private PodFieldRules() {
    }

    static List<Violation> validate(Json.Obj spec, String path) {
        List<Violation> out = new ArrayList<>(HostNamespaceRules.hostNetworkPorts(spec, path));
        out.addAll(Errors.unlessSupported(path + ".restartPolicy", spec.string("restartPolicy").orElse(""), RESTART_POLICIES));
        out.addAll(DnsRules.dnsPolicy(spec, path));
        out.addAll(MetaRules.labels(spec.stringMap("nodeSelector"), path + ".nodeSelector"));
        out.addAll(SecurityContextRules.pod(spec, path));
        out.addAll(AffinityRules.affinity(spec, path));
        out.addAll(DnsRules.dnsConfig(spec, path));
        out.addAll(PodListRules.gates(spec, path));
        out.addAll(TopologySpreadRules.topologySpreadConstraints(spec, path));
        out.addAll(WindowsRules.hostProcess(spec, path));
        out.addAll(HostNamespaceRules.hostUsers(spec, path));
        out.addAll(PodReferenceRules.identity(spec, path));
        out.addAll(tolerations(spec.array("tolerations"), path + ".tolerations"));
        out.addAll(PodListRules.hostAliases(spec, path));
        out.addAll(PodReferenceRules.classes(spec, path));
        // validateOverhead: the overhead checked as a container's limits would be
        out.addAll(ContainerRules.resources(Json.object("limits", spec.objectOrEmpty("overhead")), path + ".overhead"));
        out.addAll(OsRules.os(spec, path));
        return out;
    }

    /**
     * {@code ValidateTolerations}: a key that is a label key (none only with Exists), tolerationSeconds only with
     * NoExecute, a value that is a label value for Equal (on the operator's path, as Go names it) and none for
     * Exists, a known effect.
     */
    private static List<Violation> tolerations(List<Json> tolerations, String path) {
        List<Violation> out = new ArrayList<>();
        for (int i = 0; i < tolerations.size(); i++) {
            String at = path + "[" + i + "]";
            Json.Obj toleration = tolerations.get(i).asObject().orElse(Json.EMPTY_OBJECT);
            String key = toleration.string("key").orElse("");
            String operator = toleration.string("operator").orElse("");
            String value = toleration.string("value").orElse("");
            String effect = toleration.string("effect").orElse("");
            if (!key.isEmpty()) {
                out.addAll(Errors.invalidEach(at + ".key", key, Names.qualifiedName(key)));
            }
            if (key.isEmpty() && !operator.equals("Exists")) {
                out.add(Errors.invalid(at + ".operator", operator, KEYLESS_OPERATOR));
            }
            if (toleration.has("tolerationSeconds") && !effect.equals("NoExecute")) {
                out.add(Errors.invalid(at + ".effect", effect, SECONDS_NEED_NO_EXECUTE));
            }
            switch (operator) {
                case "", "Equal" -> {
                    List<String> problems = Names.labelValue(value);
                    if (!problems.isEmpty()) {
                        out.add(Errors.invalid(at + ".operator", value, String.join(";", problems)));
                    }
                }
                case "Exists" -> {
                    if (!value.isEmpty()) {
                        out.add(Errors.invalid(at + ".operator", value, EXISTS_WITH_VALUE));
                    }
                }
                case "Lt", "Gt" -> out.add(Errors.notSupported(at + ".operator", operator, OPERATORS_WITH_COMPARISONS.toArray(String[]::new)));
                default -> out.add(Errors.notSupported(at + ".operator", operator, OPERATORS.toArray(String[]::new)));
            }
            out.addAll(Errors.unlessSupported(at + ".effect", effect, EFFECTS));
        }
        return out;
    }
}
