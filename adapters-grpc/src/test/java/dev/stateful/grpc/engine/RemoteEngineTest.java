package dev.stateful.grpc.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.availability.Availability;
import dev.stateful.grpc.remote.client.CallPolicy;
import dev.stateful.grpc.testing.Autopilot;
import dev.stateful.grpc.testing.Eventually;
import dev.stateful.grpc.testing.Manifests;
import dev.stateful.grpc.testing.RemoteEngine;
import dev.stateful.grpc.testing.RemotePortsServer;
import dev.stateful.grpc.testing.Sets;
import dev.stateful.grpc.testing.UndecodableSetsDouble;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.audit.Outcome;
import dev.stateful.inmemory.faults.ApiError;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The whole remote-ports path: the engine (reconciler + sync loop) in front of the gRPC client
 * adapter, talking over loopback Netty to the remote-ports server backed by an in-memory cluster
 * whose kubelet runs on its own. Sets converge, also when the remote side fails mid-rollout.
 */
class RemoteEngineTest {

    private static final Duration CONVERGE = Duration.ofSeconds(60);
    private static final CallPolicy POLICY = new CallPolicy(Duration.ofSeconds(5), 3, Duration.ofMillis(20), Duration.ofMillis(200));

    private final InMemoryCluster cluster = InMemoryCluster.builder().instantKubelet().build();
    /** Passes everything through until a test declares a set undecodable. */
    private final UndecodableSetsDouble sets = new UndecodableSetsDouble(cluster.reader(), cluster.clusterEvents());
    private final RemotePortsServer server = new RemotePortsServer(UndecodableSetsDouble.ports(cluster, sets));
    private final Autopilot kubelet = Autopilot.kubeletOnly(cluster);
    private RemoteEngine engine;

    @BeforeEach
    void startTheEngine() {
        engine = RemoteEngine.start(server.target(), POLICY);
    }

    @AfterEach
    void close() {
        engine.close();
        kubelet.close();
        server.close();
    }

    private List<Pod> pods() {
        return cluster.stores().pods().list("default").stream().sorted(PodIdentity.ASCENDING_ORDINAL).toList();
    }

    /** Every replica Ready at the set's update revision, and the status says so. */
    private boolean rolledOut(int replicas) {
        StatefulSet set = Sets.get(cluster, Sets.WEB);
        String revision = set.status().updateRevision();
        List<Pod> pods = pods();
        return pods.size() == replicas && !revision.isEmpty()
                && pods.stream().allMatch(p -> Availability.isRunningAndReady(p) && !p.isTerminating() && PodIdentity.revisionOf(p).equals(revision))
                && set.status().readyReplicas() == replicas && set.status().updatedReplicas() == replicas
                && revision.equals(set.status().currentRevision()) && set.status().observedGeneration() == set.metadata().generation();
    }

    private String state() {
        StatefulSet set = Sets.get(cluster, Sets.WEB);
        return set.status() + " pods " + pods().stream().map(p -> p.name() + ":" + p.status().phase() + ":" + PodIdentity.revisionOf(p)
                + (p.isTerminating() ? ":terminating" : "")).toList();
    }

    private void converge(int replicas) {
        Eventually.until(CONVERGE, "web to roll out " + replicas + " replicas", () -> rolledOut(replicas), this::state);
    }

    @Test
    void aSetAppliedOnTheRemoteSideConvergesInOrder() {
        cluster.apply(Manifests.web(3, "nginx:1.25"));

        converge(3);

        List<String> created = cluster.audit().query().by(Actor.CONTROLLER).kind(Kind.PODS).verb(Verb.CREATE).tookEffect().names();
        assertThat(created).containsExactly("web-0", "web-1", "web-2");
        assertThat(cluster.stores().claims().list("default")).hasSize(3);
        assertThat(cluster.events().withReason("SuccessfulCreate")).isNotEmpty();
    }

    /**
     * A set of our kind keeps its kind and extensions on the wire: its pods skip the ordinal it
     * reserves, and they and its revision are controlled by a reference naming our kind (upstream's
     * metav1.NewControllerRef(set, controllerKind)), as the served cluster's garbage collector and
     * every other controller read them.
     */
    @Test
    void aSetOfOurKindConvergesWithItsExtensionsAndOwnsItsPodsAsOurKind() {
        cluster.apply(Manifests.webOfOurKind(2, "nginx:1.25"));

        converge(2);

        assertThat(pods()).extracting(Pod::name).containsExactly("web-0", "web-2");
        assertThat(pods()).allSatisfy(p ->
                assertThat(p.metadata().controllerRef()).hasValueSatisfying(ref -> assertThat(SetKind.STATEFUL_DEV.isKindOf(ref)).isTrue()));
        assertThat(cluster.stores().revisions().list("default")).isNotEmpty().allSatisfy(r ->
                assertThat(r.metadata().controllerRef()).hasValueSatisfying(ref -> assertThat(SetKind.STATEFUL_DEV.isKindOf(ref)).isTrue()));
    }

    @Test
    void whenTheRemoteGoesAwayMidRolloutTheEngineConvergesOnceItIsBack() throws InterruptedException {
        cluster.apply(Manifests.web(3, "nginx:1.25"));
        converge(3);
        String oldRevision = Sets.get(cluster, Sets.WEB).status().currentRevision();

        Sets.setImage(cluster, Sets.WEB, "nginx:1.26");
        Eventually.until(CONVERGE, "the rollout to start", () -> pods().stream().anyMatch(p -> !PodIdentity.revisionOf(p).equals(oldRevision)), this::state);
        server.stop();
        Thread.sleep(1500); // the engine's calls fail meanwhile
        server.restart();

        converge(3);
        assertThat(pods()).extracting(p -> p.spec().array("containers").get(0).asObject().orElseThrow().string("image").orElseThrow())
                .containsOnly("nginx:1.26");
    }

    /**
     * As in process over fabric8's caches (app's UndecodableSetTest): a set the remote's caches
     * cannot decode gets one FailedValidation Warning event per version naming the field, through
     * the remote event recorder, is not synced meanwhile (resyncs included), and is synced once a
     * state of it decodes. One that never decoded is heard of through the watch alone: the resync
     * lists the sets that decoded.
     */
    @Test
    void anUndecodableSetGetsOneWarningEventNamingTheFieldIsNotSyncedAndConvergesOnceItDecodes() throws InterruptedException {
        sets.breakSet(Sets.WEB, "web-uid", "7");
        cluster.apply(Manifests.web(3, "nginx:1.25"));
        sets.breakSet(new ObjectKey("default", "never-decoded"), "never-uid", "8");

        Eventually.until(CONVERGE, "FailedValidation events on both", () -> cluster.events().withReason("FailedValidation").size() == 2, this::state);
        Thread.sleep(2500); // two resyncs sync the set again
        assertThat(cluster.events().withReason("FailedValidation")).allSatisfy(e -> {
            assertThat(e.type()).isEqualTo("Warning");
            assertThat(e.message()).contains("spec.updateStrategy.rollingUpdate.maxUnavailable");
            assertThat(e.count()).as("one event for the one undecodable version").isEqualTo(1);
        }).extracting(e -> e.involvedObject().name()).containsExactlyInAnyOrder("web", "never-decoded");
        assertThat(pods()).isEmpty();

        sets.mend(Sets.WEB);

        converge(3);
    }

    @Test
    void injectedFailuresOnTheRemoteSideAreRetriedUntilTheSetConverges() {
        cluster.apply(Manifests.web(3, "nginx:1.25"));
        converge(3);
        cluster.faults().on(Verb.CREATE, Kind.PODS).times(8).fail(ApiError.UNAVAILABLE);
        cluster.faults().on(Verb.UPDATE_STATUS, Kind.STATEFULSETS).times(3).fail(ApiError.CONFLICT);

        Sets.setImage(cluster, Sets.WEB, "nginx:1.26");

        converge(3);
        assertThat(cluster.audit().query().kind(Kind.PODS).outcome(Outcome.INJECTED_FAILURE).count()).isEqualTo(8);
    }
}
