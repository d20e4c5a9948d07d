package dev.stateful.domain.sync;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.identity.ReservedOrdinals;
import dev.stateful.domain.storage.ClaimRelease;
import dev.stateful.domain.storage.PodClaims;
import java.time.Instant;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What the controller observed for one StatefulSet at one instant: the set, the pods of its
 * namespace, its claims and the revisions in its namespace. The planner decides from this alone.
 * Immutable lists and maps (from {@code List.of}, {@code List.copyOf}, {@code Map.copyOf}) are kept
 * as they are, not copied again.
 *
 * @param pods the pods of the set's namespace (the planner claims its own, as {@code ClaimPods}): every pod, or
 *     at least those the set controls and the orphans; pods of other controllers are ignored
 * @param claims claims of the set's namespace by name: all of them, or at least those named by
 *     {@link #claimNames} (no other name is looked up) and, unless the retention policy lets the set
 *     own claims, those whose controller is the set (the claims it must release, {@link ClaimRelease})
 * @param revisions the ControllerRevisions of the namespace (the planner keeps the ones it owns):
 *     every one, or at least those the set controls, the orphans and every revision whose name
 *     starts with the set's name and a dash (they take part in name-collision handling)
 */
public record Snapshot(StatefulSet set, List<Pod> pods, Map<String, PersistentVolumeClaim> claims,
                       List<ControllerRevision> revisions, Instant now) {

    public Snapshot {
        pods = List.copyOf(pods);
        claims = byName(claims);
        revisions = List.copyOf(revisions);
    }

    /**
     * An unmodifiable copy that rejects nulls like {@code Map.copyOf}, but hashed: the planner looks
     * up every pod's claims in it, and a {@code HashMap} keeps each key's hash, so a lookup among
     * thousands of claims compares one name instead of probing through many ({@code Map.copyOf}'s
     * open addressing compares the names it passes).
     */
    private static Map<String, PersistentVolumeClaim> byName(Map<String, PersistentVolumeClaim> claims) {
        Map<String, PersistentVolumeClaim> copy = new HashMap<>(Math.max(16, (int) (claims.size() / 0.75f) + 1));
        claims.forEach((name, claim) -> copy.put(Objects.requireNonNull(name), Objects.requireNonNull(claim)));
        return Collections.unmodifiableMap(copy);
    }

    /**
     * Beyond this many claim names (templates times ordinals) a sync reads every claim of the
     * namespace instead: the replica count of a set, even an invalid one the planner will refuse,
     * may be anything, and must not make naming the claims the cost.
     */
    public static final int MAX_NAMED_CLAIMS = 10_000;

    /**
     * The claims a plan for {@code set} may look up, given the pods observed for it, by name: those
     * {@link #claimNames} names, each looked up with {@code byName}; or, when there are more than
     * {@link #MAX_NAMED_CLAIMS} names, every claim {@code all} gives. Unless the retention policy lets
     * the set own claims, also those {@code controlled} gives (the claims whose controller is the set,
     * from an owner index: under the default policy there are none, and this costs one lookup).
     */
    public static Map<String, PersistentVolumeClaim> claimsOf(StatefulSet set, Collection<Pod> pods,
                                                              Function<String, Optional<PersistentVolumeClaim>> byName,
                                                              Supplier<? extends Collection<PersistentVolumeClaim>> all,
                                                              Supplier<? extends Collection<PersistentVolumeClaim>> controlled) {
        Map<String, PersistentVolumeClaim> out = new HashMap<>();
        Optional<Set<String>> names = claimNames(set, pods);
        if (names.isEmpty()) {
            all.get().forEach(c -> out.put(c.name(), c));
        } else {
            names.get().forEach(name -> byName.apply(name).ifPresent(c -> out.put(name, c)));
            if (!ClaimRelease.setMayOwnClaims(set)) {
                controlled.get().forEach(c -> out.putIfAbsent(c.name(), c));
            }
        }
        return Collections.unmodifiableMap(out);
    }

    /**
     * The names of every claim a plan for {@code set} may look up, given the pods observed for it:
     * each template's claim for each ordinal of the replica range (reserved ordinals skipped) and for the ordinal of each pod
     * that is a member of the set by name (claimed pods beyond the range, whose claims the retention
     * policy and the stale-claim guard read). Empty when there would be more than
     * {@link #MAX_NAMED_CLAIMS}.
     */
    public static Optional<Set<String>> claimNames(StatefulSet set, Collection<Pod> pods) {
        List<PersistentVolumeClaim> templates = set.spec().volumeClaimTemplates();
        if (templates.isEmpty()) {
            return Optional.of(Set.of());
        }
        long replicas = Math.max(0, set.spec().replicasOrDefault());
        if ((replicas + pods.size()) * templates.size() > MAX_NAMED_CLAIMS) {
            return Optional.empty();
        }
        Set<Integer> ordinals = new TreeSet<>();
        int start = set.spec().startOrdinal();
        ReservedOrdinals reserved = ReservedOrdinals.of(set);
        for (int i = 0; i < replicas; i++) {
            long ordinal = reserved.ordinalAt(start, i);
            if (ordinal <= Integer.MAX_VALUE) {
                ordinals.add((int) ordinal);
            }
        }
        for (Pod pod : pods) {
            int ordinal = PodIdentity.ordinal(pod);
            if (ordinal >= 0 && PodIdentity.isMemberOf(set, pod)) {
                ordinals.add(ordinal);
            }
        }
        Set<String> names = new LinkedHashSet<>();
        for (int ordinal : ordinals) {
            for (PersistentVolumeClaim template : templates) {
                names.add(PodClaims.claimName(set, template, ordinal));
            }
        }
        return Optional.of(names);
    }

    public Optional<PersistentVolumeClaim> claim(String name) {
        return Optional.ofNullable(claims.get(name));
    }

    /**
     * This snapshot without the pods of {@code uids}: upstream's {@code ClaimPods} leaves out an orphan
     * that was gone when it came to adopt it, so the sync never acts on it.
     */
    public Snapshot withoutPods(Set<String> uids) {
        List<Pod> kept = pods.stream().filter(p -> !uids.contains(p.metadata().uid())).toList();
        return new Snapshot(set, kept, claims, revisions, now);
    }

    public Snapshot withRevision(ControllerRevision revision) {
        List<ControllerRevision> copy = new java.util.ArrayList<>(revisions);
        copy.removeIf(r -> r.name().equals(revision.name()));
        copy.add(revision);
        return new Snapshot(set, pods, claims, copy, now);
    }
}
