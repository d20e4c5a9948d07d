package dev.stateful.testsupport.controlplane;

import dev.stateful.testsupport.Eventually;
import dev.stateful.testsupport.Kubeconfig;
import dev.stateful.testsupport.LoopbackPorts;
import dev.stateful.testsupport.tls.InsecureSkipVerify;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * A real Kubernetes control plane on 127.0.0.1, built from upstream's published Go modules
 * ({@code control-plane/}): etcd, kube-apiserver (serving certificates of its own CA, static-token
 * users, RBAC, service-account tokens, an audit log of every write) and kube-controller-manager
 * with the controllers {@link Options#controllers} names (by default every one but the
 * StatefulSet controller: the real garbage collector and namespace controller run).
 *
 * <p>Everything lives in a fresh temporary directory removed by {@link #close()}; each
 * component's log is kept under {@code target/control-plane/} for a failed run.
 */
public final class ControlPlane implements AutoCloseable {

    /** The {@code kubernetes} Service's address in the service range the API server is given. */
    static final String SERVICE_IP = "10.96.0.1";
    private static final Duration STARTUP = Duration.ofSeconds(90);
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ControlPlane.class);

    /**
     * @param controllers kube-controller-manager's {@code --controllers}, e.g. {@code *,-statefulset}
     * @param users static-token users besides {@code admin}, each in {@code system:masters}
     * @param featureGates {@code --feature-gates} of kube-apiserver and kube-controller-manager alike, e.g.
     *     {@code MaxUnavailableStatefulSet=true} (empty: the release's defaults)
     * @param controllerManagerFlags further kube-controller-manager flags, e.g. {@code --kube-api-qps=50}
     * @param controllerManagerMetrics whether kube-controller-manager serves /metrics ({@link #controllerManagerMetrics()})
     * @param apiServerFlags further kube-apiserver flags, e.g. {@code --enable-admission-plugins=...}
     */
    public record Options(String controllers, List<String> users, String featureGates, List<String> controllerManagerFlags,
            boolean controllerManagerMetrics, List<String> apiServerFlags) {
        public static Options defaults() {
            return new Options("*,-statefulset", List.of(), "", List.of(), false, List.of());
        }

        public Options withApiServerFlags(String... flags) {
            return new Options(controllers, users, featureGates, controllerManagerFlags, controllerManagerMetrics,
                    Stream.concat(apiServerFlags.stream(), Stream.of(flags)).toList());
        }

        /** kube-controller-manager with its own StatefulSet controller on, as a cluster ships. */
        public Options withUpstreamStatefulSetController() {
            return withControllers("*");
        }

        public Options withControllers(String value) {
            return new Options(value, users, featureGates, controllerManagerFlags, controllerManagerMetrics, apiServerFlags);
        }

        public Options withUsers(String... names) {
            return new Options(controllers, Stream.concat(users.stream(), Stream.of(names)).toList(), featureGates, controllerManagerFlags,
                    controllerManagerMetrics, apiServerFlags);
        }

        public Options withFeatureGates(String value) {
            return new Options(controllers, users, value, controllerManagerFlags, controllerManagerMetrics, apiServerFlags);
        }

        public Options withControllerManagerFlags(String... flags) {
            return new Options(controllers, users, featureGates, Stream.concat(controllerManagerFlags.stream(), Stream.of(flags)).toList(),
                    controllerManagerMetrics, apiServerFlags);
        }

        /**
         * kube-controller-manager serving on a loopback port of its own, /metrics open without credentials
         * (its work queues' counters, e.g. to count a controller's syncs); without it, it serves nothing.
         */
        public Options withControllerManagerMetrics() {
            return new Options(controllers, users, featureGates, controllerManagerFlags, true, apiServerFlags);
        }
    }

    private final Path dir;
    private final Path logs;
    private final Pki pki;
    private final int apiPort;
    /** kube-controller-manager's secure port, 0 for none ({@link Options#controllerManagerMetrics}). */
    private final int managerPort;
    /** The client {@link #controllerManagerMetrics()} scrapes with, one per plane; null when {@link #managerPort} is 0. */
    private final HttpClient managerMetrics;
    private final Map<String, String> tokens;
    private final Component etcd;
    private final Component apiServer;
    private final Binaries binaries;
    private final Path managerConfig;
    private Options options;
    private volatile Component controllerManager;
    private final AuditLog audit;
    private final KubernetesClient admin;
    /** A JVM ending without {@link #close()} (a test run interrupted) still stops the processes and removes the directory. */
    private final Thread shutdownHook = new Thread(this::stopAndRemove, "control-plane-shutdown");
    private Duration startup = Duration.ZERO;

    private ControlPlane(String name, Options options, Binaries binaries) throws IOException {
        dir = Files.createTempDirectory("control-plane-");
        logs = Files.createDirectories(Path.of("target", "control-plane",
                name + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("HHmmss-SSS"))).toAbsolutePath());
        pki = Pki.generate(dir);
        tokens = new LinkedHashMap<>();
        Stream.concat(Stream.of("admin"), options.users().stream()).forEach(user -> tokens.put(user, randomToken()));
        Path tokenFile = Files.write(dir.resolve("tokens.csv"), tokens.entrySet().stream()
                .map(e -> e.getValue() + "," + e.getKey() + "," + e.getKey() + ",\"system:masters\"").toList());
        Path auditPolicy = Files.writeString(dir.resolve("audit-policy.yaml"), """
                apiVersion: audit.k8s.io/v1
                kind: Policy
                omitStages: ["RequestReceived"]
                rules:
                # everything service accounts do, reads included: a read RBAC refuses must show
                - level: Metadata
                  userGroups: ["system:serviceaccounts"]
                # every write with who made it and the answer; other reads are not recorded
                - level: Metadata
                  verbs: ["create", "update", "patch", "delete", "deletecollection"]
                - level: None
                """);
        Path auditLog = logs.resolve("audit.log");
        int etcdPort = LoopbackPorts.free();
        String etcdPeer = "http://127.0.0.1:" + LoopbackPorts.free();
        apiPort = LoopbackPorts.free();
        managerPort = options.controllerManagerMetrics() ? LoopbackPorts.free() : 0;
        managerMetrics = managerPort == 0 ? null : HttpClient.newBuilder().sslContext(InsecureSkipVerify.sslContext())
                .version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

        etcd = new Component("etcd", List.of(binaries.path("etcd").toString(),
                "--name=default", "--data-dir=" + dir.resolve("etcd"),
                "--listen-client-urls=http://127.0.0.1:" + etcdPort, "--advertise-client-urls=http://127.0.0.1:" + etcdPort,
                "--listen-peer-urls=" + etcdPeer, "--initial-advertise-peer-urls=" + etcdPeer,
                "--initial-cluster=default=" + etcdPeer, "--initial-cluster-state=new",
                // a test's data is thrown away with the directory: no fsync
                "--unsafe-no-fsync", "--log-level=warn"), logs.resolve("etcd.log"));
        this.binaries = binaries;
        this.options = options;
        List<String> apiServerCommand = new ArrayList<>(List.of(binaries.path("kube-apiserver").toString(),
                "--etcd-servers=http://127.0.0.1:" + etcdPort,
                "--bind-address=127.0.0.1", "--advertise-address=127.0.0.1", "--secure-port=" + apiPort,
                // nothing reconciles the default/kubernetes Service's endpoints: none of our tests
                // reaches the server through that Service, and from 1.37 kube-apiserver refuses a
                // loopback advertise address to the lease reconciler (controlplane.New, ValidateIP)
                "--endpoint-reconciler-type=none",
                "--tls-cert-file=" + pki.servingCertificate(), "--tls-private-key-file=" + pki.servingKey(),
                "--token-auth-file=" + tokenFile, "--authorization-mode=RBAC",
                "--service-account-issuer=https://kubernetes.default.svc.cluster.local",
                "--service-account-key-file=" + pki.serviceAccountPublicKey(),
                "--service-account-signing-key-file=" + pki.serviceAccountKey(),
                "--service-cluster-ip-range=10.96.0.0/16",
                "--audit-policy-file=" + auditPolicy, "--audit-log-path=" + auditLog, "--audit-log-mode=blocking",
                "--profiling=false", "--cert-dir=" + dir.resolve("apiserver-certs")));
        featureGates(options).ifPresent(apiServerCommand::add);
        apiServerCommand.addAll(options.apiServerFlags());
        apiServer = new Component("kube-apiserver", apiServerCommand, logs.resolve("kube-apiserver.log"));
        managerConfig = Kubeconfig.write(dir.resolve("kube-controller-manager.kubeconfig"), url(), "admin", tokens.get("admin"),
                pki.caCertificate());
        controllerManager = controllerManager(options);
        audit = new AuditLog(auditLog);
        admin = client("admin");
    }

    /** How often a control plane is started on fresh ports when one of its ports was taken meanwhile. */
    private static final int PORT_ATTEMPTS = 3;

    /**
     * Starts a fresh control plane; {@code name} labels its logs under {@code target/control-plane/}.
     * The ports are found free ({@link LoopbackPorts}) before the processes bind them, and anything on
     * the machine may take one in between (an outgoing connection's ephemeral port among them): a
     * component that then fails to bind, "address already in use" in its log, starts the whole plane
     * again on other ports.
     */
    public static ControlPlane start(String name, Options options) {
        for (int attempt = 1; ; attempt++) {
            try {
                return startOnce(name, options);
            } catch (PlaneDidNotStart e) {
                if (attempt >= PORT_ATTEMPTS || !e.portTaken) {
                    throw e;
                }
                LOG.warn("control plane {}: a port was taken before its server bound it; starting again on other ports ({})", name, e.getMessage());
            }
        }
    }

    /** A start that failed, and whether a component's log shows it could not bind its port. */
    private static final class PlaneDidNotStart extends IllegalStateException {
        private final boolean portTaken;

        PlaneDidNotStart(String message, Throwable cause, boolean portTaken) {
            super(message, cause);
            this.portTaken = portTaken;
        }
    }

    /** Whether a log in {@code logs} shows a component that could not bind its port. */
    static boolean portTaken(Path logs) {
        try (Stream<Path> files = Files.list(logs)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".log")).anyMatch(f -> {
                try {
                    return Files.readString(f).contains("address already in use");
                } catch (IOException unreadable) {
                    return false;
                }
            });
        } catch (IOException unreadable) {
            return false;
        }
    }

    private static ControlPlane startOnce(String name, Options options) {
        Binaries binaries = Binaries.locate();
        ControlPlane plane;
        try {
            plane = new ControlPlane(name, options, binaries);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Runtime.getRuntime().addShutdownHook(plane.shutdownHook);
        long started = System.nanoTime();
        try {
            plane.etcd.start();
            plane.apiServer.start();
            plane.awaitApiServerReady();
            plane.controllerManager.start();
            // the service-account controller has made its first account: the controller manager is running its controllers
            plane.await("kube-controller-manager running", () -> plane.admin.serviceAccounts().inNamespace("default").withName("default").get() != null);
            plane.startup = Duration.ofNanos(System.nanoTime() - started);
            LOG.info("control plane {} ready in {} ms (API server at {}, logs in {})", name, plane.startup.toMillis(), plane.url(), plane.logs);
            return plane;
        } catch (RuntimeException | Error e) {
            plane.close();
            throw new PlaneDidNotStart("control plane did not start; logs in " + plane.logs, e, portTaken(plane.logs));
        }
    }

    private Component controllerManager(Options given) {
        List<String> command = new ArrayList<>(List.of(binaries.path("kube-controller-manager").toString(),
                "--kubeconfig=" + managerConfig, "--controllers=" + given.controllers(),
                "--service-account-private-key-file=" + pki.serviceAccountKey(), "--root-ca-file=" + pki.caCertificate(),
                // each controller as its own service account, as kubeadm runs it: the audit log tells their writes apart
                "--use-service-account-credentials=true", "--leader-elect=false",
                "--bind-address=127.0.0.1", "--secure-port=" + managerPort, "--profiling=false"));
        if (managerPort != 0) {
            command.add("--authorization-always-allow-paths=/healthz,/readyz,/livez,/metrics");
        }
        featureGates(given).ifPresent(command::add);
        command.addAll(given.controllerManagerFlags());
        return new Component("kube-controller-manager", command, logs.resolve("kube-controller-manager.log"));
    }

    private static java.util.Optional<String> featureGates(Options given) {
        return given.featureGates().isEmpty() ? java.util.Optional.empty() : java.util.Optional.of("--feature-gates=" + given.featureGates());
    }

    // ---------------------------------------------------------------- clients and identities

    /** https://127.0.0.1:port */
    public String url() {
        return "https://127.0.0.1:" + apiPort;
    }

    /** A client in {@code system:masters}, for setting up and reading what tests look at. */
    public KubernetesClient admin() {
        return admin;
    }

    /** A kubeconfig for a static-token user given in {@link Options#users} (or {@code admin}). */
    public Path kubeconfig(String user) {
        String token = tokens.get(user);
        if (token == null) {
            throw new IllegalArgumentException("no user " + user + "; the control plane has " + tokens.keySet());
        }
        return Kubeconfig.write(dir.resolve(user + ".kubeconfig"), url(), user, token, pki.caCertificate());
    }

    /** A new client for a static-token user. */
    public KubernetesClient client(String user) {
        return new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(null, kubeconfig(user).toFile())).build();
    }

    /**
     * A kubeconfig for service account {@code namespace/name}, with a token from the TokenRequest
     * API: what RBAC grants that account is all it may do.
     */
    public Path serviceAccountKubeconfig(String namespace, String name) {
        String token = admin.serviceAccounts().inNamespace(namespace).withName(name)
                .tokenRequest(new TokenRequestBuilder().withNewSpec().withExpirationSeconds(6L * 3600).endSpec().build())
                .getStatus().getToken();
        return Kubeconfig.write(dir.resolve(namespace + "-" + name + ".kubeconfig"), url(), name, token, pki.caCertificate());
    }

    /** Every write the API server answered, in order, from its audit log. */
    public AuditLog audit() {
        return audit;
    }

    /** From starting etcd to kube-controller-manager running its controllers. */
    public Duration startup() {
        return startup;
    }

    /** Where the components' logs and the audit log are. */
    public Path logs() {
        return logs;
    }

    // ---------------------------------------------------------------- faults

    /**
     * Stops kube-apiserver and starts it again on the same port and etcd: every watch ends, and a
     * watch resumed from a resourceVersion older than the new watch cache is answered 410 Gone.
     */
    public void restartApiServer() {
        apiServer.stop();
        apiServer.start();
        awaitApiServerReady();
    }

    /**
     * Stops kube-controller-manager and starts it again with the same flags: a whole plane again after
     * {@link #restartApiServer()}, whose outage leaves kube-controller-manager's informers waiting out
     * client-go's reflector backoff (it doubles from 0.8 s to 30 s while the server is down) before they
     * watch again. Until then its garbage collector's graph misses new objects: a set deleted with
     * orphan propagation has only the dependents in the graph orphaned, and the others are then deleted
     * as dependents of an owner that is gone.
     */
    public void restartControllerManager() {
        restartControllerManager(options.controllers());
    }

    /**
     * Stops kube-controller-manager and starts it again running {@code controllers} (its other
     * flags unchanged): e.g. to fill a cluster with no StatefulSet controller looking, then start one
     * that finds it full.
     */
    public synchronized void restartControllerManager(String controllers) {
        controllerManager.stop();
        options = options.withControllers(controllers);
        controllerManager = controllerManager(options).start();
    }

    /**
     * kube-controller-manager's /metrics, in Prometheus' text format, on a plane started
     * {@link Options#withControllerManagerMetrics()}. Its serving certificate is the self-signed one it
     * makes for itself when given none, so the scrape trusts whatever is served, as a Prometheus scrape
     * config with {@code insecure_skip_verify} does; in HTTP/1.1, since over HTTP/2 the JDK's client got a
     * GOAWAY from it for every request.
     */
    public String controllerManagerMetrics() throws IOException, InterruptedException {
        if (managerPort == 0) {
            throw new IllegalStateException("kube-controller-manager serves no /metrics: start the plane withControllerManagerMetrics()");
        }
        HttpResponse<String> response = managerMetrics.send(HttpRequest.newBuilder(
                URI.create("https://127.0.0.1:" + managerPort + "/metrics")).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("kube-controller-manager's /metrics answered " + response.statusCode());
        }
        return response.body();
    }

    /** The running kube-controller-manager's process id (to read its resident memory). */
    public synchronized long controllerManagerPid() {
        return controllerManager.pid();
    }

    /** The running kube-apiserver's process id (to read the CPU it spent serving a controller). */
    public synchronized long apiServerPid() {
        return apiServer.pid();
    }

    /** The running etcd's process id. */
    public synchronized long etcdPid() {
        return etcd.pid();
    }

    // ---------------------------------------------------------------- lifecycle

    private void awaitApiServerReady() {
        HttpClient http = HttpClient.newBuilder().sslContext(TrustedCa.sslContext(pki.caCertificate()))
                .connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest readyz = HttpRequest.newBuilder(URI.create(url() + "/readyz"))
                .header("Authorization", "Bearer " + tokens.get("admin")).timeout(Duration.ofSeconds(5)).build();
        await("kube-apiserver ready", () -> {
            try {
                return http.send(readyz, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
            } catch (IOException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        });
    }

    /** Waits for {@code condition}; a component that has exited ends the wait at once, with its exit. */
    private void await(String what, java.util.function.Supplier<Boolean> condition) {
        AtomicReference<IllegalStateException> exited = new AtomicReference<>();
        Eventually.await(what, STARTUP, () -> {
            try {
                etcd.checkAlive();
                apiServer.checkAlive();
                controllerManager.checkAlive();
            } catch (IllegalStateException e) {
                exited.set(e);
                return true;
            }
            return condition.get();
        });
        if (exited.get() != null) {
            throw exited.get();
        }
    }

    private void stopProcesses() {
        // the API server first, so the controller manager does not log its absence at length
        for (Component component : List.of(controllerManager, apiServer, etcd)) {
            component.stop();
        }
    }

    @Override
    public void close() {
        admin.close();
        stopAndRemove();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run
        }
    }

    private void stopAndRemove() {
        stopProcesses();
        deleteRecursively(dir);
    }

    private static void deleteRecursively(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            List<Path> all = new ArrayList<>(paths.sorted(Comparator.reverseOrder()).toList());
            for (Path path : all) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            LOG.warn("could not remove {}: {}", root, e.toString()); // a temp directory; nothing depends on it
        }
    }

    private static String randomToken() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
