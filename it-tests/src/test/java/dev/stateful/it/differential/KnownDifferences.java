package dev.stateful.it.differential;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiPredicate;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The differences from upstream the project intends: one rule for each entry of the README's
 * "Where it deliberately differs" list (each entry names its rule), allowing exactly the
 * difference that entry causes in what {@link Comparison} compares, and nothing else. A rule whose
 * divergence none of the compared aspects can show allows nothing: if a scenario ever shows it,
 * the run fails and the rule must be written out.
 */
enum KnownDifferences {

    /**
     * Rolling updates honour maxUnavailable and replace unhealthy outdated pods at once
     * (kubernetes#137409): where 1.36's {@code updateStatefulSetAfterInvariantEstablished} waits
     * because an outdated pod is unavailable, ours replaces it and goes on, ahead of upstream until a
     * later step frees upstream's, maybe never ({@link RolloutRanAhead}; random seed
     * 760189246359648776, a Parallel rollout begun while web-0 is not ready, upstream going on when
     * web-0 fails; random seed 7454844306248833542, where web-0 stays not ready and upstream never
     * goes on; against 1.37.2, whose kubernetes#137666 does as ours, the first passes).
     */
    MAX_UNAVAILABLE_ALWAYS_HONOURED(RolloutRanAhead::allows),

    /**
     * {@code status.currentRevision} moves to the update revision only once every replica is also
     * available (kubernetes#136831): upstream has completed the rollout in its status while ours
     * still counts the replicas that are not yet available.
     */
    CURRENT_REVISION_WAITS_FOR_AVAILABILITY(d -> d.aspect().equals("status") && sameBut(d, "current", "currentRevision")
            && Status.of(d.upstream()).completed() && !Status.of(d.ours()).completed()
            && Status.of(d.ours()).get("available") < Status.of(d.ours()).get("replicas")),

    /**
     * Under OnDelete the rollout completes in the status once every replica is updated and
     * available; upstream's {@code completeRollingUpdate} completes RollingUpdate sets only, so it
     * keeps the old current revision with no current replicas. After a later template change the
     * two stay apart: ours counts the replicas of the revision it completed to, upstream still
     * names the old revision, which holds no replica but those of the update revision (none, or
     * all updated ones when the template is reverted to it: random seed 7279905398567894814).
     */
    ON_DELETE_COMPLETES_THE_ROLLOUT(d -> d.aspect().equals("status") && sameBut(d, "current", "currentRevision")
            && (Status.of(d.ours()).completed() && !Status.of(d.upstream()).completed()
                    && Status.of(d.ours()).get("updated") == Status.of(d.ours()).get("replicas")
                    || upstreamStillOnTheRevisionOursCompletedFrom(Status.of(d.upstream()), Status.of(d.ours())))),

    /** {@code status.currentReplicas} is clamped at 0 where upstream would write a negative count (refused by the server). */
    CURRENT_REPLICAS_NEVER_NEGATIVE(d -> false),

    /** Under minReadySeconds a sync is requeued when the next pod becomes available: timing only, settle points do not show it. */
    REQUEUE_WHEN_THE_NEXT_POD_IS_AVAILABLE(d -> false),

    /** A failed rollback renumbering keeps the revision it renumbers while history is truncated. */
    RENUMBERED_REVISION_KEPT_ON_A_FAILED_WRITE(d -> false),

    /** A pod with a uid but no phase counts as created: a real API server always sets the phase. */
    A_POD_WITHOUT_A_PHASE_IS_CREATED(d -> false),

    /**
     * An invalid set gets a FailedValidation event (and a condition) instead of being synced: ours
     * recorded every event upstream did, and its extra ones are all FailedValidation warnings.
     */
    INVALID_SETS_REPORTED(d -> Events.onlyOursExtra(d, e -> e.startsWith("Warning FailedValidation:"))),

    /**
     * Claims are created with the owner references the policy asks for, so ours never updates a
     * claim it has just created. Upstream's {@code CreateStatefulPod} creates the claim, then
     * {@code UpdatePodClaimForRetentionPolicy} updates it from the claim cache, which can be behind
     * a write another of kube-controller-manager's controllers made to the new claim: that update's
     * conflict is a FailedUpdate event only upstream records (random seeds 7848753250952234966 and
     * 20261203). Claim updates themselves are not compared.
     */
    CLAIMS_CREATED_WITH_THEIR_OWNERS(d -> Events.onlyUpstreamExtra(d, e -> Events.CLAIM_OWNERS_CONFLICT.matcher(e).matches())),

    /** A claim still owned by a deleted pod or an earlier set is never reused. */
    CLAIMS_OF_GONE_OWNERS_NOT_REUSED(d -> false),

    /**
     * Under {@code whenDeleted: Retain} the set's reference is taken off the claims no pod of it
     * names, which upstream leaves, so that deleting the set deletes them ({@link ClaimsReleased}).
     */
    UNUSED_CLAIMS_RELEASED_UNDER_RETAIN(ClaimsReleased::allows),

    /**
     * A pod is created only on claims whose owner references, read past the cache, are the ones
     * the plan saw: it needs a claim cache behind an owner reference, which no scenario produces.
     */
    CLAIMS_READ_FRESH_BEFORE_A_POD_STARTS(d -> false),

    /**
     * A claim is given the set as owner only after an uncached read found the set with that uid: it
     * needs a set cache behind a delete and a create under the same name, which no scenario produces.
     */
    SET_RECHECKED_BEFORE_IT_OWNS_A_CLAIM(d -> false),

    /**
     * History is left alone by a sync whose status write found a newer spec: it needs a set cache
     * behind the spec, which no scenario produces.
     */
    HISTORY_KEPT_WHEN_THE_SPEC_MOVED_ON(d -> false),

    /** A Failed or Succeeded pod's claims get their owner references before the pod is deleted. */
    FAILED_PODS_CLAIMS_OWNED_FIRST(d -> false),

    /**
     * A pod is deleted with its uid as a precondition: it needs a pod deleted and created again under
     * the same name between the cache and the delete, which no scenario produces.
     */
    POD_DELETES_GUARDED_BY_UID(d -> false),

    /** Names longer than 52 characters are rejected (kubernetes#64023). */
    LONG_NAMES_REJECTED(d -> false),

    /** A range whose highest ordinal, start + replicas - 1, does not fit 32 bits is rejected: no scenario comes near it. */
    HIGHEST_ORDINAL_BOUNDED(d -> false),

    /** A quantity's exponent past 32 bits is refused: no scenario asks for such a size. */
    QUANTITY_EXPONENTS_BOUNDED(d -> false),

    /** At most 1,000 missing pods are created per sync: no scenario has that many replicas. */
    MISSING_PODS_PER_SYNC_BOUNDED(d -> false),

    /** Revisions of kube-controller-manager 1.33 and 1.34 for the same template are reused. */
    EARLIER_REVISIONS_REUSED(d -> false),

    /**
     * A Failed or Succeeded pod deleted by {@code processReplica} is not deleted again by the same
     * sync's rolling update: the compared writes leave out a DELETE answered 404 and count a repeated
     * one once, the events are a set, and the status at a settle point comes from a later sync.
     */
    A_FAILED_POD_DELETED_ONCE_PER_SYNC(d -> false),

    /** The unchanged pod upstream PUTs after its claims' owner references: the compared writes are creates and deletes, and the PUT changes no object. */
    NO_WRITE_FOR_AN_UNCHANGED_POD(d -> false),

    /**
     * A revision or set already gone ends the write instead of failing the sync: only the retries
     * differ, and a status written onto a replaced set needs a set cache behind a delete and a create
     * under the same name, which no scenario produces.
     */
    GONE_OBJECTS_END_THE_WRITE(d -> false),

    /**
     * Owner-list patches guarded by the resourceVersion, and claim-owner conflicts left to the next
     * sync: both need a cache behind another writer's change to the same owner list, which no
     * scenario produces; the events are a set, so a repeated FailedUpdate would not show.
     */
    OWNER_CONFLICTS_LEFT_TO_THE_NEXT_SYNC(d -> false);

    /** Both runs of the scenario a difference came from, for a rule that spans settle points. */
    record Run(Trace upstream, Trace ours) {
        /** For a difference judged on its own: no rule that needs the runs allows it. */
        static final Run UNKNOWN = new Run(new Trace(List.of()), new Trace(List.of()));
    }

    private final BiPredicate<Difference, Run> allows;

    KnownDifferences(BiPredicate<Difference, Run> allows) {
        this.allows = allows;
    }

    /** A rule that judges each difference on its own. */
    KnownDifferences(Predicate<Difference> allows) {
        this((d, run) -> allows.test(d));
    }

    /**
     * A run's differences sorted by the rules, each rule tested once per difference: how many each
     * rule allowed (what a run prints, so that a run against another release shows which listed
     * divergences it still has) and those no rule allows (what fails it).
     */
    record Sorted(Map<KnownDifferences, Long> allowed, List<Difference> unlisted) {
    }

    static Sorted sort(List<Difference> differences, Run run) {
        Map<KnownDifferences, Long> allowed = new EnumMap<>(KnownDifferences.class);
        List<Difference> unlisted = new ArrayList<>();
        for (Difference d : differences) {
            allowing(d, run).ifPresentOrElse(rule -> allowed.merge(rule, 1L, Long::sum), () -> unlisted.add(d));
        }
        return new Sorted(Collections.unmodifiableMap(allowed), List.copyOf(unlisted));
    }

    /** The first rule that allows {@code difference}, if one does. */
    static Optional<KnownDifferences> allowing(Difference difference, Run run) {
        return Arrays.stream(values()).filter(rule -> rule.allows.test(difference, run)).findFirst();
    }

    /** The first rule that allows {@code difference} judged on its own, if one does. */
    static Optional<KnownDifferences> allowing(Difference difference) {
        return allowing(difference, Run.UNKNOWN);
    }

    /**
     * Ours has moved its current revision to one that holds replicas and has since been left by a
     * template change; upstream's current revision is another, which holds no replica of its own.
     */
    private static boolean upstreamStillOnTheRevisionOursCompletedFrom(Status upstream, Status ours) {
        int upstreamOwn = upstream.completed() ? upstream.get("current") - upstream.get("updated") : upstream.get("current");
        return !ours.completed() && ours.get("current") > 0 && upstreamOwn == 0
                && !Objects.equals(upstream.fields.get("currentRevision"), ours.fields.get("currentRevision"));
    }

    /** Both statuses are the same but for {@code fields}. */
    private static boolean sameBut(Difference d, String... fields) {
        Status upstream = Status.of(d.upstream());
        Status ours = Status.of(d.ours());
        for (String field : fields) {
            upstream.fields.remove(field);
            ours.fields.remove(field);
        }
        return upstream.fields.equals(ours.fields);
    }

    /** A status as {@link Snapshot} writes it: {@code key=value} pairs. */
    record Status(Map<String, String> fields) {
        static Status of(String text) {
            Map<String, String> fields = new HashMap<>();
            for (String pair : text.split(" ")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    fields.put(pair.substring(0, eq), pair.substring(eq + 1));
                }
            }
            return new Status(fields);
        }

        int get(String field) {
            return Integer.parseInt(fields.getOrDefault(field, "0"));
        }

        boolean completed() {
            return Objects.equals(fields.get("currentRevision"), fields.get("updateRevision"));
        }
    }

    /** Events as {@link Comparison} prints them: a sorted set. */
    private static final class Events {

        /** Upstream's FailedUpdate when its update of a claim's owner references met a newer claim. */
        static final Pattern CLAIM_OWNERS_CONFLICT = Pattern.compile("Warning FailedUpdate: (?i:update) Pod \\S+ in StatefulSet \\S+ failed error: "
                + "could not update claim \\S+ for delete policy ownerRefs: Operation cannot be fulfilled on persistentvolumeclaims .*");

        /** Ours recorded every event upstream did, and each event only ours recorded is {@code extra}. */
        static boolean onlyOursExtra(Difference d, Predicate<String> extra) {
            return d.aspect().equals("events") && onlyExtra(of(d.upstream()), of(d.ours()), extra);
        }

        /** Upstream recorded every event ours did, and each event only upstream recorded is {@code extra}. */
        static boolean onlyUpstreamExtra(Difference d, Predicate<String> extra) {
            return d.aspect().equals("events") && onlyExtra(of(d.ours()), of(d.upstream()), extra);
        }

        private static boolean onlyExtra(List<String> fewer, List<String> more, Predicate<String> extra) {
            return more.containsAll(fewer) && more.stream().filter(e -> !fewer.contains(e)).allMatch(extra);
        }

        static List<String> of(String text) {
            String inner = text.startsWith("[") && text.endsWith("]") ? text.substring(1, text.length() - 1) : text;
            return inner.isEmpty() ? List.of() : Arrays.stream(inner.split(", (?=(Normal|Warning) )")).toList();
        }
    }
}
