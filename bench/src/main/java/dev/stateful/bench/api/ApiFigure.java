package dev.stateful.bench.api;

import dev.stateful.testsupport.kubelet.SimulatedKubelet;
import dev.stateful.bench.Figure;
import dev.stateful.bench.Manifests;
import dev.stateful.bench.Row;
import dev.stateful.bench.Scale;
import dev.stateful.bench.Stats;
import dev.stateful.bench.FirstPlan;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.fabric8.control.Fabric8ClaimControl;
import dev.stateful.fabric8.control.Fabric8EventRecorder;
import dev.stateful.fabric8.control.Fabric8PodControl;
import dev.stateful.fabric8.control.Fabric8RevisionControl;
import dev.stateful.fabric8.control.Fabric8StatusWriter;
import dev.stateful.fabric8.convert.Fabric8Codec;
import dev.stateful.fabric8.informer.ClusterCache;
import dev.stateful.fabric8.loop.ControllerLoop;
import dev.stateful.fabric8.loop.PodEventRouter;
import dev.stateful.fabric8.queue.WorkQueue;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.ports.reconcile.OwnWrites;
import dev.stateful.ports.reconcile.ReconcileListener;
import dev.stateful.ports.reconcile.StatefulSetReconciler;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * docs/benchmarks.md, figure 3: a Parallel set of N replicas created on the mock API (HTTP on loopback) with the kubelet
 * simulator running; the time until all N pods exist (seen by a watch), against the raw fabric8
 * client creating the same N claims and pods on a pool of the same size as the controller's batch
 * executor. Both sides' clients come from {@code ClientFactory} with the same rate limit; the run is
 * done with limits off (median of several) and at the defaults (once: it is long by design).
 */
public final class ApiFigure implements Figure {

    static final String NAMESPACE = "bench";
    static final String SET = "web";
    static final double GOAL = 1.5;

    @Override
    public int number() {
        return 3;
    }

    @Override
    public String title() {
        return "on the mock API";
    }

    @Override
    public String expectedDuration(Scale scale) {
        return scale.isQuick() ? "~5 s" : "~3 min (the rate-limited runs take ~2 min)";
    }

    @Override
    public List<Row> run(Scale scale) throws Exception {
        StatefulSet set = definedSet(scale.apiReplicas());
        StatefulSet warmUp = definedSet(Math.min(100, scale.apiReplicas()));
        for (int i = 0; i < scale.apiWarmups(); i++) {
            ours(warmUp, scale, MockApi.RateLimit.OFF);
            baseline(warmUp, scale, MockApi.RateLimit.OFF);
        }
        long[] oursNanos = new long[scale.apiRuns()];
        long[] baseNanos = new long[scale.apiRuns()];
        for (int i = 0; i < scale.apiRuns(); i++) {
            oursNanos[i] = ours(set, scale, MockApi.RateLimit.OFF);
            baseNanos[i] = baseline(set, scale, MockApi.RateLimit.OFF);
        }
        long oursLimited = ours(set, scale, MockApi.RateLimit.DEFAULTS);
        long baseLimited = baseline(set, scale, MockApi.RateLimit.DEFAULTS);
        List<Row> rows = new ArrayList<>();
        rows.add(row("3a", scale, MockApi.RateLimit.OFF, Stats.median(oursNanos), Stats.median(baseNanos),
                "median of " + scale.apiRuns()));
        rows.add(row("3b", scale, MockApi.RateLimit.DEFAULTS, oursLimited, baseLimited, "one run"));
        return rows;
    }

    private static Row row(String id, Scale scale, MockApi.RateLimit limit, long ours, long baseline, String runs) {
        double ratio = (double) ours / baseline;
        return new Row(id, String.format(Locale.ROOT,
                "mock API: %,d-replica Parallel set until all pods exist, client rate limits %s, vs raw client"
                        + " creating the claims and pods (%d at a time; %s)",
                scale.apiReplicas(), limit.text, scale.apiConcurrency(), runs),
                Stats.duration(ours), Stats.duration(baseline), ratio, "≤ 1.5x", Row.Verdict.of(ratio <= GOAL));
    }

    /** The set as an API server stores it (defaults applied): taken from the in-memory API server's admission. */
    static StatefulSet definedSet(int replicas) {
        InMemoryCluster cluster = InMemoryCluster.create();
        cluster.apply(Manifests.statefulSet(NAMESPACE, SET, replicas, Manifests.IMAGE, "Parallel", null, null));
        StatefulSet stored = cluster.stores().statefulSets().get(new ObjectKey(NAMESPACE, SET)).orElseThrow();
        return stored.withMetadata(stored.metadata().withUid(null).withResourceVersion(null).withCreationTimestamp(null)
                .withGeneration(0)).withStatus(null);
    }

    /** The wired controller (caches, queue, loop, reconciler over the fabric8 ports); nanos until every pod exists. */
    static long ours(StatefulSet set, Scale scale, MockApi.RateLimit limit) throws Exception {
        int n = set.spec().replicasOrDefault();
        ExecutorService batch = pool("controller-batch", scale.apiConcurrency());
        MockApi api = new MockApi();
        KubernetesClient controller = api.client(limit);
        KubernetesClient tools = api.client(MockApi.RateLimit.OFF);
        ClusterCache cache = new ClusterCache(controller, NAMESPACE, Duration.ZERO).start();
        Fabric8EventRecorder events = new Fabric8EventRecorder(controller, Clock.systemUTC());
        StatefulSetReconciler reconciler = new StatefulSetReconciler(cache, new Fabric8PodControl(controller),
                new Fabric8ClaimControl(controller), new Fabric8RevisionControl(controller), new Fabric8StatusWriter(controller),
                events, Clock.systemUTC(), batch, ReconcileListener.NONE, OwnWrites.tracking(Clock.systemUTC(), OwnWrites.DEFAULT_PATIENCE));
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        WorkQueue<ObjectKey> queue = WorkQueue.create("statefulset", registry);
        ControllerLoop loop = new ControllerLoop(cache, new PodEventRouter(cache::statefulSetsNamed, cache::statefulSets), queue,
                reconciler::sync, registry, ControllerLoop.DEFAULT_WORKERS);
        SimulatedKubelet kubelet = null;
        PodCounter counter = null;
        try {
            loop.start();
            awaitSynced(cache);
            kubelet = SimulatedKubelet.start(tools, SimulatedKubelet.Options.defaults().inNamespace(NAMESPACE).threads(2));
            counter = new PodCounter(tools, NAMESPACE, n);
            long start = System.nanoTime();
            tools.apps().statefulSets().inNamespace(NAMESPACE).resource(Fabric8Codec.toFabric8(set)).create();
            return counter.awaitAll(start, scale.apiTimeout());
        } finally {
            loop.stop(Duration.ofSeconds(5));
            api.close(); // first: see MockApi#close
            closeQuietly(counter, kubelet, cache, events, tools, controller);
            batch.shutdownNow();
        }
    }

    /** The raw client creating the same claims and pods, {@code apiConcurrency} at a time; nanos until every pod exists. */
    static long baseline(StatefulSet set, Scale scale, MockApi.RateLimit limit) throws Exception {
        int n = set.spec().replicasOrDefault();
        ExecutorService pool = pool("raw-client", scale.apiConcurrency());
        MockApi api = new MockApi();
        KubernetesClient raw = api.client(limit);
        KubernetesClient tools = api.client(MockApi.RateLimit.OFF);
        SimulatedKubelet kubelet = null;
        PodCounter counter = null;
        try {
            // the same set exists (so owner references point at it); nothing controls it
            StatefulSet created = Fabric8Codec.toDomain(tools.apps().statefulSets().inNamespace(NAMESPACE)
                    .resource(Fabric8Codec.toFabric8(set)).create());
            FirstPlan objects = FirstPlan.of(created.withStatus(StatefulSetStatus.EMPTY), Instant.now());
            List<io.fabric8.kubernetes.api.model.PersistentVolumeClaim> claims = new ArrayList<>();
            for (PersistentVolumeClaim c : objects.claims()) {
                claims.add(Fabric8Codec.toFabric8(c));
            }
            List<io.fabric8.kubernetes.api.model.Pod> pods = new ArrayList<>();
            for (dev.stateful.domain.model.Pod p : objects.pods()) {
                pods.add(Fabric8Codec.toFabric8(p));
            }
            AtomicInteger failures = new AtomicInteger();
            kubelet = SimulatedKubelet.start(tools, SimulatedKubelet.Options.defaults().inNamespace(NAMESPACE).threads(2));
            counter = new PodCounter(tools, NAMESPACE, n);
            long start = System.nanoTime();
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                var claim = claims.get(i);
                var pod = pods.get(i);
                done.add(pool.submit(() -> {
                    try {
                        raw.persistentVolumeClaims().inNamespace(NAMESPACE).resource(claim).create();
                        raw.pods().inNamespace(NAMESPACE).resource(pod).create();
                    } catch (RuntimeException e) {
                        failures.incrementAndGet();
                    }
                }));
            }
            long nanos = counter.awaitAll(start, scale.apiTimeout());
            for (Future<?> f : done) {
                f.get();
            }
            if (failures.get() > 0) {
                throw new IllegalStateException(failures.get() + " raw creates failed");
            }
            return nanos;
        } finally {
            api.close(); // first: see MockApi#close
            closeQuietly(counter, kubelet, tools, raw);
            pool.shutdownNow();
        }
    }

    private static void closeQuietly(AutoCloseable... resources) {
        for (AutoCloseable r : resources) {
            if (r == null) {
                continue;
            }
            try {
                r.close();
            } catch (Exception e) {
                // shutting down a finished run
            }
        }
    }

    private static void awaitSynced(ClusterCache cache) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!cache.hasSynced()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the caches did not sync within 30 s");
            }
            Thread.sleep(10);
        }
    }

    private static ExecutorService pool(String name, int threads) {
        AtomicInteger n = new AtomicInteger();
        return Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }
}
