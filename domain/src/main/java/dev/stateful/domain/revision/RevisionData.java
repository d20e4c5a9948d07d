package dev.stateful.domain.revision;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonWriter;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.StatefulSet;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a revision stores (upstream {@code getPatch} / {@code ApplyRevision}): a strategic
 * merge patch that replaces the whole pod template, {@code {"spec":{"template":{…,"$patch":"replace"}}}}.
 */
public final class RevisionData {

    static final String PATCH_DIRECTIVE = "$patch";
    static final String REPLACE = "replace";

    private RevisionData() {
    }

    /**
     * The revision data of {@code set}: its template as stored (API defaults are the caller's business,
     * they are part of what is hashed) plus the replace directive, written like Go's json.Marshal of a map.
     */
    public static String patch(StatefulSet set) {
        return JsonWriter.write(patchTree(set.spec().template()));
    }

    /** The revision data of a set with this template, as a tree ({@link #patch} writes it). */
    static Json.Obj patchTree(Json.Obj template) {
        return Json.object("spec", Json.object("template", template.with(PATCH_DIRECTIVE, REPLACE)));
    }

    /**
     * The pod template a revision restores, without the directive.
     *
     * @throws IllegalArgumentException if the data is not a template replacement patch; every revision a
     *     StatefulSet controller writes is one (other strategic merge patches are not supported)
     */
    public static Json.Obj template(ControllerRevision revision) {
        // read from the data as decoded once, when the record was made (ControllerRevision#decoded)
        if (!(revision.decoded() instanceof Json.Obj data)) {
            throw notATemplatePatch(revision, revision.decoded() == null ? "not JSON" : "not a JSON object");
        }
        Optional<Json.Obj> template = data.object("spec").flatMap(spec -> spec.object("template"));
        if (template.isEmpty()) {
            throw notATemplatePatch(revision, "no spec.template object");
        }
        if (!template.get().string(PATCH_DIRECTIVE).filter(REPLACE::equals).isPresent()) {
            throw notATemplatePatch(revision, "spec.template lacks \"$patch\":\"replace\"");
        }
        return template.get().without(PATCH_DIRECTIVE);
    }

    /** {@code ApplyRevision}: the set with its template replaced by the revision's; everything else kept. */
    public static StatefulSet applyRevision(StatefulSet set, ControllerRevision revision) {
        return set.withSpec(set.spec().withTemplate(template(revision)));
    }

    /**
     * Whether {@code revision} restores the set's current template up to serialisation differences
     * (1.34 {@code StatefulSetSemanticRevisionComparison}). Upstream decodes the applied revision into
     * the typed API struct and re-encodes it; our templates are untyped, so both sides are reduced to a
     * normal form that drops only what that typed round trip provably cannot tell apart:
     * <ul>
     *   <li>object members whose value is {@code null}: Go decodes null and absent alike to the zero
     *       value (this covers 1.33's {@code "creationTimestamp":null});</li>
     *   <li>zero-valued members of the template {@code metadata} ({@code ""}, {@code {}}, {@code []},
     *       {@code 0}, {@code false}): every ObjectMeta field is {@code omitempty};</li>
     *   <li>an empty template {@code metadata} or {@code spec}: both are structs, which Go always
     *       emits, so absent and {@code {}} decode alike.</li>
     * </ul>
     * Empty objects inside the pod spec are kept: {@code securityContext: {}} is a non-nil pointer and
     * differs from an absent one. Key order, whitespace, escapes and number spelling ({@code 30} vs
     * {@code 30.0}) never matter because both sides are re-serialised. Unreadable data is simply unequal.
     */
    public static boolean restoresTemplateOf(StatefulSet set, ControllerRevision revision) {
        Json.Obj restored;
        try {
            restored = template(revision);
        } catch (IllegalArgumentException e) {
            return false;
        }
        // only asked when no revision has the set's exact bytes (a changed template): rare, not remembered
        return normalForm(restored).equals(normalForm(set.spec().template()));
    }

    private static String normalForm(Json.Obj template) {
        return JsonWriter.write(patchTree(normalise(template)));
    }

    /** The semantic normal form described in {@link #restoresTemplateOf}. */
    static Json.Obj normalise(Json.Obj template) {
        Json.Obj withoutNulls = (Json.Obj) withoutNullMembers(template);
        Json.Obj metaCleaned = withoutNulls.object("metadata")
                .map(meta -> withoutNulls.with("metadata", withoutZeroMembers(meta)))
                .orElse(withoutNulls);
        return withoutEmptyObject(withoutEmptyObject(metaCleaned, "metadata"), "spec");
    }

    private static Json.Obj withoutEmptyObject(Json.Obj obj, String key) {
        return obj.object(key).filter(o -> o.fields().isEmpty()).isPresent() ? obj.without(key) : obj;
    }

    private static Json withoutNullMembers(Json json) {
        if (json instanceof Json.Obj o) {
            Map<String, Json> kept = new LinkedHashMap<>();
            o.fields().forEach((k, v) -> {
                if (v != Json.Null.INSTANCE) {
                    kept.put(k, withoutNullMembers(v));
                }
            });
            return new Json.Obj(kept);
        }
        if (json instanceof Json.Arr a) {
            // array elements stay: a null element decodes to a zero element, it does not disappear
            return new Json.Arr(a.items().stream().map(RevisionData::withoutNullMembers).toList());
        }
        return json;
    }

    private static Json.Obj withoutZeroMembers(Json.Obj meta) {
        Map<String, Json> kept = new LinkedHashMap<>();
        meta.fields().forEach((k, v) -> {
            if (!isZero(v)) {
                kept.put(k, v);
            }
        });
        return new Json.Obj(kept);
    }

    private static boolean isZero(Json v) {
        return v == Json.Null.INSTANCE
                || v.equals(Json.of(""))
                || v.equals(Json.EMPTY_OBJECT)
                || v.equals(new Json.Arr(List.of()))
                || v.equals(new Json.Num(BigDecimal.ZERO))
                || v.equals(Json.Bool.FALSE);
    }

    private static IllegalArgumentException notATemplatePatch(ControllerRevision revision, String why) {
        return new IllegalArgumentException("revision " + revision.name() + " is not a template replacement patch: " + why);
    }
}
