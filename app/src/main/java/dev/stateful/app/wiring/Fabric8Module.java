package dev.stateful.app.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provider;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import dev.stateful.app.Version;
import dev.stateful.app.controller.BuildInfo;
import dev.stateful.app.controller.ControllerSettings;
import dev.stateful.app.controller.HealthServer;
import dev.stateful.app.controller.CachedMetricsReviewer;
import dev.stateful.app.controller.KubernetesMetricsReviewer;
import dev.stateful.app.controller.MetricsText;
import dev.stateful.app.controller.ProcessMetrics;
import dev.stateful.app.controller.RolloutGauges;
import dev.stateful.app.controller.RunningController;
import dev.stateful.app.controller.ServingCertificate;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.SetKind;
import dev.stateful.fabric8.client.ClientFactory;
import dev.stateful.fabric8.client.UserAgent;
import dev.stateful.fabric8.control.CustomKindStatusWriter;
import dev.stateful.fabric8.control.Fabric8ClaimControl;
import dev.stateful.fabric8.control.Fabric8EventRecorder;
import dev.stateful.fabric8.control.Fabric8PodControl;
import dev.stateful.fabric8.control.Fabric8RevisionControl;
import dev.stateful.fabric8.control.Fabric8StatusWriter;
import dev.stateful.fabric8.control.KindStatusWriter;
import dev.stateful.fabric8.election.LeaderElection;
import dev.stateful.ports.leadership.LeaderGuard;
import dev.stateful.ports.leadership.LeadershipGate;
import dev.stateful.fabric8.informer.ClusterCache;
import dev.stateful.fabric8.loop.ControllerLoop;
import dev.stateful.fabric8.preflight.BuiltInControllerCheck;
import dev.stateful.fabric8.preflight.CustomKindInstalledCheck;
import dev.stateful.fabric8.loop.PodEventRouter;
import dev.stateful.fabric8.queue.WorkQueue;
import dev.stateful.ports.ClaimControl;
import dev.stateful.ports.ClusterEvents;
import dev.stateful.ports.ClusterReader;
import dev.stateful.ports.EventRecorder;
import dev.stateful.ports.PodControl;
import dev.stateful.ports.RevisionControl;
import dev.stateful.ports.StatusWriter;
import dev.stateful.ports.reconcile.StatefulSetReconciler;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Instant;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import javax.net.ssl.SSLContext;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * Binds every port to a real API server through fabric8 (the wiring of the fabric8 package docs)
 * and builds the running controller around the engine: informer caches, the work queue and its
 * workers, leader election guarding every write, metrics and the HTTP endpoints.
 */
public final class Fabric8Module extends AbstractModule {

    /**
     * Threads running the calls of Parallel bursts, shared by all workers: upstream's
     * {@code slowStartBatch} runs each call of a batch in a goroutine of its own, so a batch of 256
     * pods has 256 calls in flight, and a narrower pool serialises the wide batches of a large set
     * once the client rate limit is not the bound (with 64, a 500-replica set's creates reached the
     * API server at a third of upstream's rate). They share one HTTP/2 connection until it holds
     * kube-apiserver's 250 concurrent streams, when the client opens another, as Go's transport does
     * ({@code NettyTransport}). Idle threads end after a minute.
     */
    static final int BATCH_THREADS = 256;

    /** kube-controller-manager syncs a new set within milliseconds; this leaves room for a busy one. */
    static final java.time.Duration BUILT_IN_CHECK_WAIT = java.time.Duration.ofSeconds(5);

    private final ControllerSettings settings;
    private final PrometheusMeterRegistry registry;

    /**
     * The client the controller owns, being built and checked from the moment the module exists,
     * on a thread of its own: fabric8's initialisation (its Jackson mapper, the kubeconfig's YAML
     * and model, the HTTP client) and the first requests need nothing the injector
     * builds, so they run while Guice wires the rest. Empty on a lent client.
     */
    private final Optional<CompletableFuture<KubernetesClient>> connecting;

    private final Optional<KubernetesClient> lent;

    private final ClusterCache.SetDefaults setDefaults;

    public Fabric8Module(ControllerSettings settings) {
        this.settings = settings;
        this.lent = Optional.empty();
        this.setDefaults = ClusterCache.SetDefaults.STORED;
        // the client's request metrics need the registry only once the kubeconfig is read, so the
        // connecting thread starts first and the registry (Micrometer and Prometheus, a few hundred
        // classes) is made meanwhile
        CompletableFuture<PrometheusMeterRegistry> made = new CompletableFuture<>();
        this.connecting = Optional.of(CompletableFuture.supplyAsync(() -> connect(made::join), task -> {
            Thread thread = new Thread(task, "connect");
            thread.setDaemon(true);
            thread.start();
        }));
        try {
            this.registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        } catch (RuntimeException | Error e) {
            made.completeExceptionally(e);
            throw e;
        }
        made.complete(registry);
    }

    /** On a client the caller owns: the controller neither builds nor closes one. */
    public Fabric8Module(ControllerSettings settings, KubernetesClient client) {
        this(settings, client, ClusterCache.SetDefaults.STORED);
    }

    /**
     * On a client the caller owns, with apps/v1 sets taken as {@code setDefaults} says
     * ({@link ClusterCache.SetDefaults#PLAYED} on fabric8's mock, which stores them undefaulted).
     */
    public Fabric8Module(ControllerSettings settings, KubernetesClient client, ClusterCache.SetDefaults setDefaults) {
        this.settings = settings;
        this.connecting = Optional.empty();
        this.lent = Optional.of(client);
        this.setDefaults = setDefaults;
        this.registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    }

    public ControllerSettings settings() {
        return settings;
    }

    @Override
    protected void configure() {
        bind(ControllerSettings.class).toInstance(settings);
        bind(MeterRegistry.class).toInstance(registry);
        new ProcessMetrics().bindTo(registry);
        new BuildInfo().bindTo(registry);
        bind(Clock.class).toInstance(Clock.systemUTC());
        bind(ClusterReader.class).to(ClusterCache.class);
        bind(ClusterEvents.class).to(ClusterCache.class);
        // the gauges read the caches, which exist only once the injector does
        Provider<ClusterReader> reader = getProvider(ClusterReader.class);
        install(new EngineModule(new RolloutGauges(registry, reader::get, Clock.systemUTC())));
    }

    @Provides
    @Singleton
    RunningController controller(KubernetesClient client, ClusterCache cache, ControllerLoop loop, Optional<LeaderElection> election,
                                 Fabric8EventRecorder recorder, @EngineModule.Batches ExecutorService batches, HealthServer health,
                                 WorkQueue<ObjectKey> queue) {
        return new RunningController(client, cache, loop, election, recorder, batches, health, queue,
                lent.isPresent() ? RunningController.ClientLifetime.BORROWED : RunningController.ClientLifetime.OWNED);
    }

    @Provides
    @Singleton
    KubernetesClient client() {
        if (lent.isPresent()) {
            return lent.get();
        }
        try {
            return connecting.orElseThrow().join();
        } catch (CompletionException e) {
            // what connect threw, as if thrown here (Guice reports it; Injectors unwraps it)
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    /** Builds the client and checks the cluster before anything is watched. */
    private KubernetesClient connect(Supplier<PrometheusMeterRegistry> metrics) {
        KubernetesClient client = ClientFactory.create(ClientFactory.Options.defaults()
                .withKubeconfig(settings.kubeconfig()).withContext(settings.context())
                .withRateLimit(settings.qps(), settings.burst()).withUserAgent(UserAgent.of(Version.current(), "statefulset-controller")), metrics);
        try {
            ClientFactory.verifyReachable(client);
            if (settings.kinds().contains(SetKind.STATEFUL_DEV)) {
                CustomKindInstalledCheck.requireInstalled(client, settings.namespace());
            }
            if (settings.kinds().contains(SetKind.APPS_V1) && settings.builtInCheck()) {
                BuiltInControllerCheck.requireOff(client, settings.lease().namespace(), BUILT_IN_CHECK_WAIT);
            }
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
        return client;
    }

    @Provides
    @Singleton
    ClusterCache cache(KubernetesClient client) {
        return new ClusterCache(client, settings.namespace(), ClusterCache.DEFAULT_RESYNC, settings.kinds(), setDefaults);
    }

    @Provides
    @Singleton
    WorkQueue<ObjectKey> queue() {
        return WorkQueue.create("statefulset", registry);
    }

    /** Empty without leader election: then this process is the only writer. */
    @Provides
    @Singleton
    Optional<LeaderElection> election(KubernetesClient client, Provider<RunningController> controller) {
        if (!settings.leaderElect()) {
            return Optional.empty();
        }
        ControllerSettings.Lease lease = settings.lease();
        LeaderElection.Settings election = LeaderElection.Settings.defaults(lease.namespace(), lease.name())
                .withTimings(lease.duration(), lease.renewDeadline(), lease.retryPeriod());
        LeaderElection elector = new LeaderElection(client, election,
                () -> controller.get().startedLeading(), () -> controller.get().leadershipLost());
        // client-go's leaderelection metric (component-base/metrics/prometheus/clientgo/leaderelection)
        Gauge.builder("leader_election_master_status", elector, e -> e.isLeading() ? 1 : 0).tag("name", lease.name())
                .description("Gauge of if the reporting system is master of the relevant lease, 0 indicates backup, 1 indicates master.")
                .register(registry);
        return Optional.of(elector);
    }

    @Provides
    Optional<LeadershipGate> gate(Optional<LeaderElection> election) {
        return election.map(LeaderElection::gate);
    }

    @Provides
    @Singleton
    PodControl pods(KubernetesClient client, Optional<LeadershipGate> gate) {
        return guarded(gate, new Fabric8PodControl(client), LeaderGuard::pods);
    }

    @Provides
    @Singleton
    ClaimControl claims(KubernetesClient client, Optional<LeadershipGate> gate) {
        return guarded(gate, new Fabric8ClaimControl(client), LeaderGuard::claims);
    }

    @Provides
    @Singleton
    RevisionControl revisions(KubernetesClient client, Optional<LeadershipGate> gate) {
        return guarded(gate, new Fabric8RevisionControl(client), LeaderGuard::revisions);
    }

    @Provides
    @Singleton
    StatusWriter status(KubernetesClient client, Optional<LeadershipGate> gate) {
        Map<SetKind, StatusWriter> byKind = new LinkedHashMap<>();
        if (settings.kinds().contains(SetKind.APPS_V1)) {
            byKind.put(SetKind.APPS_V1, new Fabric8StatusWriter(client));
        }
        if (settings.kinds().contains(SetKind.STATEFUL_DEV)) {
            byKind.put(SetKind.STATEFUL_DEV, new CustomKindStatusWriter(client));
        }
        return guarded(gate, new KindStatusWriter(byKind), LeaderGuard::status);
    }

    @Provides
    @Singleton
    Fabric8EventRecorder recorder(KubernetesClient client, Clock clock) {
        return new Fabric8EventRecorder(client, clock);
    }

    @Provides
    @Singleton
    EventRecorder events(Fabric8EventRecorder recorder, Optional<LeadershipGate> gate) {
        return guarded(gate, recorder, LeaderGuard::events);
    }

    /** The port behind the leadership gate, or as it is when there is no election. */
    private static <P> P guarded(Optional<LeadershipGate> gate, P port, BiFunction<LeadershipGate, P, P> guard) {
        return gate.map(g -> guard.apply(g, port)).orElse(port);
    }

    @Provides
    @Singleton
    @EngineModule.Batches
    ExecutorService batchPool() {
        AtomicInteger n = new AtomicInteger();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(BATCH_THREADS, BATCH_THREADS, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "statefulset-batch-" + n.getAndIncrement());
            t.setDaemon(true);
            return t;
        });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    @Provides
    @EngineModule.Batches
    Executor batches(@EngineModule.Batches ExecutorService pool) {
        return pool;
    }

    @Provides
    @Singleton
    ControllerLoop loop(ClusterCache cache, WorkQueue<ObjectKey> queue, StatefulSetReconciler reconciler) {
        return new ControllerLoop(cache, new PodEventRouter(cache::statefulSetsNamed, cache::statefulSets), queue, reconciler::sync, registry, settings.workers());
    }

    @Provides
    @Singleton
    HealthServer health(ClusterCache cache, ControllerLoop loop, KubernetesClient client) {
        return new HealthServer(new java.net.InetSocketAddress(settings.bindAddress(), settings.metricsPort()),
                () -> MetricsText.withoutMaxGauges(registry.scrape()), cache::hasSynced, loop::isAlive, secure(client));
    }

    private Optional<HealthServer.Secure> secure(KubernetesClient client) {
        ControllerSettings.MetricsServing serving = settings.metricsServing();
        if (!serving.secure()) {
            return Optional.empty();
        }
        Instant now = Instant.now();
        SSLContext tls = serving.certificateFile() == null
                ? ServingCertificate.selfSigned(settings.bindAddress(), now)
                : ServingCertificate.fromFiles(serving.certificateFile(), serving.keyFile(), now);
        return Optional.of(new HealthServer.Secure(tls, new CachedMetricsReviewer(new KubernetesMetricsReviewer(client))));
    }
}
