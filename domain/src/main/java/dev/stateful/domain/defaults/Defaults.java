package dev.stateful.domain.defaults;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.UpdateStrategy;
import java.util.ArrayList;
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

    /** The set with its defaults; {@code set} itself when it has them all (a set read back from an API server does). */
    public static StatefulSet statefulSet(StatefulSet set) {
        StatefulSetSpec spec = spec(set.spec());
        return spec == set.spec() ? set : set.withSpec(spec);
    }

    /**
     * {@code SetDefaults_StatefulSet} plus the pod template and claim template defaults; {@code spec}
     * itself when nothing is missing, so that defaulting a defaulted set copies nothing.
     */
    public static StatefulSetSpec spec(StatefulSetSpec spec) {
        String policy = spec.podManagementPolicy().isEmpty() ? StatefulSetSpec.ORDERED_READY : spec.podManagementPolicy();
        UpdateStrategy strategy = updateStrategy(spec.updateStrategy());
        // the record already turns "" into Retain
        RetentionPolicy retention = spec.persistentVolumeClaimRetentionPolicy() == null
                ? RetentionPolicy.RETAIN
                : spec.persistentVolumeClaimRetentionPolicy();
        Integer replicas = spec.replicas() == null ? DEFAULT_REPLICAS : spec.replicas();
        Integer historyLimit = spec.revisionHistoryLimit() == null ? DEFAULT_REVISION_HISTORY_LIMIT : spec.revisionHistoryLimit();
        Json.Obj template = podTemplate(spec.template());
        List<PersistentVolumeClaim> claims = claimTemplates(spec.volumeClaimTemplates());
        if (policy == spec.podManagementPolicy() && strategy == spec.updateStrategy() && retention == spec.persistentVolumeClaimRetentionPolicy()
                && replicas == spec.replicas() && historyLimit == spec.revisionHistoryLimit() && template == spec.template()
                && claims == spec.volumeClaimTemplates()) {
            return spec;
        }
        return spec
                .withPodManagementPolicy(policy)
                .withUpdateStrategy(strategy)
                .withRetentionPolicy(retention)
                .withReplicas(replicas)
                .withRevisionHistoryLimit(historyLimit)
                .withTemplate(template)
                .withVolumeClaimTemplates(claims);
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
        Json.Obj spec = PodTemplateDefaults.claimSpec(claim.spec());
        // a template's status shows no capacity: the defaulted one has none
        if (spec == claim.spec() && !claim.phase().isEmpty() && claim.capacity().isEmpty()) {
            return claim;
        }
        return new PersistentVolumeClaim(claim.metadata(), spec, claim.phase().isEmpty() ? CLAIM_PENDING : claim.phase());
    }

    /** Each template defaulted; {@code claims} itself when each already is. */
    private static List<PersistentVolumeClaim> claimTemplates(List<PersistentVolumeClaim> claims) {
        List<PersistentVolumeClaim> out = null;
        for (int i = 0; i < claims.size(); i++) {
            PersistentVolumeClaim defaulted = claimTemplate(claims.get(i));
            if (out == null && defaulted != claims.get(i)) {
                out = new ArrayList<>(claims.subList(0, i));
            }
            if (out != null) {
                out.add(defaulted);
            }
        }
        return out == null ? claims : List.copyOf(out);
    }
}
