package dev.stateful.fabric8.control;

import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * JSON patches (RFC 6902) that adopt or release an object. Upstream sends strategic merge patches,
 * which not every server speaks; JSON patch has no merge-by-uid, so the guards below stand in:
 * <ul>
 *   <li>{@code replace /metadata/uid} with the uid we saw: a no-op on the same object, rejected
 *       as an immutable-field change if the name now belongs to a new object (upstream puts the
 *       uid in its patch for the same reason);</li>
 *   <li>{@code replace /metadata/resourceVersion} whenever the patch relies on the cached shape of
 *       the list (an index, or the list being absent): a stale cache then fails with Conflict
 *       instead of clobbering a reference someone else just added.</li>
 * </ul>
 * No {@code test} operations: the API server reports a failed test differently across versions.
 */
final class OwnerRefPatch {

    private static final String REFS = "/metadata/ownerReferences";

    private OwnerRefPatch() {
    }

    static String adopt(ObjectMeta meta, OwnerReference ref) {
        List<Json> ops = new ArrayList<>(uidGuard(meta));
        if (meta.ownerReferences().isEmpty()) {
            ops.addAll(versionGuard(meta));
            ops.add(op("add", REFS, Json.array(encode(ref))));
        } else {
            ops.add(op("add", REFS + "/-", encode(ref)));
        }
        return new Json.Arr(ops).toString();
    }

    /** Empty when the cached object has no reference to {@code ownerUid}: there is nothing to send. */
    static Optional<String> release(ObjectMeta meta, String ownerUid) {
        List<OwnerReference> refs = meta.ownerReferences();
        for (int i = 0; i < refs.size(); i++) {
            if (refs.get(i).uid().equals(ownerUid)) {
                List<Json> ops = new ArrayList<>(uidGuard(meta));
                ops.addAll(versionGuard(meta));
                ops.add(refs.size() == 1 ? op("remove", REFS, null) : op("remove", REFS + "/" + i, null));
                return Optional.of(new Json.Arr(ops).toString());
            }
        }
        return Optional.empty();
    }

    static Json encode(OwnerReference ref) {
        return ModelCodec.encode(ObjectMeta.named("", "").withOwnerReferences(List.of(ref))).array("ownerReferences").get(0);
    }

    private static List<Json> uidGuard(ObjectMeta meta) {
        return meta.uid() == null || meta.uid().isEmpty() ? List.of() : List.of(op("replace", "/metadata/uid", Json.of(meta.uid())));
    }

    private static List<Json> versionGuard(ObjectMeta meta) {
        String rv = meta.resourceVersion();
        return rv == null || rv.isEmpty() ? List.of() : List.of(op("replace", "/metadata/resourceVersion", Json.of(rv)));
    }

    private static Json op(String op, String path, Json value) {
        return value == null ? Json.object("op", op, "path", path) : Json.object("op", op, "path", path, "value", value);
    }
}
