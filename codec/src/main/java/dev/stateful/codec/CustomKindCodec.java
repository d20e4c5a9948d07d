package dev.stateful.codec;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.SetExtensions;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;

/**
 * Our own kind ({@link SetKind#STATEFUL_DEV}) as JSON: the apps/v1 spec and status that
 * {@link ModelCodec} decodes, plus the fields only our kind has ({@link SetExtensions}), which are
 * taken off before {@link ModelCodec} sees the object and put back when it is encoded, and
 * {@code status.labelSelector} for the scale subresource. An apps/v1 object passes through
 * {@link ModelCodec} unchanged.
 */
public final class CustomKindCodec {

    private CustomKindCodec() {
    }

    public static boolean isCustom(Json.Obj object) {
        return SetKind.STATEFUL_DEV.apiVersion().equals(object.string("apiVersion").orElse(""));
    }

    /** A set of either kind, decoded leniently as from an API server. */
    public static StatefulSet statefulSet(Json.Obj object) {
        if (!isCustom(object)) {
            return ModelCodec.statefulSet(object);
        }
        return ModelCodec.statefulSet(withoutExtensions(object)).as(SetKind.STATEFUL_DEV, extensions(object));
    }

    /** A set of either kind as {@link ModelCodec#decodeStatefulSet} decodes it (strictly: unknown fields are problems). */
    public static Decoded<StatefulSet> decodeStatefulSet(Json.Obj object, boolean strict) {
        if (!isCustom(object)) {
            return ModelCodec.decodeStatefulSet(object, strict);
        }
        Decoded<StatefulSet> decoded = ModelCodec.decodeStatefulSet(withoutExtensions(object), strict);
        StatefulSet value = decoded.value() == null ? null : decoded.value().as(SetKind.STATEFUL_DEV, extensions(object));
        return new Decoded<>(value, decoded.problems());
    }

    /** The object without the fields apps/v1 lacks: what {@link ModelCodec} decodes (strictly too). */
    public static Json.Obj withoutExtensions(Json.Obj object) {
        Json.Obj out = object.update("spec", spec -> spec.has("updateStrategy")
                ? spec.update("updateStrategy", strategy -> strategy.has("rollingUpdate")
                        ? strategy.update("rollingUpdate", rolling -> rolling.without("paused")) : strategy)
                : spec);
        if (out.has("status")) {
            out = out.update("status", status -> status.without("labelSelector"));
        }
        return out;
    }

    static SetExtensions extensions(Json.Obj object) {
        Json.Obj rolling = object.objectOrEmpty("spec").objectOrEmpty("updateStrategy").objectOrEmpty("rollingUpdate");
        return new SetExtensions(rolling.bool("paused").orElse(false));
    }

    /** The set as its kind's JSON; our kind's status carries {@code labelSelector}. */
    public static Json.Obj encode(StatefulSet set) {
        Json.Obj out = ModelCodec.encode(set);
        if (!set.kind().isCustom()) {
            return out;
        }
        out = out.with("apiVersion", set.kind().apiVersion()).with("kind", set.kind().kind());
        if (set.extensions().paused()) {
            out = out.update("spec", spec -> spec.update("updateStrategy",
                    strategy -> strategy.update("rollingUpdate", rolling -> rolling.with("paused", true))));
        }
        if (set.spec().selector() != null) {
            String selector = SelectorText.of(set.spec().selector());
            out = out.update("status", status -> status.with("labelSelector", selector));
        }
        return out;
    }
}
