package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code ValidatePersistentVolumeClaimSpec} of a claim spec as the set's claim templates ({@code validateVolumeClaimTemplates})
 * and an ephemeral volume's claim template ({@code ValidatePersistentVolumeClaimTemplate}) give it, with the options both
 * use on create: strict selector values, no data source API group tolerated, volume attributes classes checked (their gate
 * is locked on in 1.36).
 */
final class ClaimSpecRules {

    private static final String READ_WRITE_ONCE_POD = "ReadWriteOncePod";
    /** {@code supportedAccessModes}, sorted as upstream lists them ({@code sets.List}). */
    private static final List<String> ACCESS_MODES = List.of("ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", READ_WRITE_ONCE_POD);
    /** {@code supportedVolumeModes}, sorted. */
    private static final List<String> VOLUME_MODES = List.of("Block", "Filesystem");
    private static final String CLAIM_KIND = "PersistentVolumeClaim";

    private ClaimSpecRules() {
    }

    /**
     * The claim spec at {@code path}: at least one known access mode, ReadWriteOncePod alone, a valid selector, a storage
     * request above zero, class names that are DNS subdomains, a known volume mode, valid data sources that agree.
     */
    static List<Violation> spec(Json.Obj spec, String path) {
        List<Violation> out = new ArrayList<>();
        List<Json> modes = spec.array("accessModes");
        if (modes.isEmpty()) {
            out.add(Errors.required(path + ".accessModes", "at least 1 access mode is required"));
        }
        spec.object("selector").ifPresent(selector -> out.addAll(SelectorRules.selector(selector, path + ".selector")));
        boolean readWriteOncePod = false;
        boolean other = false;
        for (Json mode : modes) {
            String value = mode.asString().orElse("");
            if (!ACCESS_MODES.contains(value)) {
                out.add(Errors.notSupported(path + ".accessModes", value, ACCESS_MODES.toArray(String[]::new)));
            } else if (value.equals(READ_WRITE_ONCE_POD)) {
                readWriteOncePod = true;
            } else {
                other = true;
            }
        }
        if (readWriteOncePod && other) {
            out.add(Errors.forbidden(path + ".accessModes", "may not use ReadWriteOncePod with other access modes"));
        }
        String storagePath = path + ".resources[storage]";
        Json.Obj requests = spec.objectOrEmpty("resources").objectOrEmpty("requests");
        if (requests.get("storage").isEmpty()) {
            out.add(Errors.required(storagePath, ""));
        } else {
            // ValidatePositiveQuantityValue shows Quantity.String of the defaulted request (a resource list's, rounded to milli)
            Quantities.parse(requests.get("storage").orElseThrow()).filter(q -> q.signum() <= 0)
                    .ifPresent(q -> out.add(Errors.invalid(storagePath, q.canonical(), "must be greater than zero")));
        }
        out.addAll(className(spec, "storageClassName", path));
        spec.string("volumeMode").filter(mode -> !VOLUME_MODES.contains(mode)).ifPresent(mode ->
                out.add(Errors.notSupported(path + ".volumeMode", mode, VOLUME_MODES.toArray(String[]::new))));
        out.addAll(dataSources(spec, path));
        out.addAll(className(spec, "volumeAttributesClassName", path));
        return out;
    }

    /** {@code ValidateClassName} of a class name, if given: a DNS subdomain. */
    private static List<Violation> className(Json.Obj spec, String field, String path) {
        String name = spec.string(field).orElse("");
        List<Violation> out = new ArrayList<>();
        if (!name.isEmpty()) {
            out.addAll(Errors.invalidEach(path + "." + field, name, Names.dns1123Subdomain(name)));
        }
        return out;
    }

    /**
     * {@code validateDataSource} and {@code validateDataSourceRef}, then the two compared: a dataSource beside a
     * dataSourceRef of a namespace, or one that differs from the dataSourceRef (API groups compared as Go's pointers), is
     * refused on the spec's path, its value the dataSource's path, which Go prints as {@code {}}.
     */
    private static List<Violation> dataSources(Json.Obj spec, String path) {
        List<Violation> out = new ArrayList<>();
        Optional<Json.Obj> source = spec.object("dataSource");
        Optional<Json.Obj> ref = spec.object("dataSourceRef");
        source.ifPresent(s -> out.addAll(dataSource(s, path + ".dataSource")));
        ref.ifPresent(r -> out.addAll(dataSource(r, path + ".dataSourceRef")));
        String namespace = ref.flatMap(r -> r.string("namespace")).orElse("");
        if (!namespace.isEmpty()) {
            out.addAll(Errors.invalidEach(path + ".dataSourceRef.namespace", namespace, Names.dns1123Label(namespace)));
        }
        if (!namespace.isEmpty() && source.isPresent()) {
            out.add(Errors.invalid(path, Json.EMPTY_OBJECT, "may not be specified when dataSourceRef.namespace is specified"));
        } else if (namespace.isEmpty() && source.isPresent() && ref.isPresent() && !sameReference(source.get(), ref.get())) {
            out.add(Errors.invalid(path, Json.EMPTY_OBJECT, "must match dataSourceRef"));
        }
        return out;
    }

    /** A data source or reference: a name, a kind, PersistentVolumeClaim without an API group, else a DNS subdomain as the group. */
    private static List<Violation> dataSource(Json.Obj source, String path) {
        List<Violation> out = new ArrayList<>(Errors.requiredEach(source, path, "name", "kind"));
        String kind = source.string("kind").orElse("");
        String group = source.string("apiGroup").orElse("");
        if (group.isEmpty() && !kind.equals(CLAIM_KIND)) {
            out.add(Errors.invalid(path, kind, "must be 'PersistentVolumeClaim' when referencing the default apiGroup"));
        }
        if (!group.isEmpty()) {
            out.addAll(Errors.invalidEach(path + ".apiGroup", group, Names.dns1123Subdomain(group)));
        }
        return out;
    }

    /** {@code isDataSourceEqualDataSourceRef}: the same kind and name, and API groups both absent or equal. */
    private static boolean sameReference(Json.Obj source, Json.Obj ref) {
        return source.string("apiGroup").equals(ref.string("apiGroup")) && source.string("kind").orElse("").equals(ref.string("kind").orElse(""))
                && source.string("name").orElse("").equals(ref.string("name").orElse(""));
    }
}
