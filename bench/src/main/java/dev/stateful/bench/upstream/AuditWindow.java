package dev.stateful.bench.upstream;

import dev.stateful.testsupport.controlplane.AuditLog;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Timing by the API server's own clock: the audit log's completion time of each request. The
 * figures measure from the user's request to the write that completes the goal, so polling by the
 * harness adds nothing to either side and costs the API server nothing.
 */
final class AuditWindow {

    private static final Set<String> WRITES = Set.of("create", "update", "patch", "delete", "deletecollection");
    private static final Duration POLL = Duration.ofMillis(200);
    /** No write by the controller in the namespace for this long: its work is done (trailing status writes included). */
    static final Duration QUIET = Duration.ofSeconds(3);

    private final BenchPlane plane;
    /** Requests before this index happened before the window opened. */
    private final int from;

    private AuditWindow(BenchPlane plane, int from) {
        this.plane = plane;
        this.from = from;
    }

    /** A window opening now: only requests from now on count. */
    static AuditWindow open(BenchPlane plane) {
        return new AuditWindow(plane, plane.requests().size());
    }

    /** Waits for the {@code n}-th request from the window's start that {@code matches}; returns its time (epoch nanos). */
    long awaitNth(String what, Predicate<AuditLog.Request> matches, int n, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        int seen = 0;
        int scanned = from;
        while (true) {
            List<AuditLog.Request> all = plane.requests();
            for (int i = scanned; i < all.size(); i++) {
                if (matches.test(all.get(i)) && ++seen == n) {
                    return all.get(i).nanos();
                }
            }
            scanned = all.size();
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("timed out after " + timeout.toSeconds() + " s waiting for " + what + ": " + seen + " of " + n);
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    /** Waits until the controller has written nothing in {@code namespace} for {@link #QUIET}; returns that moment (epoch nanos). */
    long awaitQuiet(String namespace) throws InterruptedException {
        while (true) {
            long last = 0;
            for (AuditLog.Request r : plane.requests()) {
                if (r.user().equals(plane.controllerUser()) && r.namespace().equals(namespace) && WRITES.contains(r.verb())) {
                    last = Math.max(last, r.nanos());
                }
            }
            long now = epochNanos();
            if (now - last >= QUIET.toNanos()) {
                return now;
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    /** The controller's requests in the window up to {@code end}. */
    RequestCount controllerRequests(long end) {
        List<AuditLog.Request> all = plane.requests();
        return RequestCount.of(all.subList(from, all.size()).stream()
                .filter(r -> r.user().equals(plane.controllerUser()) && r.nanos() <= end).toList());
    }

    static long epochNanos() {
        java.time.Instant now = java.time.Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    // ---------------------------------------------------------------- what the figures wait for

    static Predicate<AuditLog.Request> userCreatedSet(String namespace) {
        return r -> r.user().equals("admin") && r.verb().equals("create") && r.target().equals("statefulsets") && r.namespace().equals(namespace);
    }

    static Predicate<AuditLog.Request> userChangedSet(String namespace) {
        return r -> r.user().equals("admin") && (r.verb().equals("patch") || r.verb().equals("update")) && r.target().equals("statefulsets")
                && r.namespace().equals(namespace);
    }

    static Predicate<AuditLog.Request> createdPod(String user, String namespace) {
        return r -> r.user().equals(user) && r.verb().equals("create") && r.target().equals("pods") && r.namespace().equals(namespace)
                && r.code() == 201;
    }

    /** The simulated kubelet writes a pod's status once per pod, when it makes it Running and Ready. */
    static Predicate<AuditLog.Request> podReady(String namespace) {
        return r -> r.user().equals(BenchPlane.KUBELET) && r.verb().equals("update") && r.target().equals("pods/status")
                && r.namespace().equals(namespace) && r.code() == 200;
    }
}
