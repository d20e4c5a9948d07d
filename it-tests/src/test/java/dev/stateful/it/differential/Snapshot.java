package dev.stateful.it.differential;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetSpec;
import io.fabric8.kubernetes.api.model.apps.StatefulSetUpdateStrategy;
import io.fabric8.kubernetes.api.model.apps.StatefulSetStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The objects of one namespace at a settle point, as the comparison sees them: what a
 * StatefulSet controller decides, with what differs between two clusters anyway (uids,
 * resourceVersions, timestamps) left out. Owners are named by kind and name.
 *
 * @param updatableFrom the lowest ordinal the set's rolling update replaces ({@code ordinals.start}
 *     plus the partition: upstream's {@code updateMin} indexes the replicas from the start ordinal),
 *     {@link #NOT_ROLLING} under OnDelete or with no set. The same on both sides (the scenario sets
 *     it); {@link RolloutRanAhead} needs it to tell a rollout ahead from a pod replaced that the
 *     partition protects.
 * @param whenDeleted the set's {@code whenDeleted} ("Retain" when not given), "" with no set. The same on
 *     both sides; {@link ClaimsReleased} needs it to tell a claim released under Retain.
 */
public record Snapshot(Map<String, String> pods, Map<String, String> claims, Map<String, Long> revisions, String status, int updatableFrom,
                       String whenDeleted) {

    /** A settle point whose set's retention policy does not matter to the comparison. */
    Snapshot(Map<String, String> pods, Map<String, String> claims, Map<String, Long> revisions, String status, int updatableFrom) {
        this(pods, claims, revisions, status, updatableFrom, "");
    }

    /** How a pod's or claim's description ends while it is being deleted. */
    static final String TERMINATING = " terminating";
    /** {@link #updatableFrom} when no rolling update replaces any pod. */
    static final int NOT_ROLLING = Integer.MAX_VALUE;

    static Snapshot of(KubernetesClient client, String namespace) {
        Map<String, String> pods = new TreeMap<>();
        for (Pod pod : client.pods().inNamespace(namespace).list().getItems()) {
            List<String> claims = pod.getSpec().getVolumes().stream().filter(v -> v.getPersistentVolumeClaim() != null)
                    .map(Volume::getPersistentVolumeClaim).map(c -> c.getClaimName()).sorted().toList();
            pods.put(pod.getMetadata().getName(), "revision=" + pod.getMetadata().getLabels().get("controller-revision-hash")
                    + " owners=" + owners(pod) + " claims=" + claims + terminating(pod));
        }
        Map<String, String> claims = new TreeMap<>();
        client.persistentVolumeClaims().inNamespace(namespace).list().getItems()
                .forEach(c -> claims.put(c.getMetadata().getName(), "owners=" + owners(c) + terminating(c)));
        Map<String, Long> revisions = new TreeMap<>();
        client.apps().controllerRevisions().inNamespace(namespace).list().getItems()
                .forEach(r -> revisions.put(r.getMetadata().getName(), r.getRevision()));
        StatefulSet set = client.apps().statefulSets().inNamespace(namespace).withName("web").get();
        return new Snapshot(pods, claims, revisions, set == null ? "(no set)" : status(set.getStatus()),
                set == null ? NOT_ROLLING : updatableFrom(set.getSpec()), set == null ? "" : whenDeleted(set.getSpec()));
    }

    private static String whenDeleted(StatefulSetSpec spec) {
        var policy = spec.getPersistentVolumeClaimRetentionPolicy();
        return policy == null || policy.getWhenDeleted() == null ? "Retain" : policy.getWhenDeleted();
    }

    private static int updatableFrom(StatefulSetSpec spec) {
        StatefulSetUpdateStrategy strategy = spec.getUpdateStrategy();
        if (strategy != null && "OnDelete".equals(strategy.getType())) {
            return NOT_ROLLING;
        }
        long start = spec.getOrdinals() == null ? 0 : n(spec.getOrdinals().getStart());
        long partition = strategy == null || strategy.getRollingUpdate() == null ? 0 : n(strategy.getRollingUpdate().getPartition());
        return (int) Math.min(NOT_ROLLING, start + partition);
    }

    private static String terminating(HasMetadata object) {
        return object.getMetadata().getDeletionTimestamp() != null ? TERMINATING : "";
    }

    private static String owners(HasMetadata object) {
        List<OwnerReference> refs = object.getMetadata().getOwnerReferences();
        return refs == null ? "[]" : refs.stream().map(r -> r.getKind() + "/" + r.getName() + (Boolean.TRUE.equals(r.getController()) ? "(controller)" : ""))
                .sorted().collect(Collectors.joining(",", "[", "]"));
    }

    private static String status(StatefulSetStatus s) {
        if (s == null) {
            return "(no status)";
        }
        return "replicas=" + n(s.getReplicas()) + " ready=" + n(s.getReadyReplicas()) + " available=" + n(s.getAvailableReplicas())
                + " current=" + n(s.getCurrentReplicas()) + " updated=" + n(s.getUpdatedReplicas())
                + " currentRevision=" + s.getCurrentRevision() + " updateRevision=" + s.getUpdateRevision()
                + " observedGeneration=" + s.getObservedGeneration() + " collisionCount=" + n(s.getCollisionCount());
    }

    private static int n(Integer value) {
        return Objects.requireNonNullElse(value, 0);
    }
}
