package dev.stateful.app.cli;

import com.google.inject.Injector;
import com.google.inject.Key;
import dev.stateful.app.ExitCodes;
import dev.stateful.app.manifest.ManifestFile;
import dev.stateful.app.wiring.GrpcModule;
import dev.stateful.app.wiring.Injectors;
import dev.stateful.grpc.remote.PortSet;
import dev.stateful.grpc.remote.server.RemotePortsServices;
import dev.stateful.grpc.runtime.CallLimits;
import dev.stateful.grpc.runtime.GrpcServer;
import dev.stateful.grpc.runtime.ServerSettings;
import dev.stateful.grpc.security.BearerToken;
import dev.stateful.grpc.security.ServerTls;
import dev.stateful.grpc.server.SetBackend;
import dev.stateful.grpc.server.StatefulSetServiceImpl;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.manifest.ApplyResult;
import dev.stateful.inmemory.manifest.ManifestException;
import io.grpc.BindableService;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ScheduledExecutorService;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code stateful serve}: the {@code stateful.v1} gRPC API in front of the embedded in-memory
 * cluster, with the controller running on it; or, with {@code --remote-ports}, the cluster's ports
 * for an engine in another process ({@code stateful engine --ports grpc://...}). Blocks until
 * SIGTERM (or interruption).
 *
 * <p>A real cluster (fabric8, {@code --kubeconfig}) plugs in by binding the ports and
 * {@code SpecWriter}/{@code ManifestSink} to it instead of {@code InMemoryModule} and
 * {@link GrpcModule#inMemoryWrites} in {@link Injectors#serving}; everything else here stays.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Serve the stateful.v1 gRPC API (plan, validate, steer and watch StatefulSets) in front of the "
                + "in-memory cluster, with the controller running on it.",
                "With --remote-ports, serve the cluster's ports instead of running the controller, for `stateful engine`."})
public final class ServeCommand implements Callable<Integer> {

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "50051", description = "port to listen on; 0 picks a free one (default: ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = ServerSettings.LOOPBACK,
            description = "address to listen on (default: ${DEFAULT-VALUE}); anything else requires TLS and a token of at least 32 bytes")
    String bind;

    @Option(names = "--insecure-plaintext",
            description = "beyond loopback, serve without TLS: the token crosses the network in the clear")
    boolean insecurePlaintext;

    @Option(names = "--max-calls-per-connection", paramLabel = "N", defaultValue = "100",
            description = "unary calls in flight on one connection; more are RESOURCE_EXHAUSTED (default: ${DEFAULT-VALUE})")
    int maxCallsPerConnection;

    @Option(names = "--max-calls", paramLabel = "N", defaultValue = "1000",
            description = "unary calls in flight on the server; more are RESOURCE_EXHAUSTED (default: ${DEFAULT-VALUE})")
    int maxCalls;

    @Option(names = "--max-streams-per-connection", paramLabel = "N", defaultValue = "100",
            description = "open WatchRollout (and other streaming) calls on one connection (default: ${DEFAULT-VALUE})")
    int maxStreamsPerConnection;

    @Option(names = "--max-streams", paramLabel = "N", defaultValue = "1000",
            description = "open streaming calls on the server (default: ${DEFAULT-VALUE})")
    int maxStreams;

    @Option(names = "--grpc-threads", paramLabel = "N", defaultValue = "16",
            description = "threads that run the calls, a fixed number (default: ${DEFAULT-VALUE})")
    int grpcThreads;

    @Option(names = "--tls-cert", paramLabel = "FILE", description = "PEM certificate chain; with --tls-key, serve TLS")
    Path tlsCert;

    @Option(names = "--tls-key", paramLabel = "FILE", description = "PEM (PKCS#8) private key of --tls-cert")
    Path tlsKey;

    @Option(names = "--tls-client-ca", paramLabel = "FILE", description = "PEM CA certificates: require client certificates (mutual TLS)")
    Path tlsClientCa;

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "require this bearer token (default: the STATEFUL_TOKEN environment variable, if set)")
    Path tokenFile;

    @Option(names = "--remote-ports", description = "serve the cluster's ports for a remote engine; the controller does not run here")
    boolean remotePorts;

    @Option(names = {"-f", "--file"}, paramLabel = "FILE", description = "manifest to apply to the cluster at start")
    Path file;

    @Option(names = "--max-request-bytes", paramLabel = "BYTES", defaultValue = "4194304", description = "largest request accepted (default: ${DEFAULT-VALUE})")
    int maxRequestBytes;

    @Option(names = "--max-objects", paramLabel = "N", defaultValue = "20000",
            description = "objects (sets, pods, claims, revisions, services) the in-memory cluster holds at most; creates past it are "
                    + "refused as Forbidden, exceeded quota (default: ${DEFAULT-VALUE})")
    long maxObjects;

    @Option(names = "--time-scale", paramLabel = "FACTOR", defaultValue = "1",
            description = "how much faster than the wall clock cluster time runs, for demos (default: ${DEFAULT-VALUE}; 1 with --remote-ports)")
    double timeScale;

    /** How many of the latest writes serve's cluster keeps in its audit log: a few megabytes, for a heap dump to show. */
    static final int AUDIT_RECORDS = 10_000;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ServerSettings settings;
        try {
            settings = settings();
            settings.check();
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return ExitCodes.INVALID;
        }
        if (maxObjects < 1) {
            err.println("error: --max-objects must be at least 1, got " + maxObjects);
            return ExitCodes.INVALID;
        }
        InMemoryCluster cluster = cluster(maxObjects);
        if (file != null && !preload(cluster, err)) {
            return ExitCodes.INVALID;
        }
        Injector injector = Injectors.serving(cluster);
        List<BindableService> services = new ArrayList<>();
        services.add(injector.getInstance(StatefulSetServiceImpl.class));
        if (remotePorts) {
            ScheduledExecutorService streams = injector.getInstance(Key.get(ScheduledExecutorService.class, GrpcModule.Streams.class));
            services.addAll(RemotePortsServices.of(injector.getInstance(PortSet.class), streams));
        }
        ControllerDriver controller = remotePorts ? null : injector.getInstance(ControllerDriver.class);
        SetBackend backend = injector.getInstance(SetBackend.class);
        try (LiveCluster live = new LiveCluster(cluster, controller, timeScale).start();
             GrpcServer server = GrpcServer.start(settings, services, () -> backend.ready() && live.isAlive())) {
            // an IPv6 address in brackets, as a gRPC target and --server take it ([::1]:50051)
            String address = (bind.contains(":") && !bind.startsWith("[") ? "[" + bind + "]" : bind) + ":" + server.port();
            out.println("serving stateful.v1 on " + address + " (" + describe(settings) + ")");
            out.println(remotePorts ? "remote ports are served: run the controller with `stateful engine --ports grpc://"
                    + address + "`" : "the controller runs on the in-memory cluster");
            out.flush();
            Thread shutdown = new Thread(server::close, "serve-shutdown");
            Runtime.getRuntime().addShutdownHook(shutdown);
            try {
                server.awaitTermination();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                removeHook(shutdown);
            }
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return ExitCodes.FAILURE;
        }
        return ExitCodes.OK;
    }

    /**
     * The cluster serve runs, for days perhaps. A valid set may ask for 2147483647 replicas: the quota makes its creates
     * fail, as a ResourceQuota would, instead of filling the heap. Its audit log keeps the latest writes only, or every
     * status write of every sync would stay in the heap; nothing serve offers reads the log, so the bound is fixed,
     * not an option.
     */
    static InMemoryCluster cluster(long maxObjects) {
        return InMemoryCluster.builder().startingAt(Instant.now()).maxObjects(maxObjects).maxAuditRecords(AUDIT_RECORDS).build();
    }

    private ServerSettings settings() {
        ServerSettings settings = ServerSettings.loopback(port).withBindAddress(bind).withMaxInboundMessageBytes(maxRequestBytes)
                .withInsecurePlaintext(insecurePlaintext)
                .withLimits(new CallLimits(maxCallsPerConnection, maxCalls, maxStreamsPerConnection, maxStreams, grpcThreads));
        Optional<BearerToken> token = tokenFile != null ? Optional.of(BearerToken.fromFile(tokenFile)) : BearerToken.fromEnvironment(System.getenv());
        if (token.isPresent()) {
            settings = settings.withToken(token.get());
        }
        if ((tlsCert == null) != (tlsKey == null)) {
            throw new IllegalArgumentException("--tls-cert and --tls-key go together");
        }
        if (tlsClientCa != null && tlsCert == null) {
            throw new IllegalArgumentException("--tls-client-ca needs --tls-cert and --tls-key: mutual TLS is TLS first");
        }
        if (tlsCert != null) {
            settings = settings.withTls(new ServerTls(tlsCert, tlsKey, Optional.ofNullable(tlsClientCa)));
        }
        if (timeScale <= 0) {
            throw new IllegalArgumentException("--time-scale must be positive");
        }
        if (remotePorts && timeScale != 1) {
            throw new IllegalArgumentException("--time-scale must stay 1 with --remote-ports: the remote engine keeps wall-clock time");
        }
        return settings;
    }

    /**
     * Applies {@code --file}, or says why not (false: invalid input). A file that cannot be read throws, as for every
     * command that reads a manifest: one line and exit 1.
     */
    private boolean preload(InMemoryCluster cluster, PrintWriter err) {
        String text = ManifestFile.read(file);
        String source = ManifestFile.name(file);
        ApplyResult applied;
        try {
            applied = cluster.applyAllowingProblems(text);
        } catch (ManifestException e) {
            err.println("error: " + source + " is not valid YAML: " + e.getMessage());
            return false;
        }
        if (applied.hasProblems()) {
            err.println("error: " + source + " has problems:");
            applied.problems().forEach(p -> err.println("  " + p));
            return false;
        }
        return true;
    }

    private static String describe(ServerSettings settings) {
        String transport = settings.tls().map(t -> t.mutual() ? "mutual TLS" : "TLS").orElse("plaintext");
        return transport + (settings.token().isPresent() ? ", bearer token required" : ", no token");
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is exiting: the hook is running or has run
        }
    }
}
