package dev.stateful.fabric8.control;

import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.ports.ApiException;

/** Local checks made before a request goes out. */
final class Preconditions {

    private Preconditions() {
    }

    /**
     * Replacing an object is only safe against the version it was computed from. Without one,
     * fabric8 would quietly fetch the latest and overwrite whatever changed in between.
     */
    static void requireResourceVersion(ObjectMeta meta, String target) {
        if (meta.resourceVersion() == null || meta.resourceVersion().isEmpty()) {
            throw new ApiException.Invalid("update " + target + ": no resourceVersion to guard the write");
        }
    }
}
