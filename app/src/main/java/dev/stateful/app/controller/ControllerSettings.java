package dev.stateful.app.controller;

import dev.stateful.domain.model.SetKind;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;

/**
 * Everything the running controller is configured with, resolved from the command line.
 *
 * @param kubeconfig the {@code --kubeconfig} file, or null to look it up like kubectl
 * @param context the kubeconfig context to use, or null for the current one
 * @param namespace the only namespace to manage, "" for all
 * @param workers how many StatefulSets are synced at once
 * @param leaderElect whether to campaign for the lease before syncing anything
 * @param lease where the lease lives and the election timings
 * @param qps sustained API requests per second
 * @param burst API requests allowed at once above {@code qps}
 * @param metricsPort the port of /metrics, /healthz and /readyz; 0 picks a free one
 * @param bindAddress the address /metrics, /healthz and /readyz listen on (kube-controller-manager's {@code --bind-address})
 * @param kinds which StatefulSets to manage ({@code --kinds}): apps/v1, our own kind, or both
 * @param builtInCheck whether {@code apps} first makes sure kube-controller-manager's StatefulSet controller is off
 * @param metricsServing HTTPS with delegated authentication (the default) or plain HTTP, and the certificate
 */
public record ControllerSettings(Path kubeconfig, String context, String namespace, int workers, boolean leaderElect,
                                 Lease lease, double qps, int burst, int metricsPort, String bindAddress,
                                 Set<SetKind> kinds, boolean builtInCheck, MetricsServing metricsServing) {

    /** kube-controller-manager's default: every interface, so that the kubelet's probes and Prometheus reach the pod. */
    public static final String ALL_INTERFACES = "0.0.0.0";

    /** The safe default of {@code --kinds}: our own kind only, which never competes with a built-in controller. */
    public static final Set<SetKind> DEFAULT_KINDS = Set.of(SetKind.STATEFUL_DEV);

    public ControllerSettings(Path kubeconfig, String context, String namespace, int workers, boolean leaderElect,
                              Lease lease, double qps, int burst, int metricsPort) {
        this(kubeconfig, context, namespace, workers, leaderElect, lease, qps, burst, metricsPort, ALL_INTERFACES, DEFAULT_KINDS, true);
    }

    public ControllerSettings(Path kubeconfig, String context, String namespace, int workers, boolean leaderElect,
                              Lease lease, double qps, int burst, int metricsPort, String bindAddress,
                              Set<SetKind> kinds, boolean builtInCheck) {
        this(kubeconfig, context, namespace, workers, leaderElect, lease, qps, burst, metricsPort, bindAddress, kinds, builtInCheck,
                MetricsServing.SECURE_SELF_SIGNED);
    }

    /**
     * How the metrics port serves.
     *
     * @param secure HTTPS, /metrics for authenticated and authorised users only ({@code --metrics-secure}, default true)
     * @param certificateFile the {@code --tls-cert-file}, or null for a self-signed certificate made at start
     * @param keyFile the {@code --tls-private-key-file}, or null with a null certificate
     */
    public record MetricsServing(boolean secure, Path certificateFile, Path keyFile) {
        public static final MetricsServing SECURE_SELF_SIGNED = new MetricsServing(true, null, null);
        public static final MetricsServing INSECURE = new MetricsServing(false, null, null);
    }

    /** The Lease for leader election and kube-controller-manager's timings by default. */
    public record Lease(String namespace, String name, Duration duration, Duration renewDeadline, Duration retryPeriod) {
    }

    public ControllerSettings {
        namespace = namespace == null ? "" : namespace;
        bindAddress = bindAddress == null ? ALL_INTERFACES : bindAddress;
        kinds = kinds == null || kinds.isEmpty() ? DEFAULT_KINDS : Set.copyOf(kinds);
        metricsServing = metricsServing == null ? MetricsServing.SECURE_SELF_SIGNED : metricsServing;
    }
}
