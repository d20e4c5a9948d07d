package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * Of {@code ValidatePersistentVolumeClaimSpec}, the access modes and the storage request: a claim spec as the set's
 * claim templates ({@code validateVolumeClaimTemplates}) and an ephemeral volume's claim template
 * ({@code ValidatePersistentVolumeClaimTemplate}) give it. Its other checks (selector, storage and volume attributes
 * class names, volume mode, data sources) are left to the API server.
 */
final class ClaimSpecRules {

    private static final String READ_WRITE_ONCE_POD = "ReadWriteOncePod";
    /** {@code supportedAccessModes}, sorted as upstream lists them ({@code sets.List}). */
    private static final List<String> ACCESS_MODES = List.of("ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", READ_WRITE_ONCE_POD);

    private ClaimSpecRules() {
    }

    /** The claim spec at {@code path}: at least one known access mode, ReadWriteOncePod alone, a storage request above zero. */
    static List<Violation> spec(Json.Obj spec, String path) {
        List<Violation> out = new ArrayList<>();
        List<Json> modes = spec.array("accessModes");
        if (modes.isEmpty()) {
            out.add(Errors.required(path + ".accessModes", "at least 1 access mode is required"));
        }
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
        if (!requests.has("storage")) {
            out.add(Errors.required(storagePath, ""));
        } else {
            // ValidatePositiveQuantityValue shows Quantity.String of the defaulted request (a resource list's, rounded to milli)
            Quantities.parse(requests.get("storage").orElseThrow()).filter(q -> q.signum() <= 0)
                    .ifPresent(q -> out.add(Errors.invalid(storagePath, q.canonical(), "must be greater than zero")));
        }
        return out;
    }
}
