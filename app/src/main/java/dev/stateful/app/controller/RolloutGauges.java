package dev.stateful.app.controller;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.availability.Availability;
import dev.stateful.domain.sync.Plan;
import dev.stateful.domain.update.MaxUnavailable;
import dev.stateful.ports.ClusterReader;
import dev.stateful.ports.reconcile.ReconcileListener;
import dev.stateful.ports.reconcile.SyncResult;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Upstream's rolling-update gauges, {@value #MAX_UNAVAILABLE} and {@value #UNAVAILABLE_REPLICAS},
 * labelled by namespace, name and pod management policy. They are set after each sync of a
 * RollingUpdate set (upstream sets them in the rolling-update phase) and removed when the set is
 * deleted or switched to OnDelete.
 */
public final class RolloutGauges implements ReconcileListener {

    static final String MAX_UNAVAILABLE = "statefulset_controller_statefulset_max_unavailable";
    static final String UNAVAILABLE_REPLICAS = "statefulset_controller_statefulset_unavailable_replicas";

    private final MeterRegistry registry;
    private final Supplier<ClusterReader> reader;
    private final Clock clock;
    private final Map<ObjectKey, Published> published = new ConcurrentHashMap<>();

    /** The two gauges of one set, under one pod management policy label. */
    private record Published(String policy, AtomicInteger maxUnavailable, AtomicInteger unavailable, List<Gauge> meters) {
    }

    /** @param reader the informer caches (supplied late: they are built after the listener) */
    public RolloutGauges(MeterRegistry registry, Supplier<ClusterReader> reader, Clock clock) {
        this.registry = registry;
        this.reader = reader;
        this.clock = clock;
    }

    @Override
    public void synced(SyncResult result) {
        Optional<StatefulSet> rolling = result.plan().filter(Plan::isValid)
                .flatMap(plan -> reader.get().statefulSet(result.key()))
                .filter(set -> !set.spec().updateStrategy().isOnDelete());
        if (rolling.isEmpty()) {
            Published gone = published.remove(result.key());
            if (gone != null) {
                gone.meters().forEach(registry::remove);
            }
            return;
        }
        StatefulSet set = rolling.get();
        int max = maxUnavailable(set);
        // the owner index: a sync's cost stays the size of its set, not of its namespace (200 sets of one namespace
        // would otherwise copy every pod of all 200 on each sync)
        int unavailable = unavailableReplicas(set, reader.get().controlledPods(set.namespace(), set.metadata().uid()), clock.instant());
        published.compute(result.key(), (key, old) -> {
            Published current = old;
            String policy = policy(set);
            if (current == null || !current.policy().equals(policy)) {
                if (current != null) {
                    current.meters().forEach(registry::remove);
                }
                current = register(key, policy);
            }
            current.maxUnavailable().set(max);
            current.unavailable().set(unavailable);
            return current;
        });
    }

    private Published register(ObjectKey key, String policy) {
        Tags tags = Tags.of("statefulset_namespace", key.namespace(), "statefulset_name", key.name(), "pod_management_policy", policy);
        AtomicInteger max = new AtomicInteger();
        AtomicInteger unavailable = new AtomicInteger();
        List<Gauge> meters = List.of(
                Gauge.builder(MAX_UNAVAILABLE, max, AtomicInteger::get).tags(tags)
                        .description("Maximum number of unavailable pods allowed during StatefulSet rolling updates").register(registry),
                Gauge.builder(UNAVAILABLE_REPLICAS, unavailable, AtomicInteger::get).tags(tags)
                        .description("Current number of unavailable pods in StatefulSet").register(registry));
        return new Published(policy, max, unavailable, meters);
    }

    static int maxUnavailable(StatefulSet set) {
        UpdateStrategy.RollingUpdate rolling = set.spec().updateStrategy().rollingUpdate();
        return MaxUnavailable.resolve(rolling == null ? null : rolling.maxUnavailable(), set.spec().replicasOrDefault());
    }

    /** Replica slots (ordinals in range, missing pods included) without an available pod of this set. */
    static int unavailableReplicas(StatefulSet set, List<Pod> pods, Instant now) {
        int minReady = set.spec().minReadySeconds();
        long available = pods.stream()
                .filter(pod -> PodIdentity.isControlledBy(pod, set) && PodIdentity.isMemberOf(set, pod)
                        && PodIdentity.inOrdinalRange(set, pod))
                .filter(pod -> !Availability.isUnavailable(pod, minReady, now))
                .count();
        return (int) Math.max(0, set.spec().replicasOrDefault() - available);
    }

    private static String policy(StatefulSet set) {
        String policy = set.spec().podManagementPolicy();
        return policy.isEmpty() ? StatefulSetSpec.ORDERED_READY : policy;
    }
}
