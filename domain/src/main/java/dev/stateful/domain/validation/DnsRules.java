package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * The pod's DNS settings: {@code validateDNSPolicy} (a known policy; the API server defaults an empty one, so it
 * is checked only when given) and {@code validatePodDNSConfig}: a nameserver for {@code dnsPolicy: None}, at most
 * three nameservers, each an IP address ({@link IpAddresses}), at most 32 search paths of at most 2048 characters
 * together, each a subdomain that may hold '_' once a trailing '.' is cut (RelaxedDNSSearchValidation, GA), and
 * options with names.
 */
final class DnsRules {

    static final String DNS_NONE = "None";
    static final int MAX_NAMESERVERS = 3;
    static final int MAX_SEARCH_PATHS = 32;
    static final int MAX_SEARCH_LIST_CHARS = 2048;

    /** The policies in the order Go gives them to {@code field.NotSupported} (unsorted). */
    private static final List<String> DNS_POLICIES = List.of("ClusterFirstWithHostNet", "ClusterFirst", "Default", DNS_NONE);

    private DnsRules() {
    }

    /** {@code validateDNSPolicy} of the spec at {@code path}. */
    static List<Violation> dnsPolicy(Json.Obj spec, String path) {
        return Errors.unlessSupported(path + ".dnsPolicy", spec.string("dnsPolicy").orElse(""), DNS_POLICIES);
    }

    /** {@code validatePodDNSConfig} of the spec at {@code path}. */
    static List<Violation> dnsConfig(Json.Obj spec, String path) {
        String at = path + ".dnsConfig";
        List<Violation> out = new ArrayList<>();
        if (spec.string("dnsPolicy").orElse("").equals(DNS_NONE)) {
            if (!spec.has("dnsConfig")) {
                return List.of(Errors.required(at, "must provide `dnsConfig` when `dnsPolicy` is None"));
            }
            if (spec.objectOrEmpty("dnsConfig").array("nameservers").isEmpty()) {
                return List.of(Errors.required(at + ".nameservers", "must provide at least one DNS nameserver when `dnsPolicy` is None"));
            }
        }
        if (!spec.has("dnsConfig")) {
            return out;
        }
        Json.Obj config = spec.objectOrEmpty("dnsConfig");
        List<String> nameservers = config.strings("nameservers");
        if (nameservers.size() > MAX_NAMESERVERS) {
            out.add(Errors.invalid(at + ".nameservers", Json.from(nameservers), "must not have more than " + MAX_NAMESERVERS + " nameservers"));
        }
        for (int i = 0; i < nameservers.size(); i++) {
            String nameserver = nameservers.get(i);
            String where = at + ".nameservers[" + i + "]";
            out.addAll(Errors.invalidEach(where, nameserver, IpAddresses.legacyField(nameserver)));
        }
        List<String> searches = config.strings("searches");
        if (searches.size() > MAX_SEARCH_PATHS) {
            out.add(Errors.invalid(at + ".searches", Json.from(searches), "must not have more than " + MAX_SEARCH_PATHS + " search paths"));
        }
        if (Names.byteLength(String.join(" ", searches)) > MAX_SEARCH_LIST_CHARS) {
            out.add(Errors.invalid(at + ".searches", Json.from(searches),
                    "must not have more than " + MAX_SEARCH_LIST_CHARS + " characters (including spaces) in the search list"));
        }
        for (int i = 0; i < searches.size(); i++) {
            String search = searches.get(i);
            if (search.equals(".")) {
                continue;
            }
            String trimmed = search.endsWith(".") ? search.substring(0, search.length() - 1) : search;
            String where = at + ".searches[" + i + "]";
            out.addAll(Errors.invalidEach(where, trimmed, Names.dns1123SubdomainWithUnderscore(trimmed)));
        }
        List<Json> options = config.array("options");
        for (int i = 0; i < options.size(); i++) {
            if (options.get(i).asObject().orElse(Json.EMPTY_OBJECT).string("name").orElse("").isEmpty()) {
                out.add(Errors.required(at + ".options[" + i + "]", "must not be empty"));
            }
        }
        return out;
    }
}
