package dev.stateful.fabric8.client;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.File;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Builds the {@link KubernetesClient} the way kubectl finds its cluster: {@code --kubeconfig},
 * else {@code $KUBECONFIG} (first existing file), else {@code ~/.kube/config}, else the in-cluster
 * service account. Requests are rate limited client-side like kube-controller-manager's.
 */
public final class ClientFactory {

    /**
     * A client's own threads: its {@link TaskExecutor} and its transport's event loop, both stopped
     * when the client closes, as fabric8 stops the executor it makes itself.
     */
    private record ClientThreads(NettyTransport transport) implements KubernetesClientBuilder.ExecutorSupplier {
        @Override
        public Executor get() {
            return new TaskExecutor();
        }

        @Override
        public void onClose(Executor executor) {
            ((TaskExecutor) executor).shutdownNow();
            transport.close();
        }
    }

    static final Path SERVICE_ACCOUNT_TOKEN = Path.of("/var/run/secrets/kubernetes.io/serviceaccount/token");

    /**
     * @param kubeconfig the {@code --kubeconfig} flag, or null
     * @param context the context to use instead of the current one, or null
     * @param qps sustained requests per second (kube-controller-manager: 20)
     * @param burst requests allowed at once above that (kube-controller-manager: 30)
     * @param requestTimeout how long one request may take
     * @param userAgent the {@code User-Agent} header of every request ({@link UserAgent})
     */
    public record Options(Path kubeconfig, String context, double qps, int burst, Duration requestTimeout, String userAgent) {

        public static Options defaults() {
            return new Options(null, null, 20, 30, Duration.ofSeconds(30), UserAgent.of(UserAgent.UNKNOWN_VERSION, null));
        }

        public Options withKubeconfig(Path value) {
            return new Options(value, context, qps, burst, requestTimeout, userAgent);
        }

        public Options withContext(String value) {
            return new Options(kubeconfig, value, qps, burst, requestTimeout, userAgent);
        }

        public Options withRateLimit(double newQps, int newBurst) {
            return new Options(kubeconfig, context, newQps, newBurst, requestTimeout, userAgent);
        }

        public Options withRequestTimeout(Duration value) {
            return new Options(kubeconfig, context, qps, burst, value, userAgent);
        }

        public Options withUserAgent(String value) {
            return new Options(kubeconfig, context, qps, burst, requestTimeout, value);
        }
    }

    /**
     * The first wait before a watch that ended is opened again; fabric8 doubles it after each failed
     * attempt, up to 32 times this first wait (3.2 s between attempts while the API server cannot
     * be reached; client-go's {@code Reflector} backs off from 0.8 s to 30 s). client-go's
     * {@code Reflector.watch} opens the next watch as soon as one ends (the server's timeout every
     * 5-10 minutes, or the API server closing a watcher that fell behind); fabric8's default of a
     * second left the cache that long behind each time, and the API server closed our pod watch
     * three times during one 500-replica Parallel burst (measured in docs/benchmarks.md, "Start-up,
     * the rate-limited comparison and the watches").
     */
    static final Duration WATCH_RECONNECT = Duration.ofMillis(100);

    private ClientFactory() {
    }

    /** A kubeconfig that names nothing real: {@link #warmUp} parses it and connects nowhere. */
    private static final String WARM_UP_KUBECONFIG = """
            apiVersion: v1
            kind: Config
            clusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]
            contexts: [{name: c, context: {cluster: c, user: u}}]
            users: [{name: u, user: {token: t}}]
            current-context: c
            """;

    /**
     * Starts loading, on daemon threads, what building the first client needs and nothing else
     * does: the kubeconfig model, the YAML parser, Jackson, Vert.x's client options, BoringSSL (its
     * native library is unpacked and loaded) and the JDK's TLS classes (the kubeconfig's trust and
     * key managers).
     * A process that will build a client calls it first thing; the work then overlaps with its own
     * start-up (command-line parsing, logging, wiring) instead of following it. Makes no request;
     * any failure is left to the real client to report.
     */
    public static void warmUp() {
        daemon("client-warm-up", () -> {
            KubeconfigFile.readText(WARM_UP_KUBECONFIG);
            io.fabric8.kubernetes.client.utils.Serialization.jsonMapper();
            // not here: fabric8's registry of its ~640 model classes, which a KubernetesResource-typed
            // property's deserialiser builds once per process; the first request does not need it, and
            // building it beside the first client took that client ~0.1 s longer on two cores
        });
        // beside it: nothing here waits for the serialisation, and the client needs both at once
        daemon("client-warm-up-tls", () -> {
            new io.vertx.ext.web.client.WebClientOptions();
            NettyTransport.openSsl();
            try {
                javax.net.ssl.SSLContext.getDefault();
            } catch (java.security.NoSuchAlgorithmException onlyAHeadStart) {
                // the client built afterwards meets the same problem and reports it
            }
        });
    }

    private static void daemon(String name, Runnable work) {
        Thread thread = new Thread(() -> {
            try {
                work.run();
            } catch (RuntimeException onlyAHeadStart) {
                // the client built afterwards meets the same problem and reports it
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
    }

    public static KubernetesClient create(Options options) {
        return create(options, (MeterRegistry) null);
    }

    /** @param metrics where client-go's {@code rest_client_*} series go, or null for none */
    public static KubernetesClient create(Options options, MeterRegistry metrics) {
        return create(options, () -> metrics);
    }

    /**
     * As {@link #create(Options, MeterRegistry)}, asking for the registry only once the kubeconfig
     * has been read (a cold JVM's first kubeconfig builds Jackson and the kubeconfig model, the
     * longest step before the first request): a caller on another thread can make its registry
     * meanwhile.
     */
    public static KubernetesClient create(Options options, Supplier<? extends MeterRegistry> metrics) {
        return create(options, System.getenv(), Path.of(System.getProperty("user.home")), metrics);
    }

    static KubernetesClient create(Options options, Map<String, String> env, Path home) {
        return create(options, env, home, () -> null);
    }

    static KubernetesClient create(Options options, Map<String, String> env, Path home, Supplier<? extends MeterRegistry> registry) {
        Config config = load(options, env, home);
        MeterRegistry metrics = registry.get();
        config.setRequestTimeout((int) options.requestTimeout().toMillis());
        config.setUserAgent(options.userAgent());
        // The work queue retries failed syncs with per-key backoff; retrying inside the client as
        // well would hold a worker for many seconds and repeat non-idempotent writes.
        config.setRequestRetryBackoffLimit(0);
        config.setWatchReconnectInterval((int) WATCH_RECONNECT.toMillis());
        TokenBucket bucket = new TokenBucket(options.qps(), options.burst());
        KubernetesClientBuilder builder = new KubernetesClientBuilder().withConfig(config);
        NettyTransport transport = NettyTransport.create(config.getMasterUrl().startsWith("https:"));
        try {
            return builder
                    .withHttpClientFactory(transport)
                    .withTaskExecutorSupplier(new ClientThreads(transport))
                    .withHttpClientBuilderConsumer(http -> {
                        http.addOrReplaceInterceptor(RateLimitInterceptor.NAME, new RateLimitInterceptor(bucket));
                        if (metrics != null) {
                            http.addOrReplaceInterceptor(RequestMetrics.NAME, new RequestMetrics(metrics));
                        }
                    })
                    .build();
        } catch (RuntimeException e) {
            transport.close();
            throw e;
        }
    }

    /** Fails with one line naming the server when it does not answer. */
    public static void verifyReachable(KubernetesClient client) {
        try {
            client.getKubernetesVersion();
        } catch (KubernetesClientException e) {
            throw new ClientConfigException("cannot reach the Kubernetes API server at " + client.getMasterUrl() + ": " + reason(e), e);
        }
    }

    /**
     * Why a request failed, in words as kubectl puts them: Netty's connect failures name the address
     * again ("Connection refused: /127.0.0.1:6443"), which the message already names.
     */
    static String reason(KubernetesClientException e) {
        for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
            if (t instanceof io.netty.channel.ConnectTimeoutException || t instanceof TimeoutException) {
                return "timed out";
            }
            if (t instanceof ConnectException) {
                String message = t.getMessage();
                return message == null || message.startsWith("Connection refused") ? "connection refused" : firstLine(message);
            }
            if (t instanceof UnknownHostException || t instanceof UnresolvedAddressException) {
                return "unknown host";
            }
        }
        Throwable cause = e.getCause() != null ? e.getCause() : e;
        return firstLine(cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName());
    }

    static Config load(Options options, Map<String, String> env, Path home) {
        List<Path> files = kubeconfig(options, env, home);
        Optional<Path> file = files.stream().findFirst();
        if (file.isEmpty() && !inCluster(env)) {
            throw new ClientConfigException("no Kubernetes configuration found: pass --kubeconfig, set KUBECONFIG, "
                    + "create ~/.kube/config or run inside a cluster");
        }
        Config config;
        try {
            config = file.isPresent() ? KubeconfigFile.read(options.context(), files) : Config.autoConfigure(options.context());
        } catch (UnknownContextException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new ClientConfigException("invalid Kubernetes configuration"
                    + (files.isEmpty() ? "" : " in " + files.stream().map(Path::toString).collect(java.util.stream.Collectors.joining(", ")))
                    + ": " + firstLine(String.valueOf(e.getMessage())), e);
        }
        return config;
    }

    /** The kubeconfig files to read, merged in this order: the flag's, else KUBECONFIG's that exist (kubectl skips the others), else ~/.kube/config. */
    static List<Path> kubeconfig(Options options, Map<String, String> env, Path home) {
        if (options.kubeconfig() != null) {
            if (!Files.isRegularFile(options.kubeconfig())) {
                throw new ClientConfigException("kubeconfig " + options.kubeconfig() + " does not exist");
            }
            return List.of(options.kubeconfig());
        }
        String listed = env.getOrDefault("KUBECONFIG", "");
        if (!listed.isBlank()) {
            return Arrays.stream(listed.split(File.pathSeparator))
                    .filter(s -> !s.isBlank()).map(Path::of).filter(Files::isRegularFile).distinct().toList();
        }
        Path standard = home.resolve(".kube").resolve("config");
        return Files.isRegularFile(standard) ? List.of(standard) : List.of();
    }

    private static boolean inCluster(Map<String, String> env) {
        return env.containsKey("KUBERNETES_SERVICE_HOST") && env.containsKey("KUBERNETES_SERVICE_PORT")
                && Files.isRegularFile(SERVICE_ACCOUNT_TOKEN);
    }

    private static String firstLine(String text) {
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
