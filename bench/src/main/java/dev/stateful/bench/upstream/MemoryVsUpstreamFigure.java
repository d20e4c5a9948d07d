package dev.stateful.bench.upstream;

import dev.stateful.bench.FirstPlan;
import dev.stateful.bench.Figure;
import dev.stateful.bench.Log;
import dev.stateful.bench.Manifests;
import dev.stateful.bench.Row;
import dev.stateful.bench.Scale;
import dev.stateful.bench.Stats;
import dev.stateful.fabric8.convert.Fabric8Codec;
import dev.stateful.testsupport.Eventually;
import dev.stateful.testsupport.controlplane.AuditLog;
import dev.stateful.testsupport.controlplane.ControlPlane;
import dev.stateful.testsupport.kubelet.SimulatedKubelet;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Figure 9 of docs/benchmarks.md: resident memory of our controller's process against kube-controller-manager running
 * only the StatefulSet controller ({@code --controllers=serviceaccount,statefulset}: the service
 * account controller is what makes a namespace's default account, which the control plane waits
 * for), on one control plane filled once with sets whose pods and claims all exist and are Ready.
 *
 * <p>The fill writes what the controller would (each set's first plan, from our planner, so pod
 * names, labels, owner references, claim volumes and the revision label are the controller's own)
 * straight through the API while no StatefulSet controller runs, pods pre-bound to a node and then
 * marked Running and Ready. Then kube-controller-manager is restarted with its StatefulSet
 * controller, which has nothing to do but write each set's status; once every status says all
 * Ready, plus {@link #SETTLE}, its RSS is read. Then it is restarted without it, the statuses are
 * cleared, and ours is started and measured the same way, with its heap after a full GC.
 */
public final class MemoryVsUpstreamFigure implements Figure {

    static final Duration SETTLE = Duration.ofSeconds(15);
    private static final String NS = "memory";
    private static final int FILLERS = 16;
    private static final String WITHOUT = "serviceaccount";
    private static final String WITH = "serviceaccount,statefulset";

    @Override
    public int number() {
        return 9;
    }

    @Override
    public String title() {
        return "memory against kube-controller-manager running only its StatefulSet controller";
    }

    @Override
    public String expectedDuration(Scale scale) {
        return scale.isQuick() ? "~1 min" : "~5 min";
    }

    @Override
    public List<Row> run(Scale scale) throws Exception {
        Scale.Upstream size = scale.upstream();
        int sets = size.memorySets();
        int replicas = size.memoryReplicas();
        ControlPlane.Options options = ControlPlane.Options.defaults().withControllers(WITHOUT).withFeatureGates(BenchPlane.FEATURE_GATES)
                .withControllerManagerFlags(RateLimit.defaults().controllerManagerFlags().toArray(String[]::new));
        try (ControlPlane plane = ControlPlane.start("bench-9-memory", options)) {
            KubernetesClient admin = plane.admin();
            BenchPlane.createNamespace(admin, NS);
            long fillStart = System.nanoTime();
            fill(admin, sets, replicas);
            Log.progress("  filled %d sets x %d pods and claims in %.0f s", sets, replicas, (System.nanoTime() - fillStart) / 1e9);

            plane.restartControllerManager(WITH);
            awaitAllReady(admin, sets, replicas);
            Thread.sleep(SETTLE.toMillis());
            long upstreamRss = Rss.bytes(plane.controllerManagerPid());
            checkNothingRolled(plane, Side.UPSTREAM.user);
            Log.progress("  kube-controller-manager RSS %s", Stats.bytes(upstreamRss));

            plane.restartControllerManager(WITHOUT);
            clearStatuses(admin);
            long oursRss;
            long oursHeap;
            try (OurControllerProcess ours = OurControllerProcess.start(BenchPlane.ourKubeconfig(plane), RateLimit.defaults(),
                    plane.logs().resolve("stateful-controller.log"))) {
                awaitAllReady(admin, sets, replicas);
                Thread.sleep(SETTLE.toMillis());
                oursRss = Rss.bytes(ours.pid());
                oursHeap = ours.heapAfterGc();
            }
            checkNothingRolled(plane, Side.OURS.user);
            Log.progress("  ours RSS %s, heap after GC %s", Stats.bytes(oursRss), Stats.bytes(oursHeap));
            String what = String.format(Locale.ROOT, "%,d pods and %,d claims (%d sets x %d, all Ready)", sets * replicas, sets * replicas,
                    sets, replicas);
            return List.of(
                    new Row("9a", "resident memory (RSS) with " + what + ": our controller's process (" + OurControllerProcess.HEAP
                            + ") vs kube-controller-manager --controllers=" + WITH, Stats.bytes(oursRss), Stats.bytes(upstreamRss),
                            (double) oursRss / upstreamRss, "report", Row.Verdict.INFO),
                    new Row("9b", "our controller's heap after a full GC, part of its RSS in 9a", Stats.bytes(oursHeap), Stats.bytes(oursRss),
                            (double) oursHeap / oursRss, "report", Row.Verdict.INFO));
        }
    }

    /** Each set's first plan written straight through the API, FILLERS sets at a time. */
    private static void fill(KubernetesClient admin, int sets, int replicas) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(FILLERS);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < sets; i++) {
                String name = String.format(Locale.ROOT, "m-%03d", i);
                done.add(pool.submit(() -> {
                    fillSet(admin, name, replicas);
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void fillSet(KubernetesClient admin, String name, int replicas) {
        StatefulSet created = admin.apps().statefulSets().inNamespace(NS)
                .resource(io.fabric8.kubernetes.client.utils.Serialization.unmarshal(
                        Manifests.statefulSet(NS, name, replicas, Manifests.IMAGE, "Parallel", null, null), StatefulSet.class)).create();
        FirstPlan plan = FirstPlan.of(Fabric8Codec.toDomain(created), Instant.now());
        for (var claim : plan.claims()) {
            var out = Fabric8Codec.toFabric8(claim);
            out.getMetadata().setResourceVersion(null);
            admin.persistentVolumeClaims().inNamespace(NS).resource(out).create();
        }
        for (var pod : plan.pods()) {
            Pod out = Fabric8Codec.toFabric8(pod);
            out.getMetadata().setResourceVersion(null);
            out.getSpec().setNodeName("bench-node");
            Pod stored = admin.pods().inNamespace(NS).resource(out).create();
            stored.setStatus(SimulatedKubelet.runningAndReady(stored.getStatus()));
            admin.pods().inNamespace(NS).resource(stored).updateStatus();
        }
    }

    private static void awaitAllReady(KubernetesClient admin, int sets, int replicas) {
        Eventually.await("every set's status saying all Ready", Duration.ofMinutes(10), () -> {
            List<StatefulSet> items = admin.apps().statefulSets().inNamespace(NS).list().getItems();
            return items.size() == sets && items.stream().allMatch(set -> BenchPlane.ready(set, replicas));
        });
    }

    /** Zeroed counts, so the next controller's sync shows in every set's status (collisionCount may not go down). */
    private static void clearStatuses(KubernetesClient admin) {
        for (StatefulSet set : admin.apps().statefulSets().inNamespace(NS).list().getItems()) {
            StatefulSetStatus cleared = new StatefulSetStatus();
            cleared.setReplicas(0);
            cleared.setCollisionCount(set.getStatus().getCollisionCount());
            cleared.setObservedGeneration(set.getStatus().getObservedGeneration());
            set.setStatus(cleared);
            admin.apps().statefulSets().inNamespace(NS).resource(set).updateStatus();
        }
    }

    /** The fill matched what the controller wants: it created and deleted no pod and no claim. */
    private static void checkNothingRolled(ControlPlane plane, String user) {
        Set<String> objects = Set.of("pods", "persistentvolumeclaims");
        List<AuditLog.Request> churn = plane.audit().requests().stream().filter(r -> r.user().equals(user)
                && (r.verb().equals("create") || r.verb().equals("delete")) && objects.contains(r.target())).toList();
        if (!churn.isEmpty()) {
            throw new IllegalStateException(user + " created or deleted " + churn.size() + " pods or claims in a cluster that needed none");
        }
    }
}
