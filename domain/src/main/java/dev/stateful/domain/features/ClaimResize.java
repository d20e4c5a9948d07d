package dev.stateful.domain.features;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.quantity.Quantity;
import dev.stateful.domain.storage.PodClaims;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Storage resize through {@code volumeClaimTemplates} (kubernetes#68737, KEP-4650), our own kind
 * only: its templates may change, and a larger {@code resources.requests.storage} is applied to each
 * existing claim by the rolling update (highest ordinal first, at or above the partition, within
 * maxUnavailable, not while paused nor under OnDelete). A replica's claim is <em>compatible</em> with
 * its template (KEP-4650's word) when it shows at least the template's request: in
 * {@code status.capacity}, or in its own request while it is not bound (no capacity yet, nothing to
 * expand). A pod counts as updated only when its claims are compatible. A resize the API server refuses
 * (its {@code PersistentVolumeClaimResize} admission, for a storage class without
 * {@code allowVolumeExpansion}) stops the rollout with a {@code ReplicaFailure} condition, reason
 * {@value #REASON}, as a Deployment reports a replica it cannot create; the refused claim is retried
 * (with the sync's backoff) and the condition goes once that claim asks for the template's size.
 * A new template's claims come with each pod's next creation; a removed template's claims are left alone.
 */
public final class ClaimResize {

    /** Deployment's condition type for a replica that cannot be made ({@code DeploymentReplicaFailure}). */
    public static final String CONDITION_TYPE = "ReplicaFailure";
    /** The reason of the condition and of the Warning event when a resize is refused. */
    public static final String REASON = "VolumeClaimResizeFailed";
    /** How often a set with a growing claim is looked at again (nothing else enqueues it when the capacity shows). */
    public static final java.time.Duration GROWTH_RECHECK = java.time.Duration.ofSeconds(5);
    private static final String MESSAGE_PREFIX = "claim ";
    private static final String MESSAGE_INFIX = " cannot be resized to ";

    private ClaimResize() {
    }

    /** One claim to grow to {@code storage}. */
    public record Resize(PersistentVolumeClaim claim, String storage) {
    }

    /**
     * What a replica's claims need: those whose request is below their template's ({@code resize}),
     * and whether any asks for enough already but does not show it yet ({@code pending}, the resizer is at work).
     */
    public record ReplicaClaims(List<Resize> resize, Optional<String> pending) {
        public ReplicaClaims {
            resize = List.copyOf(resize);
        }

        public boolean compatible() {
            return resize.isEmpty() && pending.isEmpty();
        }
    }

    /** A resize the API server refused, as the execution saw it. */
    public record Refusal(String claimName, String storage, String error) {
    }

    private static final ReplicaClaims NOTHING = new ReplicaClaims(List.of(), Optional.empty());

    /** A template whose storage request an update makes smaller: {@code index} in the new spec's list. */
    public record Shrink(int index, String templateName, String from, String to) {
    }

    /**
     * The templates of {@code newSet} asking for less storage than the same-named template of
     * {@code oldSet}: a claim is never shrunk, so such an update is refused. Our kind only (apps/v1's
     * templates are immutable altogether).
     */
    public static List<Shrink> shrinks(StatefulSet oldSet, StatefulSet newSet) {
        List<Shrink> out = new ArrayList<>();
        if (!newSet.kind().isCustom()) {
            return out;
        }
        // the template a name stands for is the last of that name, on both sides (PodClaims.templatesByName)
        List<PersistentVolumeClaim> given = newSet.spec().volumeClaimTemplates();
        List<PersistentVolumeClaim> before = PodClaims.templatesByName(oldSet);
        for (PersistentVolumeClaim template : PodClaims.templatesByName(newSet)) {
            for (PersistentVolumeClaim old : before) {
                if (old.name().equals(template.name()) && less(template.requestedStorage(), old.requestedStorage())) {
                    out.add(new Shrink(given.lastIndexOf(template), template.name(), old.requestedStorage(), template.requestedStorage()));
                }
            }
        }
        return out;
    }

    /** Whether resizing applies to {@code set}: our kind, with claim templates. */
    public static boolean applies(StatefulSet set) {
        return set.kind().isCustom() && !set.spec().volumeClaimTemplates().isEmpty();
    }

    /** The replica of ordinal {@code ordinal}'s existing claims against the templates; missing and terminating claims need nothing here. */
    public static ReplicaClaims of(StatefulSet set, int ordinal, Map<String, PersistentVolumeClaim> claims) {
        if (!applies(set)) {
            return NOTHING;
        }
        List<Resize> resize = new ArrayList<>();
        Optional<String> pending = Optional.empty();
        for (PersistentVolumeClaim template : PodClaims.templatesByName(set)) {
            String wanted = template.requestedStorage();
            PersistentVolumeClaim claim = claims.get(PodClaims.claimName(set, template, ordinal));
            if (claim == null || claim.isTerminating() || Quantity.parse(wanted).isEmpty()) {
                continue;
            }
            if (less(claim.requestedStorage(), wanted)) {
                resize.add(new Resize(claim, wanted));
            } else if (!claim.capacity().isEmpty() && less(claim.capacity(), wanted) && pending.isEmpty()) {
                pending = Optional.of(claim.name() + " asks for " + wanted + " but shows " + claim.capacity() + " (status.capacity)");
            }
        }
        return resize.isEmpty() && pending.isEmpty() ? NOTHING : new ReplicaClaims(resize, pending);
    }

    /** Whether {@code claim} shows at least {@code template}'s request. */
    static boolean compatible(PersistentVolumeClaim claim, PersistentVolumeClaim template) {
        String wanted = template.requestedStorage();
        if (Quantity.parse(wanted).isEmpty()) {
            return true;
        }
        String shown = claim.capacity().isEmpty() ? claim.requestedStorage() : claim.capacity();
        return !less(shown, wanted);
    }

    /**
     * Our kind's status over the in-range pods: {@code updatedReplicas} leaves out the pods of the
     * update revision whose claims are not compatible yet, and {@code volumeClaimTemplates} counts,
     * per template, the created pods whose claim exists and is compatible.
     */
    public static StatefulSetStatus counted(StatefulSet set, StatefulSetStatus status, List<Pod> inRange,
                                            Map<String, PersistentVolumeClaim> claims) {
        if (!applies(set)) {
            return status;
        }
        List<PersistentVolumeClaim> templates = PodClaims.templatesByName(set);
        int[] compatible = new int[templates.size()];
        int notUpdated = 0;
        for (Pod pod : inRange) {
            if (!pod.isCreated()) {
                continue;
            }
            int ordinal = PodIdentity.ordinal(pod);
            for (int t = 0; t < templates.size(); t++) {
                PersistentVolumeClaim claim = claims.get(PodClaims.claimName(set, templates.get(t), ordinal));
                if (claim != null && compatible(claim, templates.get(t))) {
                    compatible[t]++;
                }
            }
            if (!pod.isTerminating() && PodIdentity.revisionOf(pod).equals(status.updateRevision())
                    && !of(set, ordinal, claims).compatible()) {
                notUpdated++;
            }
        }
        List<StatefulSetStatus.ClaimTemplateStatus> lines = new ArrayList<>();
        for (int t = 0; t < templates.size(); t++) {
            lines.add(new StatefulSetStatus.ClaimTemplateStatus(templates.get(t).name(), compatible[t]));
        }
        return status.withUpdatedReplicas(Math.max(0, status.updatedReplicas() - notUpdated)).withVolumeClaimTemplates(lines);
    }

    /**
     * {@code storageMatches} for an existing pod: a template the pod has no volume for is new since
     * the pod was made, and its claim comes with the pod's next creation (an API server refuses a
     * running pod's new volume), so only the templates the pod mounts are checked. apps/v1: every template.
     */
    public static boolean storageMatches(StatefulSet set, Pod pod, int ordinal) {
        if (!set.kind().isCustom() || set.spec().volumeClaimTemplates().isEmpty()) {
            return PodClaims.storageMatches(set, pod, ordinal);
        }
        List<PersistentVolumeClaim> templates = set.spec().volumeClaimTemplates();
        List<Json> volumes = pod.spec().array("volumes");
        int mountedCount = 0;
        for (PersistentVolumeClaim template : templates) {
            if (hasVolumeNamed(volumes, template.name())) {
                mountedCount++;
            }
        }
        if (mountedCount == templates.size()) {
            return PodClaims.storageMatches(set, pod, ordinal);
        }
        List<PersistentVolumeClaim> mounted = new ArrayList<>(mountedCount);
        for (PersistentVolumeClaim template : templates) {
            if (hasVolumeNamed(volumes, template.name())) {
                mounted.add(template);
            }
        }
        return PodClaims.storageMatches(set.withSpec(set.spec().withVolumeClaimTemplates(mounted)), pod, ordinal);
    }

    /** Whether some volume of the pod is named {@code name}: a scan of its few volumes, for every pod of every plan. */
    private static boolean hasVolumeNamed(List<Json> volumes, String name) {
        for (Json volume : volumes) {
            if (volume instanceof Json.Obj v && v.fields().get("name") instanceof Json.Str s && s.value().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** The claim a stored {@value #REASON} condition names, if the set has one. */
    public static Optional<String> refusedClaim(StatefulSetStatus status) {
        return refusal(status.conditions()).map(c -> {
            String m = c.message();
            int end = m.indexOf(MESSAGE_INFIX);
            return m.startsWith(MESSAGE_PREFIX) && end > MESSAGE_PREFIX.length() ? m.substring(MESSAGE_PREFIX.length(), end) : "";
        }).filter(name -> !name.isEmpty());
    }

    /**
     * The conditions to write: {@code stored}'s, with the condition for {@code refused} (a resize this
     * execution saw refused) set, or the stored one removed when {@code clear} (its claim asks for the
     * template's size now, or the set has no such claim any more).
     */
    public static List<StatefulSetStatus.Condition> conditions(List<StatefulSetStatus.Condition> stored, Refusal refused,
                                                               boolean clear, Instant now) {
        Optional<StatefulSetStatus.Condition> existing = refusal(stored);
        if (refused == null && (!clear || existing.isEmpty())) {
            return stored;
        }
        List<StatefulSetStatus.Condition> out = new ArrayList<>();
        for (StatefulSetStatus.Condition c : stored) {
            if (!isRefusal(c)) {
                out.add(c);
            }
        }
        if (refused != null) {
            String message = MESSAGE_PREFIX + refused.claimName() + MESSAGE_INFIX + refused.storage() + ": " + refused.error();
            Instant since = existing.map(StatefulSetStatus.Condition::lastTransitionTime).orElse(now);
            out.add(new StatefulSetStatus.Condition(CONDITION_TYPE, "True", since, REASON, message));
        }
        return out;
    }

    /** The Warning event's message for a refused resize. */
    public static String refusalEvent(String claimName, String podName, String setName, String storage, String error) {
        return "Resize Claim " + claimName + " for Pod " + podName + " in StatefulSet " + setName + " to " + storage
                + " failed error: " + error;
    }

    /** {@code a < b}, both quantities; false when either is not one (nothing to compare). */
    private static boolean less(String a, String b) {
        Optional<Quantity> x = Quantity.parse(a);
        Optional<Quantity> y = Quantity.parse(b);
        return x.isPresent() && y.isPresent() && x.get().compareTo(y.get()) < 0;
    }

    private static Optional<StatefulSetStatus.Condition> refusal(List<StatefulSetStatus.Condition> conditions) {
        return conditions.stream().filter(ClaimResize::isRefusal).findFirst();
    }

    private static boolean isRefusal(StatefulSetStatus.Condition c) {
        return CONDITION_TYPE.equals(c.type()) && REASON.equals(c.reason());
    }
}
