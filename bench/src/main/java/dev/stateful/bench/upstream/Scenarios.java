package dev.stateful.bench.upstream;

import dev.stateful.bench.Log;
import dev.stateful.bench.Manifests;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The three workloads of the comparison, each in its own namespace of one plane, one after the
 * other: (1) a Parallel set with one claim template created, (2) that set rolled to a new image
 * with {@code maxUnavailable: 10%}, (3) many small OrderedReady sets created at once.
 */
final class Scenarios {

    static final Duration TIMEOUT = Duration.ofMinutes(10);
    private static final int CREATORS = 16;

    /** Times from the user's request (epoch nanos as the API server logged them) and the controller's requests meanwhile. */
    record Created(long podsExist, long allReady, RequestCount requests) {
    }

    record Timed(long nanos, RequestCount requests) {
    }

    private Scenarios() {
    }

    /** (1) one Parallel set of {@code replicas} with one claim template, until all pods exist and until all are Ready. */
    static Created parallel(BenchPlane plane, int replicas) throws Exception {
        String ns = "parallel";
        BenchPlane.createNamespace(plane.admin(), ns);
        AuditWindow window = AuditWindow.open(plane);
        plane.admin().resource(Manifests.statefulSet(ns, "web", replicas, Manifests.IMAGE, "Parallel", null, "10%")).create();
        long start = window.awaitNth("the set's create", AuditWindow.userCreatedSet(ns), 1, TIMEOUT);
        long exist = window.awaitNth("pods created", AuditWindow.createdPod(plane.controllerUser(), ns), replicas, TIMEOUT);
        long ready = window.awaitNth("pods Ready", AuditWindow.podReady(ns), replicas, TIMEOUT);
        plane.awaitSets(ns, 1, set -> BenchPlane.ready(set, replicas));
        long end = window.awaitQuiet(ns);
        return new Created(exist - start, ready - start, window.controllerRequests(end));
    }

    /** (2) the set of (1) to a new image, until every pod is of the new revision and Ready. */
    static Timed rollingUpdate(BenchPlane plane, int replicas) throws Exception {
        String ns = "parallel";
        AuditWindow window = AuditWindow.open(plane);
        plane.admin().apps().statefulSets().inNamespace(ns).withName("web").edit(set -> {
            set.getSpec().getTemplate().getSpec().getContainers().get(0).setImage(Manifests.NEXT_IMAGE);
            return set;
        });
        long start = window.awaitNth("the set's change", AuditWindow.userChangedSet(ns), 1, TIMEOUT);
        long ready = window.awaitNth("new pods Ready", AuditWindow.podReady(ns), replicas, TIMEOUT);
        plane.awaitSets(ns, 1, set -> BenchPlane.ready(set, replicas)
                && Manifests.NEXT_IMAGE.equals(set.getSpec().getTemplate().getSpec().getContainers().get(0).getImage()));
        long end = window.awaitQuiet(ns);
        return new Timed(ready - start, window.controllerRequests(end));
    }

    /** (3) {@code sets} OrderedReady sets of {@code replicas} without claims, created at once, until all pods are Ready. */
    static Timed ordered(BenchPlane plane, int sets, int replicas) throws Exception {
        String ns = "ordered";
        BenchPlane.createNamespace(plane.admin(), ns);
        List<StatefulSet> manifests = new ArrayList<>();
        for (int i = 0; i < sets; i++) {
            manifests.add(orderedSet(ns, String.format(Locale.ROOT, "s-%03d", i), replicas));
        }
        AuditWindow window = AuditWindow.open(plane);
        ExecutorService pool = Executors.newFixedThreadPool(CREATORS);
        try {
            List<Future<?>> creates = new ArrayList<>();
            for (StatefulSet set : manifests) {
                creates.add(pool.submit(() -> plane.admin().apps().statefulSets().inNamespace(ns).resource(set).create()));
            }
            for (Future<?> create : creates) {
                create.get();
            }
        } finally {
            pool.shutdownNow();
        }
        long start = window.awaitNth("the first set's create", AuditWindow.userCreatedSet(ns), 1, TIMEOUT);
        long ready = window.awaitNth("pods Ready", AuditWindow.podReady(ns), sets * replicas, TIMEOUT);
        plane.awaitSets(ns, sets, set -> BenchPlane.ready(set, replicas));
        long end = window.awaitQuiet(ns);
        return new Timed(ready - start, window.controllerRequests(end));
    }

    /** An OrderedReady set of {@code replicas} without claims, as (3) creates them. */
    static StatefulSet orderedSet(String namespace, String name, int replicas) {
        StatefulSet set = Serialization.unmarshal(Manifests.statefulSet(namespace, name, replicas, Manifests.IMAGE, "OrderedReady", null, null),
                StatefulSet.class);
        set.getSpec().setVolumeClaimTemplates(List.of());
        set.getSpec().getTemplate().getSpec().getContainers().get(0).setVolumeMounts(List.of());
        return set;
    }

    /**
     * The three in order on one plane, the CPU seconds the controller's process used over them
     * (user + system; for upstream the whole kube-controller-manager), and those kube-apiserver and
     * etcd used meanwhile (serving the controller, the simulated kubelet and the bench's own reads).
     */
    record Results(Created parallel, Timed rollingUpdate, Timed ordered, double cpuSeconds, double serverCpuSeconds) {
    }

    static Results runAll(BenchPlane plane, int parallelReplicas, int sets, int setReplicas) throws Exception {
        double cpu = plane.controllerCpuSeconds();
        double serverCpu = plane.serverCpuSeconds();
        double bystanderCpu = plane.bystanderCpuSeconds();
        double controllersCpu = plane.allControllersCpuSeconds();
        QueueSyncs syncs = plane.statefulSetSyncs();
        String load = dev.stateful.bench.Machine.load();
        Created created = parallel(plane, parallelReplicas);
        Log.progress("    %s: %d-replica Parallel set: pods exist %.2f s, Ready %.2f s, %s", plane.side, parallelReplicas,
                created.podsExist() / 1e9, created.allReady() / 1e9, created.requests().text());
        QueueSyncs afterParallel = plane.statefulSetSyncs();
        Timed rolled = rollingUpdate(plane, parallelReplicas);
        Log.progress("    %s: rolling update: %.2f s, %s", plane.side, rolled.nanos() / 1e9, rolled.requests().text());
        QueueSyncs afterRolling = plane.statefulSetSyncs();
        Timed ordered = ordered(plane, sets, setReplicas);
        Log.progress("    %s: %d OrderedReady sets x %d: %.2f s, %s", plane.side, sets, setReplicas, ordered.nanos() / 1e9,
                ordered.requests().text());
        Log.progress("    %s: the StatefulSet queue: %s | %s | %s", plane.side, afterParallel.minus(syncs).text(),
                afterRolling.minus(afterParallel).text(), plane.statefulSetSyncs().minus(afterRolling).text());
        Log.progress("    %s: list/watch as the controller's user: %s | %s | %s", plane.side, created.requests().informerText(),
                rolled.requests().informerText(), ordered.requests().informerText());
        double used = plane.controllerCpuSeconds() - cpu;
        Log.progress("    %s: CPU of the controller's process over the three: %.1f s (%s); load average %s before, %s after",
                plane.side, used, plane.side == Side.OURS ? "our controller"
                        : "kube-controller-manager with all its controllers", load, dev.stateful.bench.Machine.load());
        double served = plane.serverCpuSeconds() - serverCpu;
        Log.progress("    %s: CPU of kube-apiserver and etcd over the three: %.1f s", plane.side, served);
        if (plane.hasBystander()) {
            Log.progress("    %s: CPU of our controller as a bystander (--kinds=crd) over the three: %.1f s", plane.side,
                    plane.bystanderCpuSeconds() - bystanderCpu);
        }
        Log.progress("    %s: CPU of every controller process over the three: %.1f s", plane.side, plane.allControllersCpuSeconds() - controllersCpu);
        if (plane.kubeletFailures() > 0) {
            Log.progress("    %s: the simulated kubelet had %d failed writes", plane.side, plane.kubeletFailures());
        }
        return new Results(created, rolled, ordered, used, served);
    }
}
