package dev.stateful.app.cli;

import dev.stateful.app.InvalidInputException;
import dev.stateful.app.controller.ControllerSettings;
import dev.stateful.app.controller.GoDuration;
import dev.stateful.app.controller.InCluster;
import dev.stateful.app.controller.LogFormat;
import dev.stateful.app.controller.RunningController;
import dev.stateful.app.controller.ServingCertificate;
import dev.stateful.app.wiring.Injectors;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.validation.Names;
import dev.stateful.fabric8.client.UnknownContextException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code stateful controller}: the StatefulSet controller of a real cluster, until SIGTERM. */
@Command(name = "controller", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run as the StatefulSet controller of a cluster: of our own kind (apps.stateful.dev) by default; with --kinds apps,"
            + " of apps/v1 StatefulSets instead, with --kinds apps,crd of both (switch off kube-controller-manager's first).",
            "Connects like kubectl: --kubeconfig, else $KUBECONFIG, else ~/.kube/config, else the in-cluster service account."})
public final class ControllerCommand implements Callable<Integer> {

    static final String DEFAULT_LEASE_NAMESPACE = "kube-system";

    @Option(names = "--kubeconfig", paramLabel = "FILE", description = "kubeconfig file to use")
    Path kubeconfig;

    @Option(names = "--context", paramLabel = "NAME", description = "kubeconfig context to use (default: the current one)")
    String context;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NAMESPACE", description = "manage StatefulSets in this namespace only (default: all)")
    String namespace = "";

    @Option(names = "--workers", paramLabel = "N", defaultValue = "5",
            description = "StatefulSets synced at once, like --concurrent-statefulset-syncs (default: ${DEFAULT-VALUE})")
    int workers;

    @Option(names = "--leader-elect", arity = "0..1", fallbackValue = "true", paramLabel = "true|false",
            description = "campaign for a Lease before syncing anything (default: true in a cluster, false outside)")
    Boolean leaderElect;

    @Option(names = "--lease-namespace", paramLabel = "NAMESPACE",
            description = "namespace of the Lease (default: the pod's namespace in a cluster, else " + DEFAULT_LEASE_NAMESPACE + ")")
    String leaseNamespace;

    @Option(names = "--lease-name", paramLabel = "NAME", defaultValue = "stateful-controller", description = "name of the Lease (default: ${DEFAULT-VALUE})")
    String leaseName;

    @Option(names = "--leader-elect-lease-duration", paramLabel = "DURATION", defaultValue = "15s", converter = DurationConverter.class,
            description = "how long a standby waits after the last renewal before taking over (default: ${DEFAULT-VALUE})")
    Duration leaseDuration;

    @Option(names = "--leader-elect-renew-deadline", paramLabel = "DURATION", defaultValue = "10s", converter = DurationConverter.class,
            description = "how long the leader keeps trying to renew before it stops writing (default: ${DEFAULT-VALUE})")
    Duration renewDeadline;

    @Option(names = "--leader-elect-retry-period", paramLabel = "DURATION", defaultValue = "2s", converter = DurationConverter.class,
            description = "how often candidates try to acquire or renew the lease (default: ${DEFAULT-VALUE})")
    Duration retryPeriod;

    @Option(names = "--qps", paramLabel = "QPS", defaultValue = "20", description = "sustained API requests per second (default: ${DEFAULT-VALUE})")
    double qps;

    @Option(names = "--burst", paramLabel = "N", defaultValue = "30", description = "API requests allowed at once above --qps (default: ${DEFAULT-VALUE})")
    int burst;

    @Option(names = "--metrics-port", paramLabel = "PORT", defaultValue = "8080",
            description = "port of /metrics, /healthz and /readyz; 0 picks a free one (default: ${DEFAULT-VALUE})")
    int metricsPort;

    @Option(names = "--metrics-secure", arity = "0..1", fallbackValue = "true", defaultValue = "true", paramLabel = "true|false",
            description = {"serve the metrics port over HTTPS, /metrics only to users the API server authenticates (TokenReview) and"
                + " allows to get /metrics (SubjectAccessReview); --metrics-secure=false serves plain HTTP to anyone (default: ${DEFAULT-VALUE})"})
    boolean metricsSecure;

    @Option(names = "--tls-cert-file", paramLabel = "FILE",
            description = "PEM certificate (chain) of the secure metrics port (default: a self-signed one made at start)")
    Path tlsCertFile;

    @Option(names = "--tls-private-key-file", paramLabel = "FILE", description = "PEM private key matching --tls-cert-file")
    Path tlsKeyFile;

    @Option(names = "--bind-address", paramLabel = "IP", defaultValue = ControllerSettings.ALL_INTERFACES,
            description = "address of /metrics, /healthz and /readyz, e.g. 127.0.0.1 (default: ${DEFAULT-VALUE})")
    String bindAddress;

    @Option(names = "--log-format", paramLabel = "text|json", defaultValue = "text", converter = LogFormatConverter.class,
            description = "log lines on stderr as text or as one JSON object each (default: ${DEFAULT-VALUE})")
    LogFormat logFormat;

    @Option(names = "--kinds", paramLabel = "apps,crd", defaultValue = "crd", converter = KindsConverter.class,
            description = {"which StatefulSets to manage: crd (our own apps.stateful.dev kind; safe beside kube-controller-manager's"
                + " controller), apps (apps/v1; refused while kube-controller-manager's StatefulSet controller is on), or apps,crd"
                + " (default: ${DEFAULT-VALUE})"})
    Set<SetKind> kinds;

    @Option(names = "--builtin-controller-check", arity = "0..1", fallbackValue = "true", defaultValue = "true", paramLabel = "true|false",
            description = "with apps: first make sure kube-controller-manager's StatefulSet controller is off (default: ${DEFAULT-VALUE})")
    boolean builtInCheck;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private final InCluster inCluster;

    public ControllerCommand() {
        this(InCluster.detect());
    }

    ControllerCommand(InCluster inCluster) {
        this.inCluster = inCluster;
    }

    /** Parses controller flags as the command line does; for embedding (tests) without running it. */
    public static ControllerSettings settings(String... args) {
        ControllerCommand command = new ControllerCommand();
        new CommandLine(command).parseArgs(args);
        return command.settings();
    }

    @Override
    public Integer call() throws InterruptedException {
        ControllerSettings settings = settings();
        logFormat.apply();
        ControllerSettings.MetricsServing serving = settings.metricsServing();
        if (serving.certificateFile() != null) {
            // refused before connecting, as kube-controller-manager validates its serving options first
            ServingCertificate.fromFiles(serving.certificateFile(), serving.keyFile(), Instant.now());
        }
        RunningController controller;
        try {
            controller = Injectors.startController(settings);
        } catch (UnknownContextException e) {
            throw new InvalidInputException(e.getMessage());
        }
        Runtime.getRuntime().addShutdownHook(new Thread(controller::close, "shutdown"));
        return controller.awaitTermination();
    }

    /** The flags, checked and with the defaults that depend on where we run filled in. */
    ControllerSettings settings() {
        require(workers >= 1, "--workers must be at least 1, got " + workers);
        require(qps > 0, "--qps must be positive, got " + qps);
        require(burst >= 1, "--burst must be at least 1, got " + burst);
        require(metricsPort >= 0 && metricsPort <= 65535, "--metrics-port must be between 0 and 65535, got " + metricsPort);
        // as kube-controller-manager's: an address, not a name (checked before connecting, without a DNS lookup)
        require(com.google.common.net.InetAddresses.isInetAddress(bindAddress), "--bind-address must be an IP address, got \"" + bindAddress + "\"");
        require(retryPeriod.compareTo(renewDeadline) < 0 && renewDeadline.compareTo(leaseDuration) < 0,
                "leader election needs --leader-elect-retry-period < --leader-elect-renew-deadline < --leader-elect-lease-duration");
        require((tlsCertFile == null) == (tlsKeyFile == null), "--tls-cert-file and --tls-private-key-file go together");
        require(metricsSecure || tlsCertFile == null, "--tls-cert-file and --tls-private-key-file need --metrics-secure=true");
        // names the API server would refuse on every request, refused before connecting: the Lease's at
        // each election attempt, which client-go's leader election only logs and retries
        requireName(namespace.isEmpty() ? List.of() : Names.dns1123Label(namespace), "--namespace", namespace);
        requireName(leaseNamespace == null ? List.of() : Names.dns1123Label(leaseNamespace), "--lease-namespace", leaseNamespace);
        requireName(Names.dns1123Subdomain(leaseName), "--lease-name", leaseName);
        boolean elect = leaderElect != null ? leaderElect : inCluster.isInCluster();
        String leaseNs = leaseNamespace != null ? leaseNamespace : inCluster.namespace().orElse(DEFAULT_LEASE_NAMESPACE);
        return new ControllerSettings(kubeconfig, context, namespace, workers, elect,
                new ControllerSettings.Lease(leaseNs, leaseName, leaseDuration, renewDeadline, retryPeriod), qps, burst, metricsPort,
                bindAddress, kinds, builtInCheck, new ControllerSettings.MetricsServing(metricsSecure, tlsCertFile, tlsKeyFile));
    }

    private void requireName(List<String> problems, String flag, String value) {
        require(problems.isEmpty(), flag + " must be a valid name, got \"" + value + "\": " + String.join("; ", problems));
    }

    private void require(boolean condition, String message) {
        if (!condition) {
            throw new CommandLine.ParameterException(spec.commandLine(), message);
        }
    }

    static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return GoDuration.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    /** {@code apps}, {@code crd} or both, comma-separated. */
    static final class KindsConverter implements CommandLine.ITypeConverter<Set<SetKind>> {
        @Override
        public Set<SetKind> convert(String value) {
            Set<SetKind> out = new LinkedHashSet<>();
            for (String kind : value.split(",", -1)) {
                switch (kind.trim()) {
                    case "apps" -> out.add(SetKind.APPS_V1);
                    case "crd" -> out.add(SetKind.STATEFUL_DEV);
                    default -> throw new CommandLine.TypeConversionException(
                            "unknown kind \"" + kind.trim() + "\": use apps, crd or apps,crd");
                }
            }
            return out;
        }
    }

    static final class LogFormatConverter implements CommandLine.ITypeConverter<LogFormat> {
        @Override
        public LogFormat convert(String value) {
            try {
                return LogFormat.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
