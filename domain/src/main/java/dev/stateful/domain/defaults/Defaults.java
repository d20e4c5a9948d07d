package dev.stateful.domain.defaults;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.UpdateStrategy;
import java.util.List;

/**
 * API-server defaulting of an apps/v1 StatefulSet ({@code SetObjectDefaults_StatefulSet})
 * as kube 1.34 applies it with default feature gates: {@code MaxUnavailableStatefulSet} off, so
 * {@code maxUnavailable} stays absent (the controller reads absent as 1), and
 * {@code StatefulSetAutoDeletePVC} on. Only unset values are filled (Go's notion of unset: absent,
 * and for strings/ints also ""/0), so defaulting is idempotent and keeps every value the user set.
 */
public final class Defaults {

    public static final int DEFAULT_REPLICAS = 1;
    public static final int DEFAULT_REVISION_HISTORY_LIMIT = 10;
    public static final String CLAIM_PENDING = "Pending";

    private Defaults() {
    }

    public static StatefulSet statefulSet(StatefulSet set) {
        return set.withSpec(spec(set.spec()));
    }

    /** {@code SetDefaults_StatefulSet} plus the pod template and claim template defaults. */
    public static StatefulSetSpec spec(StatefulSetSpec spec) {
        return spec
                .withPodManagementPolicy(spec.podManagementPolicy().isEmpty() ? StatefulSetSpec.ORDERED_READY : spec.podManagementPolicy())
                .withUpdateStrategy(updateStrategy(spec.updateStrategy()))
                .withRetentionPolicy(spec.persistentVolumeClaimRetentionPolicy() == null
                        ? RetentionPolicy.RETAIN
                        : spec.persistentVolumeClaimRetentionPolicy()) // the record already turns "" into Retain
                .withReplicas(spec.replicas() == null ? DEFAULT_REPLICAS : spec.replicas())
                .withRevisionHistoryLimit(spec.revisionHistoryLimit() == null ? DEFAULT_REVISION_HISTORY_LIMIT : spec.revisionHistoryLimit())
                .withTemplate(podTemplate(spec.template()))
                .withVolumeClaimTemplates(claimTemplates(spec.volumeClaimTemplates()));
    }

    /**
     * An empty type becomes RollingUpdate with an empty {@code rollingUpdate} block; an explicit
     * RollingUpdate without a block keeps none (this changes the revision of recreated pods, see {@code newVersionedStatefulSetPod}).
     * A present block under RollingUpdate gets partition 0.
     */
    public static UpdateStrategy updateStrategy(UpdateStrategy strategy) {
        UpdateStrategy out = strategy;
        if (out.type().isEmpty()) {
            UpdateStrategy.RollingUpdate block = out.rollingUpdate() == null ? new UpdateStrategy.RollingUpdate(null, null) : out.rollingUpdate();
            out = new UpdateStrategy(UpdateStrategy.ROLLING_UPDATE, block);
        }
        UpdateStrategy.RollingUpdate block = out.rollingUpdate();
        if (out.isRollingUpdate() && block != null && block.partition() == null) {
            out = new UpdateStrategy(out.type(), new UpdateStrategy.RollingUpdate(0, block.maxUnavailable()));
        }
        return out;
    }

    /** The pod template as stored by a 1.34 API server (see {@link PodTemplateDefaults}). */
    public static Json.Obj podTemplate(Json.Obj template) {
        return PodTemplateDefaults.template(template);
    }

    /**
     * A volume claim template: {@code volumeMode: Filesystem}, the always-written {@code resources}
     * struct, and {@code status.phase: Pending} ({@code SetDefaults_PersistentVolumeClaim}, which the
     * API server applies to the templates too).
     */
    public static PersistentVolumeClaim claimTemplate(PersistentVolumeClaim claim) {
        return new PersistentVolumeClaim(claim.metadata(), PodTemplateDefaults.claimSpec(claim.spec()),
                claim.phase().isEmpty() ? CLAIM_PENDING : claim.phase());
    }

    private static List<PersistentVolumeClaim> claimTemplates(List<PersistentVolumeClaim> claims) {
        return claims.stream().map(Defaults::claimTemplate).toList();
    }
}
