package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * The pod's use of the host's namespaces. {@code validateHostUsers}: with {@code hostUsers: false}, no container may have
 * volume devices (init containers first, as {@code VisitContainersWithPath} visits them), as on create: the API server
 * lets only an old pod spec that had both keep them ({@code AllowUserNamespacesWithVolumeDevices}).
 */
final class HostNamespaceRules {

    static final String WITHOUT_HOST_USERS = "when `hostUsers` is false";

    private HostNamespaceRules() {
    }

    /** {@code validateHostUsers} of the spec at {@code path}. */
    static List<Violation> hostUsers(Json.Obj spec, String path) {
        List<Violation> out = new ArrayList<>();
        if (SecurityContextRules.hostUsers(spec)) {
            return out;
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
