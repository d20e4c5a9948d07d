package dev.stateful.app.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.sync.Snapshot;
import dev.stateful.domain.sync.StatefulSetPlanner;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.ports.reconcile.SyncResult;
import dev.stateful.ports.testing.ListedCaches;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RolloutGaugesTest {

    static final Instant NOW = Fixtures.T0.plusSeconds(60);

    final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    /** The informer caches, holding {@link #sets} and {@link #pods}. */
    final ListedCaches caches = new ListedCaches();
    final List<StatefulSet> sets = caches.sets;
    final List<Pod> pods = caches.pods;
    final RolloutGauges gauges = new RolloutGauges(registry, () -> caches, Clock.fixed(NOW, ZoneOffset.UTC));

    static Pod pod(StatefulSet set, String name, PodStatus status) {
        ObjectMeta meta = ObjectMeta.named(set.namespace(), name).withOwnerReferences(List.of(PodIdentity.controllerRef(set)));
        return new Pod(meta, Json.EMPTY_OBJECT, status);
    }

    static Pod ready(StatefulSet set, String name) {
        return pod(set, name, PodStatus.runningAndReady(Fixtures.T0));
    }

    void synced(StatefulSet set) {
        var plan = StatefulSetPlanner.plan(new Snapshot(set, pods, Map.of(), List.of(), NOW));
        gauges.synced(new SyncResult(set.key(), Optional.of(plan), Optional.empty(), Optional.empty(), 0));
    }

    void deleted(StatefulSet set) {
        sets.remove(set);
        gauges.synced(new SyncResult(set.key(), Optional.empty(), Optional.empty(), Optional.empty(), 0));
    }

    Optional<Double> gauge(String name, String policy) {
        return Optional.ofNullable(registry.find(name).tags("statefulset_namespace", "default", "statefulset_name", "web",
                "pod_management_policy", policy).gauge()).map(Gauge::value);
    }

    @Test
    void aRollingUpdateSetShowsItsBudgetAndItsReplicasWithoutAnAvailablePod() {
        StatefulSet web = Fixtures.statefulSet("web", 4);
        sets.add(web);
        pods.add(ready(web, "web-0"));
        pods.add(pod(web, "web-1", PodStatus.of(PodStatus.PENDING)));
        pods.add(ready(web, "web-7")); // condemned: outside the ordinal range

        synced(web);

        assertThat(gauge(RolloutGauges.MAX_UNAVAILABLE, "OrderedReady")).contains(1.0);
        assertThat(gauge(RolloutGauges.UNAVAILABLE_REPLICAS, "OrderedReady")).as("web-1 pending, web-2 and web-3 missing").contains(3.0);
    }

    @Test
    void podsOfAnotherOwnerDoNotCount() {
        StatefulSet web = Fixtures.statefulSet("web", 1);
        StatefulSet other = web.withMetadata(web.metadata().withUid("someone-else"));
        sets.add(web);
        pods.add(ready(other, "web-0"));

        synced(web);

        assertThat(gauge(RolloutGauges.UNAVAILABLE_REPLICAS, "OrderedReady")).contains(1.0);
    }

    @Test
    void aPercentageBudgetIsScaledFromTheReplicas() {
        StatefulSet web = Fixtures.statefulSet("web", 10);
        web = web.withSpec(web.spec().withPodManagementPolicy(StatefulSetSpec.PARALLEL)
                .withUpdateStrategy(UpdateStrategy.rollingUpdate(0, IntOrString.of("25%"))));
        sets.add(web);

        synced(web);

        assertThat(gauge(RolloutGauges.MAX_UNAVAILABLE, "Parallel")).contains(2.0);
    }

    @Test
    void theGaugesFollowTheSetAndGoWithIt() {
        StatefulSet web = Fixtures.statefulSet("web", 1);
        sets.add(web);
        synced(web);
        pods.add(ready(web, "web-0"));
        synced(web);
        assertThat(gauge(RolloutGauges.UNAVAILABLE_REPLICAS, "OrderedReady")).contains(0.0);

        deleted(web);

        assertThat(gauge(RolloutGauges.UNAVAILABLE_REPLICAS, "OrderedReady")).isEmpty();
        assertThat(gauge(RolloutGauges.MAX_UNAVAILABLE, "OrderedReady")).isEmpty();
    }

    @Test
    void switchingToOnDeleteRemovesThemAndChangingThePolicyRelabelsThem() {
        StatefulSet web = Fixtures.statefulSet("web", 1);
        sets.add(web);
        synced(web);

        StatefulSet onDelete = web.withSpec(web.spec().withUpdateStrategy(UpdateStrategy.onDelete()));
        sets.set(0, onDelete);
        synced(onDelete);
        assertThat(gauge(RolloutGauges.MAX_UNAVAILABLE, "OrderedReady")).isEmpty();

        StatefulSet parallel = Fixtures.parallel(web);
        sets.set(0, parallel);
        synced(parallel);
        assertThat(gauge(RolloutGauges.MAX_UNAVAILABLE, "OrderedReady")).isEmpty();
        assertThat(gauge(RolloutGauges.MAX_UNAVAILABLE, "Parallel")).contains(1.0);
    }
}
