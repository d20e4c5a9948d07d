package dev.stateful.it.differential;

import dev.stateful.it.support.RealCluster;
import dev.stateful.it.support.Workload;
import dev.stateful.testsupport.api.ApiWrite;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Runs a scenario in a fresh namespace of one cluster, settling after each step, and records its {@link Trace}. */
final class ScenarioRun {

    /** Nothing written for this long (plus the set's minReadySeconds) counts as settled. */
    static final Duration QUIET = Duration.ofMillis(1500);
    static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(90);

    private final RealCluster cluster;
    private final String writer;
    private final String namespace;
    private final Workload web;

    /** @param writer the StatefulSet controller's user in the audit log */
    ScenarioRun(RealCluster cluster, String writer, String namespace) {
        this.cluster = cluster;
        this.writer = writer;
        this.namespace = namespace;
        this.web = new Workload(cluster.client(), namespace, "web", SETTLE_TIMEOUT);
    }

    Trace run(Scenario scenario) {
        Actions actions = new Actions(cluster.client(), namespace, web);
        List<Trace.Segment> segments = new ArrayList<>();
        try (RecordedEvents events = new RecordedEvents(cluster.client(), namespace)) {
            for (Scenario.Step step : scenario.steps()) {
                long before = lastSequence();
                step.action().run(actions);
                settle();
                segments.add(new Trace.Segment(step.description(), Snapshot.of(cluster.client(), namespace), podAndClaimWrites(before),
                        events.drain()));
            }
        }
        return new Trace(segments);
    }

    /** Waits until nothing is written to the namespace for a while and the set's status has seen its generation. */
    private void settle() {
        long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            long written = namespaceWrites();
            StatefulSet set = cluster.client().apps().statefulSets().inNamespace(namespace).withName("web").get();
            int minReady = set == null || set.getSpec().getMinReadySeconds() == null ? 0 : set.getSpec().getMinReadySeconds();
            sleep(QUIET.plusSeconds(minReady));
            boolean observed = set == null || set.getStatus() != null
                    && Objects.equals(set.getStatus().getObservedGeneration(), set.getMetadata().getGeneration());
            if (observed && namespaceWrites() == written) {
                return;
            }
        }
        throw new AssertionError("namespace " + namespace + " did not settle within " + SETTLE_TIMEOUT.toSeconds() + "s");
    }

    private long lastSequence() {
        List<ApiWrite> writes = cluster.writes();
        return writes.isEmpty() ? 0 : writes.get(writes.size() - 1).sequence();
    }

    private long namespaceWrites() {
        return cluster.writes(w -> w.namespace().equals(namespace)).size();
    }

    private List<String> podAndClaimWrites(long after) {
        return cluster.writes(w -> w.sequence() > after && w.user().equals(writer) && w.namespace().equals(namespace)
                        && (w.resource().equals("pods") || w.resource().equals("persistentvolumeclaims")) && w.subresource().isEmpty()
                        && (w.method().equals("POST") || w.method().equals("DELETE"))
                        // a delete answered 404 changed nothing: whether a controller sends one depends only on
                        // when its watch showed its previous delete (seen from upstream in random seed 20261203)
                        && !(w.method().equals("DELETE") && w.code() == 404)
                        // nor did a create answered 409 AlreadyExists: upstream's sync may run before its
                        // informer shows the pod its previous sync created, and sinks the error
                        // (CreateStatefulPod); ours must not, which WriteChecks asserts on the mock
                        && !(w.method().equals("POST") && w.code() == 409)).stream()
                .map(w -> w.method() + " " + (w.resource().equals("pods") ? "pod" : "claim") + "/" + w.name() + (w.succeeded() ? "" : " -> " + w.code()))
                .toList();
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

}
