package dev.stateful.domain.sync;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import java.time.Instant;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the controller observed for one StatefulSet at one instant: the set, every pod of its
 * namespace, its claims and the revisions in its namespace. The planner decides from this alone.
 *
 * @param pods every pod in the set's namespace (the planner claims its own, spec 6.2)
 * @param claims claims of the set's namespace by name (only those of this set are looked at)
 * @param revisions every ControllerRevision of the namespace (the planner keeps the ones it owns)
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

    public Optional<PersistentVolumeClaim> claim(String name) {
        return Optional.ofNullable(claims.get(name));
    }

    public Snapshot withRevision(ControllerRevision revision) {
        List<ControllerRevision> copy = new java.util.ArrayList<>(revisions);
        copy.removeIf(r -> r.name().equals(revision.name()));
        copy.add(revision);
        return new Snapshot(set, pods, claims, copy, now);
    }
}
