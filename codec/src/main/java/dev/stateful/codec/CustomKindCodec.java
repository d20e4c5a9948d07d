package dev.stateful.codec;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonWriter;
import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.SetExtensions;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
        return withClaimTemplateStatus(withUpdateTimes(ModelCodec.statefulSet(withoutExtensions(object))
                .as(SetKind.STATEFUL_DEV, extensions(object)), object), object);
    }

    /** A set of either kind as {@link ModelCodec#decodeStatefulSet} decodes it (strictly: unknown fields are problems). */
    public static Decoded<StatefulSet> decodeStatefulSet(Json.Obj object, boolean strict) {
        if (!isCustom(object)) {
            return ModelCodec.decodeStatefulSet(object, strict);
        }
        Decoded<StatefulSet> decoded = ModelCodec.decodeStatefulSet(withoutExtensions(object), strict);
        StatefulSet value = decoded.value() == null ? null
                : withClaimTemplateStatus(withUpdateTimes(decoded.value().as(SetKind.STATEFUL_DEV, extensions(object)), object), object);
        return new Decoded<>(value, decoded.problems());
    }

    /** The object without the fields apps/v1 lacks: what {@link ModelCodec} decodes (strictly too). */
    public static Json.Obj withoutExtensions(Json.Obj object) {
        Json.Obj out = object.update("spec", spec -> (spec.has("updateStrategy")
                ? spec.update("updateStrategy", strategy -> strategy.has("rollingUpdate")
                        ? strategy.update("rollingUpdate", rolling -> rolling.without("paused")) : strategy)
                : spec).without("progressDeadlineSeconds").without("reserveOrdinals"));
        if (out.has("status")) {
            out = out.update("status", status -> {
                Json.Obj s = status.without("labelSelector").without("volumeClaimTemplates");
                if (!s.has("conditions")) {
                    return s;
                }
                List<Object> conditions = new ArrayList<>();
                for (Json c : s.array("conditions")) {
                    conditions.add(c instanceof Json.Obj o ? o.without("lastUpdateTime") : c);
                }
                return s.with("conditions", conditions);
            });
        }
        return out;
    }

    static SetExtensions extensions(Json.Obj object) {
        Json.Obj spec = object.objectOrEmpty("spec");
        Json.Obj rolling = spec.objectOrEmpty("updateStrategy").objectOrEmpty("rollingUpdate");
        Integer deadline = spec.integer("progressDeadlineSeconds").map(Long::intValue).orElse(null);
        return new SetExtensions(rolling.bool("paused").orElse(false), deadline, reserveOrdinals(spec.array("reserveOrdinals")));
    }

    /**
     * Each entry as an int or a string; anything else (a fraction, a number beyond 32 bits, a bool)
     * is kept as its JSON text, which the validator refuses: dropping it would create a pod at an
     * ordinal the user meant to reserve.
     */
    private static List<IntOrString> reserveOrdinals(List<Json> entries) {
        List<IntOrString> out = new ArrayList<>(entries.size());
        for (Json entry : entries) {
            Optional<Long> number = entry instanceof Json.Num n ? n.asLong() : Optional.empty();
            if (number.isPresent() && number.get() >= Integer.MIN_VALUE && number.get() <= Integer.MAX_VALUE) {
                out.add(IntOrString.of(number.get().intValue()));
            } else {
                out.add(IntOrString.of(entry.asString().orElseGet(() -> JsonWriter.write(entry))));
            }
        }
        return out;
    }

    /** {@code status.volumeClaimTemplates} (our kind's per-template claim counts, {@code ClaimResize}), leniently: a malformed line is dropped. */
    private static StatefulSet withClaimTemplateStatus(StatefulSet set, Json.Obj object) {
        List<StatefulSetStatus.ClaimTemplateStatus> lines = new ArrayList<>();
        for (Json line : object.objectOrEmpty("status").array("volumeClaimTemplates")) {
            if (line instanceof Json.Obj o && o.string("templateName").isPresent()) {
                lines.add(new StatefulSetStatus.ClaimTemplateStatus(o.string("templateName").get(),
                        o.integer("compatibleReplicas").map(Long::intValue).orElse(0)));
            }
        }
        return lines.isEmpty() ? set : set.withStatus(set.status().withVolumeClaimTemplates(lines));
    }

    /** A Deployment-style condition's {@code lastUpdateTime}, put back on the decoded condition of its type. */
    private static StatefulSet withUpdateTimes(StatefulSet set, Json.Obj object) {
        Map<String, Instant> times = new HashMap<>();
        for (Json c : object.objectOrEmpty("status").array("conditions")) {
            if (c instanceof Json.Obj o && o.string("type").isPresent()) {
                o.string("lastUpdateTime").flatMap(CustomKindCodec::instant).ifPresent(t -> times.put(o.string("type").get(), t));
            }
        }
        if (times.isEmpty()) {
            return set;
        }
        List<StatefulSetStatus.Condition> conditions = set.status().conditions().stream()
                .map(c -> new StatefulSetStatus.Condition(c.type(), c.status(), c.lastTransitionTime(), c.reason(), c.message(),
                        times.get(c.type())))
                .toList();
        return set.withStatus(set.status().withConditions(conditions));
    }

    /** Read leniently as from an API server: a malformed time is dropped, as the progress it marks is then unknown. */
    private static Optional<Instant> instant(String text) {
        try {
            return Optional.of(Rfc3339.parse(text));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
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
        if (!set.extensions().reserveOrdinals().isEmpty()) {
            List<Object> entries = new ArrayList<>();
            set.extensions().reserveOrdinals().forEach(e -> entries.add(e.isInt() ? (Object) e.intValue() : e.stringValue()));
            out = out.update("spec", spec -> spec.with("reserveOrdinals", entries));
        }
        if (set.extensions().progressDeadlineSeconds() != null) {
            int deadline = set.extensions().progressDeadlineSeconds();
            out = out.update("spec", spec -> spec.with("progressDeadlineSeconds", deadline));
        }
        if (set.status().conditions().stream().anyMatch(c -> c.lastUpdateTime() != null)) {
            List<StatefulSetStatus.Condition> source = set.status().conditions();
            out = out.update("status", status -> {
                List<Object> conditions = new ArrayList<>();
                List<Json> encoded = status.array("conditions");
                for (int i = 0; i < encoded.size(); i++) {
                    Json.Obj c = (Json.Obj) encoded.get(i);
                    Instant updated = source.get(i).lastUpdateTime();
                    conditions.add(updated == null ? c : c.with("lastUpdateTime", ModelCodec.time(updated)));
                }
                return status.with("conditions", conditions);
            });
        }
        if (!set.status().volumeClaimTemplates().isEmpty()) {
            List<Object> lines = set.status().volumeClaimTemplates().stream()
                    .map(l -> (Object) Json.object("templateName", l.templateName(), "compatibleReplicas", l.compatibleReplicas())).toList();
            out = out.update("status", status -> status.with("volumeClaimTemplates", lines));
        }
        if (set.spec().selector() != null) {
            String selector = SelectorText.of(set.spec().selector());
            out = out.update("status", status -> status.with("labelSelector", selector));
        }
        return out;
    }
}
