package dev.stateful.it.differential;

import dev.stateful.domain.storage.ClaimErrors;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Compares two traces of one scenario settle point by settle point. */
final class Comparison {

    private Comparison() {
    }

    static List<Difference> of(Scenario scenario, Trace upstream, Trace ours) {
        List<Difference> differences = new ArrayList<>();
        for (int i = 0; i < Math.min(upstream.segments().size(), ours.segments().size()); i++) {
            int step = i + 1;
            Trace.Segment a = upstream.segments().get(i);
            Trace.Segment b = ours.segments().get(i);
            Compare compare = (aspect, of) -> {
                Object x = of.apply(a);
                Object y = of.apply(b);
                if (!Objects.equals(x, y)) {
                    differences.add(new Difference(step, a.step(), aspect, String.valueOf(x), String.valueOf(y)));
                }
            };
            compare.on("pods", s -> s.snapshot().pods());
            compare.on("claims", s -> s.snapshot().claims());
            compare.on("revisions", s -> s.snapshot().revisions());
            compare.on("status", s -> s.snapshot().status());
            // OrderedReady: the order is the rule; Parallel: a slow-start batch has no order
            compare.on("writes", s -> scenario.parallel() ? counted(deletedOnce(refusedOnce(s.writes())))
                    : claimsOfAPodUnordered(deletedOnce(refusedOnce(s.writes()))));
            compare.on("events", s -> claimWaitsThatRaced(claimCreatesOfAPodUnordered(s.events(), s.writes()), s.snapshot().claims()));
        }
        return differences;
    }

    private interface Compare {
        void on(String aspect, Function<Trace.Segment, Object> of);
    }

    /**
     * The writes in order, but each run of claim creates sorted: upstream creates a pod's claims
     * ranging over a Go map ({@code createPersistentVolumeClaims}), in no defined order.
     */
    static List<String> claimsOfAPodUnordered(List<String> writes) {
        List<String> out = new ArrayList<>(writes);
        for (int start = 0; start < out.size(); start++) {
            int end = start;
            while (end < out.size() && out.get(end).startsWith("POST claim/")) {
                end++;
            }
            if (end - start > 1) {
                out.subList(start, end).sort(null);
                start = end - 1;
            }
        }
        return out;
    }

    /**
     * The writes with each refused write ({@code POST claim/logs-web-1 -> 403}) kept at its first
     * place only. A refused write changed nothing; the sync it failed is retried with the work
     * queue's exponential backoff (5 ms doubling) until a retry goes through, and how many retries
     * fall before the settle point is timing. Which writes were refused, and in what order with the
     * others, is still compared, and the events say why.
     */
    static List<String> refusedOnce(List<String> writes) {
        Set<String> refused = new HashSet<>();
        return writes.stream().filter(w -> !w.contains(" -> ") || refused.add(w)).toList();
    }

    /**
     * The writes with a DELETE of an object already deleted since its last create counted once. A
     * sync that runs before the controller's pod informer shows its first DELETE deletes the
     * terminating pod again (upstream's rolling update and {@code processCondemned} read the cache,
     * not the server); the API server answers the second like the first and nothing changes, so how
     * often the race hits is timing, not behaviour. In a Parallel scale-down the repeats need not
     * follow their first: upstream deleted web-3, web-2 and web-1 in one batch and web-2 and web-1
     * again in the next sync (random seed 20261217).
     */
    static List<String> deletedOnce(List<String> writes) {
        List<String> out = new ArrayList<>(writes.size());
        Set<String> deleted = new HashSet<>();
        for (String write : writes) {
            if (write.startsWith("DELETE ") && !deleted.add(write)) {
                continue;
            }
            if (write.startsWith("POST ")) {
                deleted.remove("DELETE " + write.substring("POST ".length()));
            }
            out.add(write);
        }
        return out;
    }

    private static final Pattern CLAIM_CREATED = Pattern.compile("Normal SuccessfulCreate: Create Claim (\\S+) Pod (\\S+) in StatefulSet (\\S+) success");

    /**
     * The events, but where a pod's claims were created and only some of their {@code SuccessfulCreate}
     * events were recorded, those named as the first of the created claims in sorted order. Upstream
     * creates a pod's claims ranging over a Go map ({@code createPersistentVolumeClaims}), and once
     * client-go's {@code EventSourceObjectSpamFilter} has fewer tokens left for the set than the pod
     * has claims, which of their events it lets through is that arbitrary order (random seed
     * 5869454910289020791: one token left, upstream's went to logs-web-3 and ours to www-web-3). How
     * many went through is still compared, and the writes say which claims were created.
     */
    static List<String> claimCreatesOfAPodUnordered(Collection<String> events, List<String> writes) {
        Map<String, List<String>> recordedByPod = new TreeMap<>();
        for (String event : events) {
            Matcher created = CLAIM_CREATED.matcher(event);
            if (created.matches()) {
                recordedByPod.computeIfAbsent(created.group(2) + " in StatefulSet " + created.group(3), k -> new ArrayList<>()).add(created.group(1));
            }
        }
        Map<String, String> renamed = new HashMap<>();
        recordedByPod.forEach((podInSet, recorded) -> {
            String pod = podInSet.substring(0, podInSet.indexOf(' '));
            List<String> createdForPod = writes.stream().filter(w -> w.startsWith("POST claim/") && w.endsWith("-" + pod))
                    .map(w -> w.substring("POST claim/".length())).distinct().sorted().toList();
            if (recorded.size() < createdForPod.size() && createdForPod.containsAll(recorded)) {
                List<String> first = createdForPod.subList(0, recorded.size());
                List<String> sortedRecorded = recorded.stream().sorted().toList();
                for (int i = 0; i < sortedRecorded.size(); i++) {
                    renamed.put(claimCreated(sortedRecorded.get(i), podInSet), claimCreated(first.get(i), podInSet));
                }
            }
        });
        return events.stream().map(e -> renamed.getOrDefault(e, e)).toList();
    }

    private static String claimCreated(String claim, String podInSet) {
        return "Normal SuccessfulCreate: Create Claim " + claim + " Pod " + podInSet + " success";
    }

    private static final Pattern POD_CREATE_FAILED = Pattern.compile("(Warning FailedCreate: Create Pod \\S+ in StatefulSet \\S+ failed error: )(.*)");
    /** Where an error of upstream's {@code createPersistentVolumeClaims} starts, inside an aggregate too. */
    private static final String CLAIM_ERROR = "pvc \\S+ is being deleted|failed to create PVC \\S+: ";
    private static final Pattern CLAIM_ERROR_START = Pattern.compile("^(?:" + CLAIM_ERROR + ")");
    private static final Pattern BETWEEN_CLAIM_ERRORS = Pattern.compile(", (?=" + CLAIM_ERROR + ")");
    private static final Pattern CLAIM_BEING_DELETED = Pattern.compile("pvc (\\S+) is being deleted");

    /**
     * The events, sorted, but a pod's {@code FailedCreate} for claims being deleted left out when
     * none of those claims is still terminating at the settle point, and the claim errors an
     * aggregated one names sorted. When a pod that held a deleted claim goes, the StatefulSet
     * controller syncs while kube-controller-manager's pvc-protection controller takes its finalizer
     * off the claim: whether a sync falls in between is timing, not behaviour (the fixed scenario
     * "storage: a deleted claim of a running pod is not recreated while the pod runs" recorded it
     * under upstream alone in one run of several). A claim still terminating at the settle point
     * blocks its pod every time, and the event is compared; so is one that names a claim whose
     * create failed. Upstream aggregates the errors ranging over a Go map
     * ({@code createPersistentVolumeClaims}), in no defined order.
     *
     * @param claims the settle point's claims by name, as {@link Snapshot} describes them
     */
    static SortedSet<String> claimWaitsThatRaced(Collection<String> events, Map<String, String> claims) {
        SortedSet<String> out = new TreeSet<>();
        for (String event : events) {
            Matcher failed = POD_CREATE_FAILED.matcher(event);
            List<String> errors = failed.matches() ? claimErrors(failed.group(2)) : List.of();
            if (errors.isEmpty()) {
                out.add(event);
                continue;
            }
            List<String> beingDeleted = errors.stream().map(CLAIM_BEING_DELETED::matcher).filter(Matcher::matches).map(m -> m.group(1)).toList();
            boolean onlyWaits = beingDeleted.size() == errors.size();
            if (!onlyWaits || beingDeleted.stream().anyMatch(claim -> claims.getOrDefault(claim, "").endsWith(Snapshot.TERMINATING))) {
                out.add(failed.group(1) + ClaimErrors.aggregate(errors.stream().sorted().toList()));
            }
        }
        return out;
    }

    /** The claim errors {@code utilerrors.NewAggregate} joined into {@code message}; none when it is some other error. */
    private static List<String> claimErrors(String message) {
        String inner = message.startsWith("[") && message.endsWith("]") ? message.substring(1, message.length() - 1) : message;
        List<String> errors = List.of(BETWEEN_CLAIM_ERRORS.split(inner));
        return errors.stream().allMatch(e -> CLAIM_ERROR_START.matcher(e).find()) ? errors : List.of();
    }

    private static Map<String, Integer> counted(List<String> writes) {
        Map<String, Integer> counts = new TreeMap<>();
        writes.forEach(w -> counts.merge(w, 1, Integer::sum));
        return counts;
    }
}
