package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The pod spec's lists of names: the readiness gates' condition types ({@code validateReadinessGates}) and the
 * scheduling gates ({@code validateSchedulingGates}), both qualified names, and the host aliases
 * ({@code ValidateHostAliases}: an IP address and DNS subdomain host names).
 */
final class PodListRules {

    private PodListRules() {
    }

    /** {@code validateReadinessGates}, then {@code validateSchedulingGates}: Go names a scheduling gate by its index alone. */
    static List<Violation> gates(Json.Obj spec, String path) {
        List<Violation> out = new ArrayList<>();
        List<Json> readinessGates = spec.array("readinessGates");
        for (int i = 0; i < readinessGates.size(); i++) {
            String type = readinessGates.get(i).asObject().orElse(Json.EMPTY_OBJECT).string("conditionType").orElse("");
            out.addAll(qualifiedName(type, path + ".readinessGates[" + i + "].conditionType"));
        }
        List<Json> schedulingGates = spec.array("schedulingGates");
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < schedulingGates.size(); i++) {
            String name = schedulingGates.get(i).asObject().orElse(Json.EMPTY_OBJECT).string("name").orElse("");
            String at = path + ".schedulingGates[" + i + "]";
            out.addAll(qualifiedName(name, at));
            if (!seen.add(name)) {
                out.add(Errors.duplicate(at, name));
            }
        }
        return out;
    }

    /** {@code ValidateHostAliases}: each alias's {@code ip} as a legacy IP field, each host name a DNS subdomain. */
    static List<Violation> hostAliases(Json.Obj spec, String path) {
        List<Violation> out = new ArrayList<>();
        List<Json> aliases = spec.array("hostAliases");
        for (int i = 0; i < aliases.size(); i++) {
            Json.Obj alias = aliases.get(i).asObject().orElse(Json.EMPTY_OBJECT);
            String at = path + ".hostAliases[" + i + "]";
            String ip = alias.string("ip").orElse("");
            out.addAll(Errors.invalidEach(at + ".ip", ip, IpAddresses.legacyField(ip)));
            List<String> hostnames = alias.strings("hostnames");
            for (int j = 0; j < hostnames.size(); j++) {
                String hostname = hostnames.get(j);
                String where = at + ".hostnames[" + j + "]";
                out.addAll(Errors.invalidEach(where, hostname, Names.dns1123Subdomain(hostname)));
            }
        }
        return out;
    }

    private static List<Violation> qualifiedName(String value, String at) {
        return Errors.invalidEach(at, value, Names.qualifiedName(value));
    }
}
