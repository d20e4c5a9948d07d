package dev.stateful.fabric8.convert;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Applies the controller's change to the live object: {@code desired} was computed from a partial
 * view of the object ({@code base}, a {@link SlimPod} or {@link SlimClaim}), and only what differs between the two
 * is written into {@code live}; everything the view does not show stays as it is on the server.
 * <ul>
 * <li>equal base and desired: the live value, whole;</li>
 * <li>objects: keys removed from the view are removed, keys changed in the view are merged
 *     recursively, keys the view does not have are kept;</li>
 * <li>lists whose items all have distinct {@code name}s (volumes, containers), or else distinct
 *     {@code type}s (conditions): items in desired's
 *     order, an item unchanged from the view being the live item, a changed or new one desired's
 *     item whole (as upstream replaces a claim volume); live items the view did not have follow;</li>
 * <li>anything else: desired's value.</li>
 * </ul>
 */
public final class LiveMerge {

    /** What identifies a list item, in order of preference. */
    private static final List<String> ITEM_KEYS = List.of("name", "type");

    private LiveMerge() {
    }

    /**
     * The replacement for {@code live} (a fabric8 object as read from the server): the change from
     * {@code base} (the partial view of {@code live}) to {@code desired} applied to it, with
     * {@code resourceVersion}, the version {@code desired} was computed from, as the write's precondition.
     */
    @SuppressWarnings("unchecked")
    public static <T> T replacement(T live, Json.Obj base, Json.Obj desired, String resourceVersion) {
        Json.Obj merged = ((Json.Obj) merge(Fabric8Codec.tree(live), base, desired))
                .update("metadata", meta -> meta.with("resourceVersion", resourceVersion));
        return Fabric8Codec.object(merged, (Class<T>) live.getClass());
    }

    public static Json merge(Json live, Json base, Json desired) {
        if (Objects.equals(base, desired)) {
            return live;
        }
        if (live instanceof Json.Obj l && base instanceof Json.Obj b && desired instanceof Json.Obj d) {
            return objects(l, b, d);
        }
        if (live instanceof Json.Arr l && base instanceof Json.Arr b && desired instanceof Json.Arr d) {
            for (String key : ITEM_KEYS) {
                Optional<Map<String, Json>> liveItems = byKey(l, key);
                Optional<Map<String, Json>> baseItems = byKey(b, key);
                Optional<Map<String, Json>> desiredItems = byKey(d, key);
                if (liveItems.isPresent() && baseItems.isPresent() && desiredItems.isPresent()) {
                    return namedItems(liveItems.get(), baseItems.get(), desiredItems.get());
                }
            }
        }
        return desired;
    }

    private static Json.Obj objects(Json.Obj live, Json.Obj base, Json.Obj desired) {
        Map<String, Json> out = new LinkedHashMap<>(live.fields());
        base.fields().keySet().stream().filter(key -> !desired.fields().containsKey(key)).forEach(out::remove);
        desired.fields().forEach((key, value) -> {
            Json was = base.fields().get(key);
            Json now = live.fields().get(key);
            out.put(key, was == null || now == null ? value : merge(now, was, value));
        });
        return new Json.Obj(out);
    }

    private static Json.Arr namedItems(Map<String, Json> live, Map<String, Json> base, Map<String, Json> desired) {
        List<Json> out = new ArrayList<>();
        desired.forEach((name, item) -> {
            Json now = live.get(name);
            out.add(now != null && item.equals(base.get(name)) ? now : item);
        });
        Set<String> seen = new HashSet<>(base.keySet());
        seen.addAll(desired.keySet());
        live.forEach((name, item) -> {
            if (!seen.contains(name)) {
                out.add(item);
            }
        });
        return new Json.Arr(out);
    }

    /** The items by {@code key}, in order, when every item is an object with a distinct string value there. */
    private static Optional<Map<String, Json>> byKey(Json.Arr list, String key) {
        Map<String, Json> out = new LinkedHashMap<>();
        for (Json item : list.items()) {
            Optional<String> name = item.asObject().flatMap(o -> o.string(key));
            if (name.isEmpty() || out.put(name.get(), item) != null) {
                return Optional.empty();
            }
        }
        return Optional.of(out);
    }
}
