package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code validateSysctls} of the pod's security context: each sysctl has a name ({@code IsValidSysctlName}), given once, and,
 * as on create ({@code AllowNamespacedSysctlsForHostNetAndHostIPC} holds only for an old pod spec that had one),
 * none of the network namespace with hostNetwork or of the IPC namespace with hostIPC ({@code ValidateHostSysctl}).
 * Whether the kubelet allows a sysctl is the node's policy, not the API server's.
 */
final class SysctlRules {

    static final int MAX_LENGTH = 253;
    /** {@code SysctlContainSlashFmt}: segments joined by '.' or '/'; Go prints its regexp anchored. */
    static final String NAME_REGEX = "([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?";
    static final String NAME_ERROR = "must have at most " + MAX_LENGTH + " characters and match regex ^" + NAME_REGEX + "$";

    private static final Pattern NAME = Pattern.compile(NAME_REGEX);
    private static final String NET = "Net";
    private static final String IPC = "IPC";
    /** {@code nameToNamespace}: the IPC sysctls known by their whole name. */
    private static final Set<String> IPC_NAMES = Set.of("kernel.sem", "kernel.shmall", "kernel.shmmax", "kernel.shmmni",
            "kernel.shm_rmid_forced", "kernel.shm", "kernel.msgmax", "kernel.msgmnb", "kernel.msgmni", "kernel.msg");
    /** {@code prefixToNamespace}: the namespaced sysctls known by a prefix before a '.'. */
    private static final Map<String, String> PREFIXES = Map.of("net", NET, "fs.mqueue", IPC);

    private SysctlRules() {
    }

    /** {@code validateSysctls} of the spec at {@code path} ("...spec"), whose hostNetwork and hostIPC it reads. */
    static List<Violation> sysctls(Json.Obj spec, String path) {
        List<Violation> out = new ArrayList<>();
        List<Json> sysctls = spec.objectOrEmpty("securityContext").array("sysctls");
        boolean hostNetwork = spec.bool("hostNetwork").orElse(false);
        boolean hostIpc = spec.bool("hostIPC").orElse(false);
        Set<String> names = new HashSet<>();
        for (int i = 0; i < sysctls.size(); i++) {
            String at = path + ".securityContext.sysctls[" + i + "].name";
            String name = sysctls.get(i).asObject().orElse(Json.EMPTY_OBJECT).string("name").orElse("");
            if (name.isEmpty()) {
                out.add(Errors.required(at, ""));
            } else if (Names.byteLength(name) > MAX_LENGTH || !NAME.matcher(name).matches()) {
                out.add(Errors.invalid(at, name, NAME_ERROR));
            } else if (names.contains(name)) {
                out.add(Errors.duplicate(at, name));
            }
            String namespace = namespace(name);
            if (hostNetwork && namespace.equals(NET)) {
                out.add(Errors.invalid(at, name, "may not be specified when 'hostNetwork' is true"));
            } else if (hostIpc && namespace.equals(IPC)) {
                out.add(Errors.invalid(at, name, "may not be specified when 'hostIPC' is true"));
            }
            names.add(name);
        }
        return out;
    }

    /** {@code GetNamespace}: of the name {@code NormalizeName} gives, up to a first '*', "Net", "IPC" or "" when not known. */
    static String namespace(String sysctl) {
        String name = normalize(sysctl);
        int star = name.indexOf('*');
        if (star >= 0) {
            name = name.substring(0, star);
        }
        if (IPC_NAMES.contains(name)) {
            return IPC;
        }
        for (Map.Entry<String, String> prefix : PREFIXES.entrySet()) {
            if (name.startsWith(prefix.getKey() + ".")) {
                return prefix.getValue();
            }
        }
        return "";
    }

    /** {@code NormalizeName}: a name whose first separator is '/' has its '.' and '/' swapped. */
    private static String normalize(String name) {
        int dot = name.indexOf('.');
        int slash = name.indexOf('/');
        if (slash < 0 || (dot >= 0 && dot < slash)) {
            return name;
        }
        StringBuilder out = new StringBuilder(name.length());
        for (char c : name.toCharArray()) {
            out.append(c == '.' ? '/' : c == '/' ? '.' : c);
        }
        return out.toString();
    }
}
