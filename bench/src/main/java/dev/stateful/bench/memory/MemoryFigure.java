package dev.stateful.bench.memory;

import dev.stateful.bench.Figure;
import dev.stateful.bench.Log;
import dev.stateful.bench.Row;
import dev.stateful.bench.Scale;
import dev.stateful.bench.Stats;
import dev.stateful.bench.api.MockApi;
import dev.stateful.fabric8.convert.Fabric8Codec;
import dev.stateful.fabric8.informer.ClusterCache;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Figure 4 of docs/benchmarks.md: heap retained by the informer caches ({@link ClusterCache}) per cached pod, per set
 * (with its revision) and per claim, measured as used heap after repeated {@code System.gc()}
 * before and after a cache over one namespace has synced. Each kind lives in its own namespace so a
 * namespaced cache holds that kind alone; the cost of a cache over an empty namespace (four
 * informers, their watches) is subtracted. Baseline: fabric8's own informer (its default store of
 * fabric8 objects) over the same namespace, measured the same way.
 */
public final class MemoryFigure implements Figure {

    static final double GOAL_BYTES_PER_POD = 2048;
    /** A cached pod together with its claim (the controller's own pair): the goal of 4d. */
    static final double GOAL_BYTES_PER_POD_AND_CLAIM = 2048;
    /** Full collections per heap reading; one is enough for the smoke test, which checks rows, not numbers. */
    private static volatile int gcRounds = 5;
    /** Used heap with the mock filled and no cache: each measurement starts once a dropped cache is really gone. */
    private static volatile long floor = Long.MAX_VALUE;
    static final String EMPTY = "empty";
    static final String PODS = "pods";
    static final String SETS = "sets";
    static final String CLAIMS = "claims";

    @Override
    public int number() {
        return 4;
    }

    @Override
    public String title() {
        return "memory of the informer caches";
    }

    @Override
    public String expectedDuration(Scale scale) {
        return scale.isQuick() ? "~5 s" : "~3 min (filling the mock API, then 11 heap readings)";
    }

    @Override
    public List<Row> run(Scale scale) throws Exception {
        gcRounds = scale.isQuick() ? 1 : 5;
        MockApi api = new MockApi();
        KubernetesClient tools = api.client(MockApi.RateLimit.OFF);
        KubernetesClient filler = api.fillingClient();
        KubernetesClient controller = api.client(MockApi.RateLimit.OFF);
        try {
            long start = System.nanoTime();
            fill(filler, scale);
            Log.progress("  filled the mock API in %.1f s", (System.nanoTime() - start) / 1e9);
            retainedByOurs(api, EMPTY, c -> true); // load and warm the classes the first measurement would count
            retainedByPlain(api, EMPTY, 0);
            warmCodec();
            floor = usedHeapAfterGc();
            long oursEmpty = retainedByOurs(api, EMPTY, c -> true);
            long plainEmpty = retainedByPlain(api, EMPTY, 0);
            long plainSetsEmpty = retainedByPlainSets(api, EMPTY, 0);
            long oursPods = retainedByOurs(api, PODS, c -> c.pods(PODS).size() == scale.memoryPods());
            long plainPods = retainedByPlain(api, PODS, scale.memoryPods());
            long oursSets = retainedByOurs(api, SETS, c -> c.statefulSets(SETS).size() == scale.memorySets()
                    && c.revisions(SETS).size() == scale.memorySets());
            long plainSets = retainedByPlainSets(api, SETS, scale.memorySets());
            long oursClaims = retainedByOurs(api, CLAIMS, c -> c.claims(CLAIMS).size() == scale.memoryClaims());
            long plainClaims = retainedByPlain(api, CLAIMS, scale.memoryClaims());

            Log.progress("  retained (bytes): ours empty %d, pods %d, sets %d, claims %d; fabric8 empty %d (two informers %d), pods %d, sets %d, claims %d",
                    oursEmpty, oursPods, oursSets, oursClaims, plainEmpty, plainSetsEmpty, plainPods, plainSets, plainClaims);
            double perPod = (double) (oursPods - oursEmpty) / scale.memoryPods();
            double plainPerPod = (double) (plainPods - plainEmpty) / scale.memoryPods();
            double perSet = (double) (oursSets - oursEmpty) / scale.memorySets();
            double plainPerSet = (double) (plainSets - plainSetsEmpty) / scale.memorySets();
            double perClaim = (double) (oursClaims - oursEmpty) / scale.memoryClaims();
            double plainPerClaim = (double) (plainClaims - plainEmpty) / scale.memoryClaims();
            List<Row> rows = new ArrayList<>();
            rows.add(new Row("4a", String.format(Locale.ROOT, "informer caches: heap retained per cached pod (%,d pods, after GC)"
                    + " vs fabric8's default informer store", scale.memoryPods()),
                    Stats.bytes(perPod), Stats.bytes(plainPerPod), perPod / plainPerPod, "≤ 2 KB/pod",
                    Row.Verdict.of(perPod <= GOAL_BYTES_PER_POD)));
            rows.add(new Row("4b", String.format(Locale.ROOT, "informer caches: heap retained per set with its revision (%,d sets)"
                    + " vs fabric8's default informer stores", scale.memorySets()),
                    Stats.bytes(perSet), Stats.bytes(plainPerSet), perSet / plainPerSet, "-", Row.Verdict.INFO));
            rows.add(new Row("4c", String.format(Locale.ROOT, "informer caches: heap retained per claim (%,d bound claims)"
                    + " vs fabric8's default informer store", scale.memoryClaims()),
                    Stats.bytes(perClaim), Stats.bytes(plainPerClaim), perClaim / plainPerClaim, "-", Row.Verdict.INFO));
            // both sides from this run's readings: the pair a StatefulSet replica costs the caches
            double pair = perPod + perClaim;
            double plainPair = plainPerPod + plainPerClaim;
            rows.add(new Row("4d", "informer caches: heap retained per cached pod together with its claim (4a + 4c)"
                    + " vs fabric8's default informer stores", Stats.bytes(pair), Stats.bytes(plainPair), pair / plainPair,
                    "≤ 2 KB/pod and claim", Row.Verdict.of(pair <= GOAL_BYTES_PER_POD_AND_CLAIM)));
            return rows;
        } finally {
            api.close(); // first: see MockApi#close
            tools.close();
            filler.close();
            controller.close();
        }
    }

    /**
     * Converts one object of each kind both ways, so that the process-wide serialisation caches
     * (fabric8's static Jackson mapper, built on first use whatever the number of objects) are not
     * charged to whichever cache is measured first.
     */
    static void warmCodec() {
        var objects = RealisticObjects.forSet(EMPTY, "warm", 1);
        objects.pods().forEach(p -> Fabric8Codec.toFabric8(Fabric8Codec.toDomain(p)));
        objects.claims().forEach(c -> Fabric8Codec.toFabric8(Fabric8Codec.toDomain(c)));
        Fabric8Codec.toFabric8(Fabric8Codec.toDomain(objects.set()));
        Fabric8Codec.toFabric8(Fabric8Codec.toDomain(objects.revision()));
    }

    /** Puts the objects on the mock API: pods, sets with revisions and claims each in a namespace of their own. */
    static void fill(KubernetesClient client, Scale scale) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(32);
        try {
            List<Future<?>> writes = new ArrayList<>();
            int podsPerSet = 100;
            for (int s = 0; s * podsPerSet < scale.memoryPods(); s++) {
                int replicas = Math.min(podsPerSet, scale.memoryPods() - s * podsPerSet);
                var objects = RealisticObjects.forSet(PODS, String.format(Locale.ROOT, "web-%03d", s), replicas);
                for (var pod : objects.pods()) {
                    writes.add(pool.submit(() -> client.pods().inNamespace(PODS).resource(pod).create()));
                }
            }
            for (int s = 0; s * podsPerSet < scale.memoryClaims(); s++) {
                int replicas = Math.min(podsPerSet, scale.memoryClaims() - s * podsPerSet);
                var objects = RealisticObjects.forSet(CLAIMS, String.format(Locale.ROOT, "db-%03d", s), replicas);
                for (var claim : objects.claims()) {
                    writes.add(pool.submit(() -> client.persistentVolumeClaims().inNamespace(CLAIMS).resource(claim).create()));
                }
            }
            for (int s = 0; s < scale.memorySets(); s++) {
                var objects = RealisticObjects.forSet(SETS, String.format(Locale.ROOT, "app-%04d", s), 3);
                writes.add(pool.submit(() -> client.apps().statefulSets().inNamespace(SETS).resource(objects.set()).create()));
                writes.add(pool.submit(() -> client.apps().controllerRevisions().inNamespace(SETS).resource(objects.revision()).create()));
            }
            for (Future<?> f : writes) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    interface CacheCheck {
        boolean filled(ClusterCache cache);
    }

    /** Each measurement has a client of its own, closed after it: a fabric8 client holds its informers until closed. */
    static long retainedByOurs(MockApi api, String namespace, CacheCheck filled) throws InterruptedException {
        long before = settledHeap();
        KubernetesClient client = api.measuringClient();
        ClusterCache cache = new ClusterCache(client, namespace, Duration.ZERO).start();
        try {
            await(() -> cache.hasSynced() && filled.filled(cache));
            outliveListResponses(client);
            long after = usedHeapAfterGc();
            Reference.reachabilityFence(cache);
            return after - before;
        } finally {
            cache.close();
            client.close();
        }
    }

    /**
     * What {@link ClusterCache#start()} does before its informers list: open the connection with a
     * small request, so that the exchange the JDK 17 HTTP client keeps for the connection's life is
     * not a list response. Done for the baseline too, so both columns compare the stores.
     */
    static void openConnection(KubernetesClient client) {
        try {
            client.getKubernetesVersion();
        } catch (RuntimeException anyAnswer) {
            // only the connection matters
        }
    }

    static long retainedByPlain(MockApi api, String namespace, int expected) throws InterruptedException {
        long before = settledHeap();
        KubernetesClient client = api.measuringClient();
        openConnection(client);
        SharedIndexInformer<? extends HasMetadata> informer = switch (namespace) {
            case PODS -> client.pods().inNamespace(namespace).inform();
            case CLAIMS -> client.persistentVolumeClaims().inNamespace(namespace).inform();
            default -> client.pods().inNamespace(namespace).inform();
        };
        try {
            await(() -> informer.hasSynced() && informer.getStore().list().size() == expected);
            outliveListResponses(client);
            long after = usedHeapAfterGc();
            Reference.reachabilityFence(informer);
            return after - before;
        } finally {
            informer.stop();
            client.close();
        }
    }

    static long retainedByPlainSets(MockApi api, String namespace, int expected) throws InterruptedException {
        long before = settledHeap();
        KubernetesClient client = api.measuringClient();
        openConnection(client);
        var sets = client.apps().statefulSets().inNamespace(namespace).inform();
        var revisions = client.apps().controllerRevisions().inNamespace(namespace).inform();
        try {
            await(() -> sets.hasSynced() && revisions.hasSynced()
                    && sets.getStore().list().size() == expected && revisions.getStore().list().size() == expected);
            outliveListResponses(client);
            long after = usedHeapAfterGc();
            Reference.reachabilityFence(sets);
            Reference.reachabilityFence(revisions);
            return after - before;
        } finally {
            sets.stop();
            revisions.stop();
            client.close();
        }
    }

    /**
     * Waits until the client no longer holds the body of its list responses. The JDK 17 HTTP client
     * keeps a request's connect-timeout event registered until the timeout elapses, even once the
     * connection is up, and that event reaches the exchange and so the whole response body: the list
     * of every cached object as bytes (~3 KB per pod), for the connect timeout (fabric8's default
     * 10 s; the measuring clients use 2 s). A reading taken as soon as the cache has synced charges it to the cache being measured.
     * On a loaded machine the timer fires late, so after the timeout the heap is read until it stops
     * falling (at most 30 s more).
     */
    static void outliveListResponses(KubernetesClient client) throws InterruptedException {
        if (gcRounds <= 1) {
            return;
        }
        Thread.sleep(client.getConfiguration().getConnectionTimeout() + 1000L);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        long previous = usedHeapAfterGc();
        while (System.nanoTime() < deadline) {
            Thread.sleep(3000);
            long now = usedHeapAfterGc();
            if (now > previous - 512 * 1024) {
                return;
            }
            previous = now;
        }
    }

    /**
     * The used heap once the previous measurement's cache has been released: stopping an informer
     * lets go of its store asynchronously, and a reading taken too early charges it to the next one.
     * Read until it is back near the floor or has stopped falling for two readings in a row (the
     * floor itself is not always reached again: the mock keeps some per-connection state).
     */
    static long settledHeap() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(gcRounds > 1 ? 20 : 0);
        long used = usedHeapAfterGc();
        int steady = 0;
        while (used > floor + 2L * 1024 * 1024 && steady < 2 && System.nanoTime() < deadline) {
            Thread.sleep(500);
            long next = usedHeapAfterGc();
            steady = next > used - 512 * 1024 ? steady + 1 : 0;
            used = Math.min(used, next);
        }
        return used;
    }

    /** The lowest used-heap reading over a few full collections (watch threads allocate a little meanwhile). */
    static long usedHeapAfterGc() throws InterruptedException {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < gcRounds; i++) {
            System.gc();
            Thread.sleep(50);
            used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return used;
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the cache did not fill within 120 s");
            }
            Thread.sleep(20);
        }
    }
}
