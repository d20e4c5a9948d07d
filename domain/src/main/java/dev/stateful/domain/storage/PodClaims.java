package dev.stateful.domain.storage;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.LabelSelector;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Stable storage identity of StatefulSet pods ({@code getPersistentVolumeClaims}, {@code storageMatches}) and what a pod's claims need before the
 * pod can run ({@code createPersistentVolumeClaims}). Claim lookups are by claim name within the set's namespace.
 */
public final class PodClaims {

    private PodClaims() {
    }

    /**
     * {@code getPersistentVolumeClaimName}: {@code <template>-<set>-<ordinal>}. Volume provisioners'
     * zone-spreading heuristics parse this format, so it must not change.
     */
    public static String claimName(StatefulSet set, PersistentVolumeClaim template, int ordinal) {
        return template.name() + "-" + set.name() + "-" + ordinal;
    }

    /**
     * {@code getPersistentVolumeClaims}: the claims of ordinal {@code ordinal}, keyed by template
     * name in template order. Each is the template with its per-pod name, the set's namespace and
     * the selector's labels; no owner references are added here (retention refs come later, 1.7).
     */
    public static Map<String, PersistentVolumeClaim> claimsFor(StatefulSet set, int ordinal) {
        Map<String, PersistentVolumeClaim> claims = new LinkedHashMap<>();
        for (PersistentVolumeClaim template : set.spec().volumeClaimTemplates()) {
            claims.put(template.name(), desiredClaim(set, template, claimName(set, template, ordinal)));
        }
        return Collections.unmodifiableMap(claims);
    }

    /** One claim of {@link #claimsFor}: the template named {@code claimName}, in the set's namespace, with its labels. */
    public static PersistentVolumeClaim desiredClaim(StatefulSet set, PersistentVolumeClaim template, String claimName) {
        ObjectMeta meta = template.metadata()
                .withName(claimName)
                .withNamespace(set.namespace())
                .withLabels(claimLabels(set, template));
        return template.withMetadata(meta);
    }

    /**
     * The claims of ordinal {@code ordinal} that exist, in template order, looked up by name; the
     * desired claims themselves are not built (only their names are needed to find them).
     */
    public static List<PersistentVolumeClaim> existingClaims(StatefulSet set, int ordinal,
            Function<String, Optional<PersistentVolumeClaim>> existing) {
        List<PersistentVolumeClaim> templates = set.spec().volumeClaimTemplates();
        if (templates.isEmpty()) {
            return List.of();
        }
        List<PersistentVolumeClaim> found = new ArrayList<>(templates.size());
        for (PersistentVolumeClaim template : templatesByName(set)) {
            existing.apply(claimName(set, template, ordinal)).ifPresent(found::add);
        }
        return found;
    }

    /**
     * Whether {@code candidate} equals {@link #claimName claimName(set, template, ordinal)} for an
     * ordinal &ge; 0, without building that name: this runs for every pod on every pass.
     */
    static boolean isClaimName(String candidate, StatefulSet set, PersistentVolumeClaim template, int ordinal) {
        String templateName = template.name();
        String setName = set.name();
        int firstDash = templateName.length();
        int secondDash = firstDash + 1 + setName.length();
        if (candidate.length() != secondDash + 1 + decimalDigits(ordinal)
                || !candidate.startsWith(templateName) || candidate.charAt(firstDash) != '-'
                || !candidate.startsWith(setName, firstDash + 1) || candidate.charAt(secondDash) != '-') {
            return false;
        }
        int rest = ordinal;
        for (int i = candidate.length() - 1; i > secondDash; i--) {
            if (candidate.charAt(i) != (char) ('0' + rest % 10)) {
                return false;
            }
            rest /= 10;
        }
        return true;
    }

    private static int decimalDigits(int nonNegative) {
        int digits = 1;
        for (int rest = nonNegative / 10; rest > 0; rest /= 10) {
            digits++;
        }
        return digits;
    }

    /**
     * The set's claim templates as {@link #claimsFor} keys them: one per template name, at the
     * position of its first occurrence, the last occurrence winning (a {@link LinkedHashMap}'s put),
     * as upstream's {@code getPersistentVolumeClaims} keys them in a map. The API server stores a
     * repeated name (validation merges the templates' volumes), so a repeat is only a warning here too;
     * without one this is the list itself.
     */
    public static List<PersistentVolumeClaim> templatesByName(StatefulSet set) {
        List<PersistentVolumeClaim> templates = set.spec().volumeClaimTemplates();
        if (templates.size() < 2) {
            return templates;
        }
        Map<String, PersistentVolumeClaim> byName = new LinkedHashMap<>();
        for (PersistentVolumeClaim template : templates) {
            byName.put(template.name(), template);
        }
        return byName.size() == templates.size() ? templates : List.copyOf(byName.values());
    }

    /** The claims of an existing pod; its ordinal is parsed from its name (-1 when unparsable, as upstream). */
    public static Map<String, PersistentVolumeClaim> claimsFor(StatefulSet set, Pod pod) {
        return claimsFor(set, PodIdentity.ordinal(pod));
    }

    /**
     * Template labels overlaid by {@code selector.matchLabels}: the selector wins on a clash, so the
     * claims carry the same selecting labels as the pods. matchExpressions are ignored.
     */
    static Map<String, String> claimLabels(StatefulSet set, PersistentVolumeClaim template) {
        Map<String, String> labels = new LinkedHashMap<>(template.metadata().labels());
        LabelSelector selector = set.spec().selector();
        if (selector != null) {
            labels.putAll(selector.matchLabels());
        }
        return labels;
    }

    /**
     * {@code storageMatches}: the ordinal parses and, for every template, the pod has a volume named
     * exactly like the template whose PVC source names this pod's claim. Extra volumes are fine.
     */
    public static boolean storageMatches(StatefulSet set, Pod pod) {
        return storageMatches(set, pod, PodIdentity.ordinal(pod));
    }

    /** {@link #storageMatches(StatefulSet, Pod)} with the pod's ordinal already parsed. */
    public static boolean storageMatches(StatefulSet set, Pod pod, int ordinal) {
        if (ordinal < 0) {
            return false;
        }
        List<PersistentVolumeClaim> templates = set.spec().volumeClaimTemplates();
        if (templates.isEmpty()) {
            return true;
        }
        List<Json> volumes = pod.spec().array("volumes");
        for (PersistentVolumeClaim template : templates) {
            String claimName = claimSource(volumes, template.name());
            if (claimName == null || !isClaimName(claimName, set, template, ordinal)) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code updateStorage}: one PVC volume per template (template order; upstream's order is random)
     * followed by every existing volume whose name is not a template name, so a same-named template
     * volume is replaced. Upstream also writes {@code readOnly: false}, which Go omits on the wire.
     */
    public static Pod updateStorage(StatefulSet set, Pod pod) {
        Map<String, PersistentVolumeClaim> claims = claimsFor(set, pod);
        List<Json> volumes = new ArrayList<>();
        claims.forEach((templateName, claim) -> volumes.add(claimVolume(templateName, claim.name())));
        for (Json volume : pod.spec().array("volumes")) {
            if (!claims.containsKey(volumeName(volume))) {
                volumes.add(volume);
            }
        }
        // Go's omitempty drops an empty volume list.
        Json.Obj spec = volumes.isEmpty() ? pod.spec().without("volumes") : pod.spec().with("volumes", new Json.Arr(volumes));
        return pod.withSpec(spec);
    }

    /** The pod volume that mounts claim {@code claimName} under the template's name. */
    public static Json.Obj claimVolume(String templateName, String claimName) {
        return Json.object("name", templateName, "persistentVolumeClaim", Json.object("claimName", claimName));
    }

    /** A claim lookup by name over a snapshot of claims (e.g. an informer cache of one namespace). */
    public static Function<String, Optional<PersistentVolumeClaim>> lookup(Collection<PersistentVolumeClaim> claims) {
        Map<String, PersistentVolumeClaim> byName = new LinkedHashMap<>();
        claims.forEach(claim -> byName.put(claim.name(), claim));
        return name -> Optional.ofNullable(byName.get(name));
    }

    /**
     * The claim the volume named {@code name} mounts: the last volume of that name decides, as in a
     * by-name map of the volumes (a later volume replaces an earlier one); null when no volume has the
     * name or the deciding one is not a PVC volume. A scan of the pod's few volumes, nothing built:
     * this runs for every pod of every plan, and a request brings new pods each time.
     */
    private static String claimSource(List<Json> volumes, String name) {
        for (int i = volumes.size() - 1; i >= 0; i--) {
            Json volume = volumes.get(i);
            if (volumeName(volume).equals(name)) {
                return claimNameOf(volume);
            }
        }
        return null;
    }

    private static String volumeName(Json volume) {
        return volume instanceof Json.Obj v && v.fields().get("name") instanceof Json.Str name ? name.value() : "";
    }

    /** The claim a volume mounts ("" when its source names none); null when absent or not a PVC volume. */
    private static String claimNameOf(Json volume) {
        if (!(volume instanceof Json.Obj v) || !(v.fields().get("persistentVolumeClaim") instanceof Json.Obj source)) {
            return null;
        }
        return source.fields().get("claimName") instanceof Json.Str name ? name.value() : "";
    }
}
