package dev.stateful.domain.model;

import dev.stateful.domain.json.Json;
import java.util.List;

/**
 * apps/v1 StatefulSetSpec. Enumerations are kept as the strings the user wrote so that invalid
 * values can be reported by validation instead of being lost while decoding. Nullable numbers are
 * the ones the API server defaults ({@code replicas} 1, {@code revisionHistoryLimit} 10).
 *
 * @param template the pod template (metadata + spec) exactly as stored: it is what revisions hash
 * @param volumeClaimTemplates PersistentVolumeClaim templates, each a full claim object
 */
public record StatefulSetSpec(
        Integer replicas,
        LabelSelector selector,
        Json.Obj template,
        List<PersistentVolumeClaim> volumeClaimTemplates,
        String serviceName,
        String podManagementPolicy,
        UpdateStrategy updateStrategy,
        Integer revisionHistoryLimit,
        int minReadySeconds,
        Ordinals ordinals,
        RetentionPolicy persistentVolumeClaimRetentionPolicy) {

    public static final String ORDERED_READY = "OrderedReady";
    public static final String PARALLEL = "Parallel";

    public StatefulSetSpec {
        template = template == null ? Json.EMPTY_OBJECT : template;
        volumeClaimTemplates = volumeClaimTemplates == null ? List.of() : List.copyOf(volumeClaimTemplates);
        serviceName = serviceName == null ? "" : serviceName;
        podManagementPolicy = podManagementPolicy == null ? "" : podManagementPolicy;
        updateStrategy = updateStrategy == null ? UpdateStrategy.UNSET : updateStrategy;
    }

    public int replicasOrDefault() {
        return replicas == null ? 1 : replicas;
    }

    public int startOrdinal() {
        return ordinals == null ? 0 : ordinals.start();
    }

    /** Everything but Parallel is ordered (upstream: {@code monotonic = policy != Parallel}). */
    public boolean isMonotonic() {
        return !PARALLEL.equals(podManagementPolicy);
    }

    public RetentionPolicy retentionPolicyOrDefault() {
        return persistentVolumeClaimRetentionPolicy == null ? RetentionPolicy.RETAIN : persistentVolumeClaimRetentionPolicy;
    }

    public Json.Obj templateMetadata() {
        return template.objectOrEmpty("metadata");
    }

    public Json.Obj templateSpec() {
        return template.objectOrEmpty("spec");
    }

    public StatefulSetSpec withReplicas(Integer value) {
        return new StatefulSetSpec(value, selector, template, volumeClaimTemplates, serviceName, podManagementPolicy, updateStrategy, revisionHistoryLimit, minReadySeconds, ordinals, persistentVolumeClaimRetentionPolicy);
    }

    public StatefulSetSpec withSelector(LabelSelector value) {
        return new StatefulSetSpec(replicas, value, template, volumeClaimTemplates, serviceName, podManagementPolicy, updateStrategy, revisionHistoryLimit, minReadySeconds, ordinals, persistentVolumeClaimRetentionPolicy);
    }

    public StatefulSetSpec withTemplate(Json.Obj value) {
        return new StatefulSetSpec(replicas, selector, value, volumeClaimTemplates, serviceName, podManagementPolicy, updateStrategy, revisionHistoryLimit, minReadySeconds, ordinals, persistentVolumeClaimRetentionPolicy);
    }

    public StatefulSetSpec withVolumeClaimTemplates(List<PersistentVolumeClaim> value) {
        return new StatefulSetSpec(replicas, selector, template, value, serviceName, podManagementPolicy, updateStrategy, revisionHistoryLimit, minReadySeconds, ordinals, persistentVolumeClaimRetentionPolicy);
    }

    public StatefulSetSpec withServiceName(String value) {
        return new StatefulSetSpec(replicas, selector, template, volumeClaimTemplates, value, podManagementPolicy, updateStrategy, revisionHistoryLimit, minReadySeconds, ordinals, persistentVolumeClaimRetentionPolicy);
    }

    public StatefulSetSpec withPodManagementPolicy(String value) {
        return new StatefulSetSpec(replicas, selector, template, volumeClaimTemplates, serviceName, value, updateStrategy, revisionHistoryLimit, minReadySeconds, ordinals, persistentVolumeClaimRetentionPolicy);
    }

    public StatefulSetSpec withUpdateStrategy(UpdateStrategy value) {
        return new StatefulSetSpec(replicas, selector, template, volumeClaimTemplates, serviceName, podManagementPolicy, value, revisionHistoryLimit, minReadySeconds, ordinals, persistentVolumeClaimRetentionPolicy);
    }

    public StatefulSetSpec withRevisionHistoryLimit(Integer value) {
        return new StatefulSetSpec(replicas, selector, template, volumeClaimTemplates, serviceName, podManagementPolicy, updateStrategy, value, minReadySeconds, ordinals, persistentVolumeClaimRetentionPolicy);
    }

    public StatefulSetSpec withMinReadySeconds(int value) {
        return new StatefulSetSpec(replicas, selector, template, volumeClaimTemplates, serviceName, podManagementPolicy, updateStrategy, revisionHistoryLimit, value, ordinals, persistentVolumeClaimRetentionPolicy);
    }

    public StatefulSetSpec withOrdinals(Ordinals value) {
        return new StatefulSetSpec(replicas, selector, template, volumeClaimTemplates, serviceName, podManagementPolicy, updateStrategy, revisionHistoryLimit, minReadySeconds, value, persistentVolumeClaimRetentionPolicy);
    }

    public StatefulSetSpec withRetentionPolicy(RetentionPolicy value) {
        return new StatefulSetSpec(replicas, selector, template, volumeClaimTemplates, serviceName, podManagementPolicy, updateStrategy, revisionHistoryLimit, minReadySeconds, ordinals, value);
    }
}
