package dev.stateful.domain.revision;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonParser;
import dev.stateful.domain.json.JsonWriter;
import dev.stateful.domain.memo.IdentityMemo;
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
        return PATCHES.apply(set.spec().template());
    }

    /**
     * Each template instance is serialised once: a set's template is the same instance from sync to
     * sync until the set changes (the informer cache keeps the decoded object), and any change to
     * the template is a new instance.
     */
    private static final IdentityMemo<Json.Obj, String> PATCHES = new IdentityMemo<>(RevisionData::patchOf);

    private static String patchOf(Json.Obj template) {
        Json.Obj replacing = template.with(PATCH_DIRECTIVE, REPLACE);
        return JsonWriter.write(Json.object("spec", Json.object("template", replacing)));
    }

    /**
     * The pod template a revision restores, without the directive.
     *
     * @throws IllegalArgumentException if the data is not a template replacement patch; every revision a
     *     StatefulSet controller writes is one (other strategic merge patches are not supported)
     */
    public static Json.Obj template(ControllerRevision revision) {
        Restored restored = RESTORED.apply(revision.data());
        if (restored.template() == null) {
            throw notATemplatePatch(revision, restored.failure());
        }
        return restored.template();
    }

    /**
     * Each revision's data is parsed once: the string is the same instance for as long as the
     * revision sits unchanged in the informer cache (renumbering or adopting it keeps its data).
     */
    private static final IdentityMemo<String, Restored> RESTORED = new IdentityMemo<>(RevisionData::restore);

    /** The template a revision's data restores, or why it restores none. */
    private record Restored(Json.Obj template, String failure) {
    }

    private static Restored restore(String revisionData) {
        Json.Obj data;
        try {
            data = JsonParser.parseObject(revisionData);
        } catch (RuntimeException e) {
            return new Restored(null, e.getMessage());
        }
        Optional<Json.Obj> template = data.object("spec").flatMap(spec -> spec.object("template"));
        if (template.isEmpty()) {
            return new Restored(null, "no spec.template object");
        }
        if (!template.get().string(PATCH_DIRECTIVE).filter(REPLACE::equals).isPresent()) {
            return new Restored(null, "spec.template lacks \"$patch\":\"replace\"");
        }
        return new Restored(template.get().without(PATCH_DIRECTIVE), null);
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
        return NORMAL_FORMS.apply(restored).equals(NORMAL_FORMS.apply(set.spec().template()));
    }

    /** The serialised normal form per template instance (both sides are the memoised instances above). */
    private static final IdentityMemo<Json.Obj, String> NORMAL_FORMS = new IdentityMemo<>(t -> patchOf(normalise(t)));

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
