package dev.stateful.inmemory.scenarios;

import java.util.ArrayList;
import java.util.List;

/**
 * The YAML a user would apply for a StatefulSet: by default the nginx {@code web} set of the
 * upstream docs (selector {@code app=nginx}, service {@code nginx}, 3 replicas, image
 * {@code nginx:1.25}, one {@code www} claim template) with every field left for the API server to
 * default. Each setter adds one field, so a test shows only what it is about.
 */
public final class SetManifest {

    private String name = "web";
    private int replicas = 3;
    private String image = "nginx:1.25";
    private String podManagementPolicy;
    private String updateStrategyType;
    private Integer partition;
    private String maxUnavailable;
    private Integer minReadySeconds;
    private Integer startOrdinal;
    private String whenDeleted;
    private String whenScaled;
    private Integer revisionHistoryLimit;
    private boolean claims = true;
    private String secondClaim;
    private final List<String> finalizers = new ArrayList<>();
    private String apiVersion = "apps/v1";
    private boolean paused;
    private Integer progressDeadlineSeconds;
    private String reserveOrdinals;

    private SetManifest() {
    }

    public static SetManifest web() {
        return new SetManifest();
    }

    public SetManifest named(String value) {
        this.name = value;
        return this;
    }

    public SetManifest replicas(int value) {
        this.replicas = value;
        return this;
    }

    public SetManifest image(String value) {
        this.image = value;
        return this;
    }

    public SetManifest parallel() {
        this.podManagementPolicy = "Parallel";
        return this;
    }

    public SetManifest orderedReady() {
        this.podManagementPolicy = "OrderedReady";
        return this;
    }

    /** Any value, valid or not. */
    public SetManifest podManagementPolicy(String value) {
        this.podManagementPolicy = value;
        return this;
    }

    /** Any value, valid or not. */
    public SetManifest updateStrategyType(String value) {
        this.updateStrategyType = value;
        return this;
    }

    public SetManifest onDelete() {
        this.updateStrategyType = "OnDelete";
        return this;
    }

    public SetManifest partition(int value) {
        this.partition = value;
        return this;
    }

    /** A YAML scalar: {@code 2} or {@code "50%"}. */
    public SetManifest maxUnavailable(String value) {
        this.maxUnavailable = value;
        return this;
    }

    public SetManifest minReadySeconds(int value) {
        this.minReadySeconds = value;
        return this;
    }

    public SetManifest startOrdinal(int value) {
        this.startOrdinal = value;
        return this;
    }

    public SetManifest retention(String onDeleted, String onScaled) {
        this.whenDeleted = onDeleted;
        this.whenScaled = onScaled;
        return this;
    }

    public SetManifest revisionHistoryLimit(int value) {
        this.revisionHistoryLimit = value;
        return this;
    }

    /** A second claim template besides {@code www}. */
    public SetManifest secondClaim(String value) {
        this.secondClaim = value;
        return this;
    }

    public SetManifest withoutClaims() {
        this.claims = false;
        return this;
    }

    public SetManifest finalizer(String value) {
        this.finalizers.add(value);
        return this;
    }

    /** The same manifest as our own kind (apps.stateful.dev/v1alpha1): only the apiVersion changes. */
    public SetManifest ourKind() {
        apiVersion = "apps.stateful.dev/v1alpha1";
        return this;
    }

    /** {@code spec.updateStrategy.rollingUpdate.paused: true} (our kind only). */
    public SetManifest paused() {
        paused = true;
        return this;
    }

    /** {@code spec.progressDeadlineSeconds} (our kind only). */
    public SetManifest progressDeadlineSeconds(int value) {
        progressDeadlineSeconds = value;
        return this;
    }

    /** {@code spec.reserveOrdinals} (our kind only), as a YAML flow list: {@code [1, "5-9"]}. */
    public SetManifest reserveOrdinals(String flowList) {
        reserveOrdinals = flowList;
        return this;
    }

    public String name() {
        return name;
    }

    public String yaml() {
        StringBuilder y = new StringBuilder();
        y.append("apiVersion: ").append(apiVersion).append('\n');
        y.append("kind: StatefulSet\n");
        y.append("metadata:\n");
        y.append("  name: ").append(name).append('\n');
        if (!finalizers.isEmpty()) {
            y.append("  finalizers:\n");
            finalizers.forEach(f -> y.append("  - ").append(f).append('\n'));
        }
        y.append("spec:\n");
        y.append("  selector:\n");
        y.append("    matchLabels:\n");
        y.append("      app: nginx\n");
        y.append("  serviceName: nginx\n");
        y.append("  replicas: ").append(replicas).append('\n');
        if (podManagementPolicy != null) {
            y.append("  podManagementPolicy: ").append(podManagementPolicy).append('\n');
        }
        if (reserveOrdinals != null) {
            y.append("  reserveOrdinals: ").append(reserveOrdinals).append('\n');
        }
        if (progressDeadlineSeconds != null) {
            y.append("  progressDeadlineSeconds: ").append(progressDeadlineSeconds).append('\n');
        }
        if (minReadySeconds != null) {
            y.append("  minReadySeconds: ").append(minReadySeconds).append('\n');
        }
        if (startOrdinal != null) {
            y.append("  ordinals:\n");
            y.append("    start: ").append(startOrdinal).append('\n');
        }
        if (revisionHistoryLimit != null) {
            y.append("  revisionHistoryLimit: ").append(revisionHistoryLimit).append('\n');
        }
        if (whenDeleted != null || whenScaled != null) {
            y.append("  persistentVolumeClaimRetentionPolicy:\n");
            if (whenDeleted != null) {
                y.append("    whenDeleted: ").append(whenDeleted).append('\n');
            }
            if (whenScaled != null) {
                y.append("    whenScaled: ").append(whenScaled).append('\n');
            }
        }
        if (updateStrategyType != null || partition != null || maxUnavailable != null || paused) {
            y.append("  updateStrategy:\n");
            y.append("    type: ").append(updateStrategyType == null ? "RollingUpdate" : updateStrategyType).append('\n');
            if (partition != null || maxUnavailable != null || paused) {
                y.append("    rollingUpdate:\n");
                if (paused) {
                    y.append("      paused: true\n");
                }
                if (partition != null) {
                    y.append("      partition: ").append(partition).append('\n');
                }
                if (maxUnavailable != null) {
                    y.append("      maxUnavailable: ").append(maxUnavailable).append('\n');
                }
            }
        }
        y.append("  template:\n");
        y.append("    metadata:\n");
        y.append("      labels:\n");
        y.append("        app: nginx\n");
        y.append("    spec:\n");
        y.append("      containers:\n");
        y.append("      - name: nginx\n");
        y.append("        image: ").append(image).append('\n');
        if (claims) {
            y.append("        volumeMounts:\n");
            y.append("        - name: www\n");
            y.append("          mountPath: /usr/share/nginx/html\n");
            y.append("  volumeClaimTemplates:\n");
            claimTemplate(y, "www");
            if (secondClaim != null) {
                claimTemplate(y, secondClaim);
            }
        }
        return y.toString();
    }

    private static void claimTemplate(StringBuilder y, String name) {
        y.append("  - metadata:\n");
        y.append("      name: ").append(name).append('\n');
        y.append("    spec:\n");
        y.append("      accessModes: [ReadWriteOnce]\n");
        y.append("      resources:\n");
        y.append("        requests:\n");
        y.append("          storage: 1Gi\n");
    }

    @Override
    public String toString() {
        return yaml();
    }
}
