package dev.stateful.domain.validation;

import dev.stateful.domain.features.ClaimResize;
import dev.stateful.domain.features.MutableFields;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.UpdateStrategy;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * apps/v1 StatefulSet validation as the API server does it ({@code ValidateStatefulSet},
 * {@code ValidateStatefulSetUpdate}), run on the <em>defaulted</em> object, plus two project rules
 * upstream lacks, set names of at most 52 characters and a highest ordinal that fits 32 bits, and, for
 * our own kind, the rules of its own fields ({@link ExtensionRules}). Of the pod template's own spec and
 * the claim templates' specs, which the API server validates in full ({@code ValidatePodTemplateSpec},
 * {@code ValidatePersistentVolumeClaimSpec}), only what {@link PodTemplateRules}, {@link PodSpecRules} and
 * {@link ClaimSpecRules} check is checked here. A sync validates a stored set with {@link #validateStored}. Errors accumulate
 * in upstream order (metadata, then the spec fields in the order Go checks them, the claim template
 * names last); map entries are visited in key order.
 */
public final class StatefulSetValidator {

    /** 63 (label value limit) − 1 ("-") − 10 (longest revision hash): see {@link #NAME_TOO_LONG}. */
    public static final int MAX_NAME_LENGTH = 52;

    public static final String NAME_TOO_LONG = "must be no more than " + MAX_NAME_LENGTH + " characters: pods carry the label "
            + "controller-revision-hash=<name>-<hash> with a hash of up to 10 characters, and a longer name makes that "
            + "label exceed 63 characters so no pod can be created (kubernetes/kubernetes#64023)";

    public static final String FORBIDDEN_SPEC_UPDATE = "updates to statefulset spec for fields other than 'replicas', "
            + "'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and "
            + "'minReadySeconds' are forbidden";

    /** A warning, not an error: the API server stores such a set, and upstream's controller uses the last template of a name. */
    public static final String DUPLICATE_CLAIM_TEMPLATE_WARNING = "spec.volumeClaimTemplates[%d].metadata.name: \"%s\" repeats an "
            + "earlier template's name; the pods get one claim of that name, made from the last template of the name";

    /** Our kind: a claim template's storage may grow, never shrink (the same words as the CRD's CEL rule). */
    public static final String SHRINK_FORBIDDEN = "volumeClaimTemplate %s: storage request %s is smaller than %s; "
            + "claims are never shrunk, only a larger request is allowed";

    public static final String NEGATIVE_HISTORY_LIMIT_WARNING = "spec.revisionHistoryLimit: a negative value retains all "
            + "historical revisions; a value >= 0 is recommended";

    private static final Pattern SIGNED_DIGITS = Pattern.compile("[-+]?[0-9]+");

    private StatefulSetValidator() {
    }

    /**
     * Which of the rules 1.36 added for new objects apply: upstream tolerates what older API servers stored
     * without them ({@code AllowInvalidServiceName}, {@code SkipValidateVolumeClaimTemplates},
     * {@code SkipValidatePodTemplateSpec}); the claim template names are always checked.
     */
    private record Checks(boolean serviceName, boolean claimSpecs, boolean claimNames, boolean podSpec) {
        static final Checks CREATE = new Checks(true, true, true, true);
        static final Checks STORED = new Checks(false, false, true, false);
    }

    /** Create validation: metadata (name, namespace, labels, annotations) and the whole spec. */
    public static List<Violation> validate(StatefulSet set) {
        List<Violation> out = new ArrayList<>(metadata(set.metadata()));
        out.addAll(spec(set.spec(), Checks.CREATE));
        out.addAll(ExtensionRules.validate(set));
        return List.copyOf(out);
    }

    /**
     * The validation a sync applies to a set as it is stored: the create rules without those 1.36 added
     * for new objects only (the serviceName's form, the claim templates' specs, the pod template's spec),
     * which an API server of an earlier release stored sets without and upstream's controller syncs
     * anyway. What a sync refuses is what no API server stores as apps/v1: a set of our own kind, or one
     * written where nothing validated it (README, INVALID_SETS_REPORTED).
     */
    public static List<Violation> validateStored(StatefulSet set) {
        List<Violation> out = new ArrayList<>(metadata(set.metadata()));
        out.addAll(spec(set.spec(), Checks.STORED));
        out.addAll(ExtensionRules.validate(set));
        return List.copyOf(out);
    }

    /**
     * Update validation. Like upstream, the name is not re-validated (an existing set with a name
     * that is no longer acceptable must stay updatable, e.g. to remove a finalizer), so neither is
     * the 52-character project rule, nor the immutable serviceName and claim templates, which may have been
     * stored before they were validated ({@code AllowInvalidServiceName}, {@code SkipValidateVolumeClaimTemplates});
     * our own kind, where both may change, has a changed one validated as on a create. The pod template's
     * spec is checked unless the old set already fails the spec rules ({@code SkipValidatePodTemplateSpec}).
     * Only replicas, template, updateStrategy, revisionHistoryLimit, minReadySeconds, ordinals and the
     * retention policy may change.
     */
    public static List<Violation> validateUpdate(StatefulSet oldSet, StatefulSet newSet) {
        List<Violation> out = new ArrayList<>(metadataUpdate(oldSet.metadata(), newSet.metadata()));
        boolean mutable = newSet.kind().isCustom();
        boolean templatesChanged = mutable && !newSet.spec().volumeClaimTemplates().equals(oldSet.spec().volumeClaimTemplates());
        boolean oldSpecValid = spec(oldSet.spec(), new Checks(false, false, false, true)).isEmpty();
        out.addAll(spec(newSet.spec(), new Checks(mutable && !newSet.spec().serviceName().equals(oldSet.spec().serviceName()),
                templatesChanged, templatesChanged, oldSpecValid)));
        out.addAll(ExtensionRules.validate(newSet));
        if (!onlyMutableFieldsDiffer(MutableFields.comparedSpec(oldSet, newSet), newSet.spec())) {
            out.add(Errors.forbidden("spec", FORBIDDEN_SPEC_UPDATE));
        }
        for (ClaimResize.Shrink shrink : ClaimResize.shrinks(oldSet, newSet)) {
            out.add(Errors.forbidden("spec.volumeClaimTemplates[" + shrink.index() + "].spec.resources.requests.storage",
                    String.format(SHRINK_FORBIDDEN, shrink.templateName(), shrink.to(), shrink.from())));
        }
        return List.copyOf(out);
    }

    /** Accepted but questionable settings, returned to the client as API warnings. */
    public static List<String> warnings(StatefulSet set) {
        List<String> out = new ArrayList<>();
        Integer limit = set.spec().revisionHistoryLimit();
        if (limit != null && limit < 0) {
            out.add(NEGATIVE_HISTORY_LIMIT_WARNING);
        }
        List<PersistentVolumeClaim> templates = set.spec().volumeClaimTemplates();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < templates.size(); i++) {
            String name = templates.get(i).metadata().name();
            if (!name.isEmpty() && !seen.add(name)) {
                out.add(String.format(DUPLICATE_CLAIM_TEMPLATE_WARNING, i, name));
            }
        }
        return List.copyOf(out);
    }

    // ------------------------------------------------------------------ metadata

    private static List<Violation> metadata(ObjectMeta meta) {
        List<Violation> out = new ArrayList<>();
        String generateName = meta.generateName() == null ? "" : meta.generateName();
        if (!generateName.isEmpty()) {
            out.addAll(Errors.invalidEach("metadata.generateName", generateName, Names.dns1123Label(Names.maskTrailingDash(generateName))));
        }
        if (meta.name().isEmpty()) {
            out.add(Errors.required("metadata.name", "name or generateName is required"));
        } else {
            out.addAll(Errors.invalidEach("metadata.name", meta.name(), Names.dns1123Label(meta.name())));
            if (Names.byteLength(meta.name()) > MAX_NAME_LENGTH) {
                out.add(Errors.invalid("metadata.name", meta.name(), NAME_TOO_LONG));
            }
        }
        // the API server takes an empty namespace from the request path, so only a given one is checked
        if (!meta.namespace().isEmpty()) {
            out.addAll(Errors.invalidEach("metadata.namespace", meta.namespace(), Names.dns1123Label(meta.namespace())));
        }
        if (meta.generation() < 0) {
            out.add(Errors.invalid("metadata.generation", meta.generation(), Errors.NEGATIVE));
        }
        out.addAll(MetaRules.labels(meta.labels(), "metadata.labels"));
        out.addAll(MetaRules.annotations(meta.annotations(), "metadata.annotations"));
        return out;
    }

    /** {@code ValidateObjectMetaUpdate}: identity fields are immutable; labels and annotations stay valid. */
    private static List<Violation> metadataUpdate(ObjectMeta oldMeta, ObjectMeta newMeta) {
        List<Violation> out = new ArrayList<>();
        if (!newMeta.name().equals(oldMeta.name())) {
            out.add(Errors.invalid("metadata.name", newMeta.name(), Errors.IMMUTABLE));
        }
        if (!newMeta.namespace().equals(oldMeta.namespace())) {
            out.add(Errors.invalid("metadata.namespace", newMeta.namespace(), Errors.IMMUTABLE));
        }
        // an update without a uid keeps the stored one (rest.BeforeUpdate); only a different one is an error
        if (newMeta.uid() != null && !newMeta.uid().isEmpty() && !newMeta.uid().equals(oldMeta.uid())) {
            out.add(Errors.invalid("metadata.uid", newMeta.uid(), Errors.IMMUTABLE));
        }
        out.addAll(MetaRules.labels(newMeta.labels(), "metadata.labels"));
        out.addAll(MetaRules.annotations(newMeta.annotations(), "metadata.annotations"));
        return out;
    }

    // ------------------------------------------------------------------ spec

    private static List<Violation> spec(StatefulSetSpec spec, Checks checks) {
        List<Violation> out = new ArrayList<>(podManagementPolicy(spec.podManagementPolicy()));
        out.addAll(updateStrategy(spec.updateStrategy()));
        out.addAll(retentionPolicy(spec.persistentVolumeClaimRetentionPolicy()));
        if (checks.claimSpecs()) {
            List<PersistentVolumeClaim> templates = spec.volumeClaimTemplates();
            for (int i = 0; i < templates.size(); i++) {
                out.addAll(ClaimSpecRules.spec(templates.get(i).spec(), "spec.volumeClaimTemplates[" + i + "].spec"));
            }
        }
        if (spec.replicas() != null) {
            out.addAll(nonNegative(spec.replicas(), "spec.replicas"));
        }
        out.addAll(nonNegative(spec.minReadySeconds(), "spec.minReadySeconds"));
        if (spec.ordinals() != null) {
            // upstream names the child "ordinals.start" in one step; the printed path is the same
            out.addAll(nonNegative(spec.ordinals().start(), "spec.ordinals.start"));
        }
        if (checks.serviceName() && !spec.serviceName().isEmpty()) {
            out.addAll(Errors.invalidEach("spec.serviceName", spec.serviceName(), Names.dns1123Label(spec.serviceName())));
        }
        out.addAll(highestOrdinal(spec));
        out.addAll(selector(spec));
        out.addAll(template(spec, checks.podSpec()));
        if (checks.claimNames()) {
            out.addAll(claimTemplateNames(spec.volumeClaimTemplates()));
        }
        return out;
    }

    /**
     * The highest ordinal, start + replicas - 1, must fit a signed 32-bit integer: upstream's
     * {@code getOrdinal} parses a pod name's ordinal with {@code strconv.ParseInt(..., 10, 32)}, so a
     * pod beyond it would not be recognised as the set's and would be created again forever. apps/v1
     * allows it; this project refuses it (like names over 52 characters).
     */
    private static List<Violation> highestOrdinal(StatefulSetSpec spec) {
        long start = spec.ordinals() == null ? 0 : spec.ordinals().start();
        long replicas = spec.replicas() == null ? 1 : spec.replicas();
        if (start < 0 || replicas <= 0 || start + replicas - 1 <= Integer.MAX_VALUE) {
            return List.of();
        }
        return List.of(Errors.invalid("spec.replicas", spec.replicas(), "spec.ordinals.start + spec.replicas - 1 = "
                + (start + replicas - 1) + " must be at most " + Integer.MAX_VALUE
                + ": a pod name's ordinal must fit a 32-bit integer"));
    }

    private static List<Violation> podManagementPolicy(String policy) {
        if (policy.isEmpty()) {
            return List.of(Errors.required("spec.podManagementPolicy", ""));
        }
        if (policy.equals(StatefulSetSpec.ORDERED_READY) || policy.equals(StatefulSetSpec.PARALLEL)) {
            return List.of();
        }
        return List.of(Errors.invalid("spec.podManagementPolicy", policy, "must be 'OrderedReady' or 'Parallel'"));
    }

    private static List<Violation> updateStrategy(UpdateStrategy strategy) {
        UpdateStrategy.RollingUpdate rolling = strategy.rollingUpdate();
        if (strategy.type().isEmpty()) {
            return List.of(Errors.required("spec.updateStrategy", ""));
        }
        if (strategy.isOnDelete()) {
            return rolling == null ? List.of() : List.of(Errors.invalid("spec.updateStrategy.rollingUpdate",
                    describe(rolling), "only allowed for updateStrategy 'RollingUpdate'"));
        }
        if (strategy.isRollingUpdate()) {
            return rolling == null ? List.of() : rollingUpdate(rolling, "spec.updateStrategy.rollingUpdate");
        }
        return List.of(Errors.invalid("spec.updateStrategy", strategy.type(), "must be 'RollingUpdate' or 'OnDelete'"));
    }

    private static List<Violation> rollingUpdate(UpdateStrategy.RollingUpdate rolling, String path) {
        List<Violation> out = new ArrayList<>();
        if (rolling.partition() != null) {
            out.addAll(nonNegative(rolling.partition(), path + ".partition"));
        }
        if (rolling.maxUnavailable() != null) {
            out.addAll(maxUnavailable(rolling.maxUnavailable(), path + ".maxUnavailable"));
        }
        return out;
    }

    /**
     * {@code ValidatePositiveIntOrPercent}, then "cannot be 0", then "not more than 100%". As upstream,
     * a malformed string whose digits read as 0 (e.g. "abc", "0") also gets "cannot be 0".
     */
    private static List<Violation> maxUnavailable(IntOrString value, String path) {
        List<Violation> out = new ArrayList<>();
        Object shown = value.isInt() ? (Object) value.intValue() : text(value);
        if (value.isInt()) {
            out.addAll(nonNegative(value.intValue(), path));
        } else {
            out.addAll(Errors.invalidEach(path, shown, Names.percent(text(value))));
        }
        if (isZero(value)) {
            out.add(Errors.invalid(path, shown, "cannot be 0"));
        }
        if (!value.isInt() && Names.percentValue(text(value)).map(p -> p.compareTo(BigInteger.valueOf(100)) > 0).orElse(false)) {
            out.add(Errors.invalid(path, shown, "must not be greater than 100%"));
        }
        return out;
    }

    /** {@code getIntOrPercentValue(v) == 0}: a percent's number, an int, or Go's Atoi of other strings (0 on error). */
    private static boolean isZero(IntOrString value) {
        if (value.isInt()) {
            return value.intValue() == 0;
        }
        String s = text(value);
        var percent = Names.percentValue(s);
        if (percent.isPresent()) {
            return percent.get().signum() == 0;
        }
        // Atoi: a syntax error yields 0; an out-of-range number yields the clamped (non-zero) bound
        return !SIGNED_DIGITS.matcher(s).matches() || new BigInteger(s.startsWith("+") ? s.substring(1) : s).signum() == 0;
    }

    private static String text(IntOrString value) {
        return value.stringValue() == null ? "" : value.stringValue();
    }

    private static List<Violation> retentionPolicy(RetentionPolicy policy) {
        if (policy == null) {
            return List.of();
        }
        List<Violation> out = new ArrayList<>();
        String path = "spec.persistentVolumeClaimRetentionPolicy";
        if (!isRetentionValue(policy.whenDeleted())) {
            out.add(Errors.notSupported(path + ".whenDeleted", policy.whenDeleted(), RetentionPolicy.RETAIN_VALUE, RetentionPolicy.DELETE_VALUE));
        }
        if (!isRetentionValue(policy.whenScaled())) {
            out.add(Errors.notSupported(path + ".whenScaled", policy.whenScaled(), RetentionPolicy.RETAIN_VALUE, RetentionPolicy.DELETE_VALUE));
        }
        return out;
    }

    private static boolean isRetentionValue(String value) {
        return RetentionPolicy.RETAIN_VALUE.equals(value) || RetentionPolicy.DELETE_VALUE.equals(value);
    }

    private static List<Violation> selector(StatefulSetSpec spec) {
        if (spec.selector() == null) {
            return List.of(Errors.required("spec.selector", ""));
        }
        List<Violation> out = new ArrayList<>(SelectorRules.selector(spec.selector(), "spec.selector"));
        if (spec.selector().isEmpty()) {
            out.add(Errors.invalid("spec.selector", spec.selector(), "empty selector is invalid for statefulset"));
        }
        return out;
    }

    /**
     * The template is only checked against a selector that converts; a selector that does not
     * convert gets one more (detail-less) error, exactly as {@code LabelSelectorAsSelector} fails upstream.
     * restartPolicy and activeDeadlineSeconds are checked either way, the pod spec's volumes and containers
     * ({@link PodSpecRules}) only with {@code podSpec}.
     */
    private static List<Violation> template(StatefulSetSpec spec, boolean podSpec) {
        List<Violation> out = new ArrayList<>();
        boolean convertible = spec.selector() == null || SelectorRules.selector(spec.selector(), "spec.selector").isEmpty();
        if (convertible) {
            out.addAll(PodTemplateRules.metadata(spec.template(), spec.selector(), "spec.template"));
            if (podSpec) {
                List<String> claimNames = spec.volumeClaimTemplates().stream().map(t -> t.metadata().name()).toList();
                out.addAll(PodSpecRules.podSpec(spec.template().objectOrEmpty("spec"), claimNames, "spec.template.spec"));
                out.addAll(ProfileAnnotationRules.matchFields(spec.template().objectOrEmpty("metadata").stringMap("annotations"),
                        spec.template().objectOrEmpty("spec"), "spec.template.spec"));
            }
        } else {
            out.add(Errors.invalid("spec.selector", spec.selector(), ""));
        }
        out.addAll(PodTemplateRules.restartPolicy(spec.template(), "spec.template"));
        out.addAll(PodTemplateRules.activeDeadlineSeconds(spec.template(), "spec.template"));
        return out;
    }

    /**
     * Each claim template's name becomes a volume of the pod template, which upstream validates as one
     * ({@code volumesToAddForTemplates}, then {@code ValidatePodTemplateSpec}): it is required and a DNS-1123
     * label. Upstream names the merged volume's path ({@code spec.template.spec.volumes[i].name}, its
     * index in a Go map's order); ours names the template. Two templates of one name are merged there,
     * the last winning, so a repeated name is only a warning ({@link #warnings}).
     */
    private static List<Violation> claimTemplateNames(List<PersistentVolumeClaim> templates) {
        List<Violation> out = new ArrayList<>();
        for (int i = 0; i < templates.size(); i++) {
            String path = "spec.volumeClaimTemplates[" + i + "].metadata.name";
            String name = templates.get(i).metadata().name();
            if (name.isEmpty()) {
                out.add(Errors.required(path, "every volume claim template needs a name"));
                continue;
            }
            out.addAll(Errors.invalidEach(path, name, Names.dns1123Label(name)));
        }
        return out;
    }

    private static List<Violation> nonNegative(long value, String path) {
        return value < 0 ? List.of(Errors.invalid(path, value, Errors.NEGATIVE)) : List.of();
    }

    /**
     * Upstream's clone check: copy the mutable fields from the old spec into the new one; anything
     * still different is a forbidden change (selector, serviceName, volumeClaimTemplates,
     * podManagementPolicy, and any field added to the spec later).
     */
    private static boolean onlyMutableFieldsDiffer(StatefulSetSpec oldSpec, StatefulSetSpec newSpec) {
        StatefulSetSpec withOldMutables = newSpec
                .withReplicas(oldSpec.replicas())
                .withRevisionHistoryLimit(oldSpec.revisionHistoryLimit())
                .withTemplate(oldSpec.template())
                .withUpdateStrategy(oldSpec.updateStrategy())
                .withMinReadySeconds(oldSpec.minReadySeconds())
                .withOrdinals(oldSpec.ordinals())
                .withRetentionPolicy(oldSpec.persistentVolumeClaimRetentionPolicy());
        return withOldMutables.equals(oldSpec);
    }

    private static Json describe(UpdateStrategy.RollingUpdate rolling) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (rolling.partition() != null) {
            out.put("partition", rolling.partition());
        }
        IntOrString max = rolling.maxUnavailable();
        if (max != null) {
            out.put("maxUnavailable", max.isInt() ? (Object) max.intValue() : text(max));
        }
        return Json.from(out);
    }
}
