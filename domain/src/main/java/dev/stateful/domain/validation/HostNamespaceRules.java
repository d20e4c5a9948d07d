package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The pod's use of the host's ports and namespaces. {@code checkHostPortConflicts}: no two ports of the containers, or of
 * one init container (init containers run one by one), take the same host port, IP and protocol.
 * {@code validatePodHostNetworkDeps}: with hostNetwork, a container's given host
 * port is its container port (a template's may stay 0: only a pod's is defaulted to it, by {@code SetDefaults_Pod}).
 * {@code validateHostUsers}: with {@code hostUsers: false}, no hostNetwork (UserNamespacesHostNetworkSupport is alpha and
 * off in 1.36), hostPID or hostIPC, which Go names in its internal security context's spelling ({@code HostPID},
 * {@code HostIPC}), and no container with volume devices (init containers first, as {@code VisitContainersWithPath} visits
 * them). Both as on create: the API server lets only an old pod spec that had them keep them
 * ({@code AllowUserNamespacesHostNetworkSupport}, {@code AllowUserNamespacesWithVolumeDevices}).
 */
final class HostNamespaceRules {

    static final String WITHOUT_HOST_USERS = "when `hostUsers` is false";
    static final String HOST_PORT = "must match `containerPort` when `hostNetwork` is true";

    private HostNamespaceRules() {
    }

    /**
     * {@code checkHostPortConflicts} of {@code containers}, the list at {@code path}: a host port given twice for one protocol and
     * IP is a duplicate, shown as protocol/IP/port. An init container is checked alone, so Go names it as the list's first
     * ({@code initContainers[0]}), whatever its index; so do we. An absent protocol is TCP, as API defaulting fills it.
     */
    static List<Violation> hostPortConflicts(List<Json> containers, String path) {
        List<Violation> out = new ArrayList<>();
        Set<String> taken = new HashSet<>();
        for (int i = 0; i < containers.size(); i++) {
            List<Json> ports = containers.get(i).asObject().orElse(Json.EMPTY_OBJECT).array("ports");
            for (int j = 0; j < ports.size(); j++) {
                Json.Obj port = ports.get(j).asObject().orElse(Json.EMPTY_OBJECT);
                long hostPort = port.integer("hostPort").orElse(0L);
                if (hostPort == 0) {
                    continue;
                }
                String protocol = port.string("protocol").filter(p -> !p.isEmpty()).orElse("TCP");
                String key = protocol + "/" + port.string("hostIP").orElse("") + "/" + hostPort;
                if (!taken.add(key)) {
                    out.add(Errors.duplicate(path + "[" + i + "].ports[" + j + "].hostPort", key));
                }
            }
        }
        return out;
    }

    /** {@code validatePodHostNetworkDeps} of the spec at {@code path}: the containers' ports, not the init containers'. */
    static List<Violation> hostNetworkPorts(Json.Obj spec, String path) {
        List<Violation> out = new ArrayList<>();
        if (!spec.bool("hostNetwork").orElse(false)) {
            return out;
        }
        List<Json> containers = spec.array("containers");
        for (int i = 0; i < containers.size(); i++) {
            List<Json> ports = containers.get(i).asObject().orElse(Json.EMPTY_OBJECT).array("ports");
            for (int j = 0; j < ports.size(); j++) {
                Json.Obj port = ports.get(j).asObject().orElse(Json.EMPTY_OBJECT);
                long hostPort = port.integer("hostPort").orElse(0L);
                if (hostPort != 0 && hostPort != port.integer("containerPort").orElse(0L)) {
                    out.add(Errors.invalid(path + ".containers[" + i + "].ports[" + j + "].hostPort", hostPort, HOST_PORT));
                }
            }
        }
        return out;
    }

    /** {@code validateHostUsers} of the spec at {@code path}. */
    static List<Violation> hostUsers(Json.Obj spec, String path) {
        List<Violation> out = new ArrayList<>();
        if (SecurityContextRules.hostUsers(spec)) {
            return out;
        }
        for (String[] field : new String[][] {{"hostNetwork", "hostNetwork"}, {"hostPID", "HostPID"}, {"hostIPC", "HostIPC"}}) {
            if (spec.bool(field[0]).orElse(false)) {
                out.add(Errors.forbidden(path + "." + field[1], WITHOUT_HOST_USERS));
            }
        }
        for (String list : List.of("initContainers", "containers")) {
            List<Json> containers = spec.array(list);
            for (int i = 0; i < containers.size(); i++) {
                if (!containers.get(i).asObject().orElse(Json.EMPTY_OBJECT).array("volumeDevices").isEmpty()) {
                    out.add(Errors.forbidden(path + "." + list + "[" + i + "].volumeDevices", WITHOUT_HOST_USERS));
                }
            }
        }
        return out;
    }
}
