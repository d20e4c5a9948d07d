package dev.stateful.grpc.remote;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.JsonWriter;
import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.remote.client.RemotePorts;
import dev.stateful.grpc.runtime.ClientSettings;
import dev.stateful.grpc.testing.Eventually;
import dev.stateful.grpc.testing.InMemory;
import dev.stateful.grpc.testing.Manifests;
import dev.stateful.grpc.testing.RemotePortsServer;
import dev.stateful.grpc.testing.Sets;
import dev.stateful.grpc.v1.KubeObject;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.ports.ClusterEvents;
import dev.stateful.ports.EventRecorder;
import dev.stateful.ports.StatusWriter;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A set of our own kind (apps.stateful.dev/v1alpha1) through every remote port that carries a
 * set: read, watched, its status written and events recorded, it stays of our kind with its
 * extensions (here {@code reserveOrdinals}), on the client and on the server behind it. Its events'
 * involvedObject, its status writes (the /status of its own API) and its pods' controller reference
 * (upstream's metav1.NewControllerRef(set, controllerKind)) all name the set's kind.
 */
class OurKindOnRemotePortsTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    private final InMemoryCluster cluster = InMemoryCluster.create();
    /** The sets the served status writer and event recorder were handed: what the client sent. */
    private final List<StatefulSet> statusWritten = new CopyOnWriteArrayList<>();
    private final List<StatefulSet> eventsOn = new CopyOnWriteArrayList<>();
    private final RemotePortsServer server = new RemotePortsServer(served());
    private final RemotePorts remote = RemotePorts.connect(ClientSettings.plaintext(server.target()), RemotePortsContractTest.FAST);
    private final PortSet ports = remote.ports();

    /** The in-memory cluster's ports, its status writer and event recorder noting what they receive. */
    private PortSet served() {
        PortSet inMemory = InMemory.ports(cluster);
        StatusWriter status = new StatusWriter() {
            @Override
            public StatefulSet updateStatus(StatefulSet set) {
                statusWritten.add(set);
                return inMemory.status().updateStatus(set);
            }

            @Override
            public Optional<StatefulSet> get(String namespace, String name) {
                return inMemory.status().get(namespace, name);
            }
        };
        EventRecorder events = (set, type, reason, message) -> {
            eventsOn.add(set);
            inMemory.events().record(set, type, reason, message);
        };
        return new PortSet(inMemory.reader(), inMemory.clusterEvents(), inMemory.pods(), inMemory.claims(), inMemory.revisions(), status, events);
    }

    @BeforeEach
    void applyASetOfOurKind() {
        cluster.apply(Manifests.webOfOurKind(2, "nginx:1.25"));
    }

    @AfterEach
    void close() {
        remote.close();
        server.close();
    }

    private static void assertOfOurKind(StatefulSet set) {
        assertThat(set.kind()).isEqualTo(SetKind.STATEFUL_DEV);
        assertThat(set.extensions().reserveOrdinals()).containsExactly(IntOrString.of(1));
    }

    @Test
    void theReaderAnswersWithTheSetOfOurKindAsStored() {
        StatefulSet stored = Sets.get(cluster, Sets.WEB);
        assertOfOurKind(stored);

        assertThat(ports.reader().statefulSet(Sets.WEB)).contains(stored);
        assertThat(ports.reader().statefulSets("default")).singleElement().satisfies(OurKindOnRemotePortsTest::assertOfOurKind);
        assertThat(ports.status().get("default", "web")).contains(stored);
    }

    @Test
    void theWatchHandsOnTheSetOfOurKind() {
        List<StatefulSet> seen = new CopyOnWriteArrayList<>();
        ports.clusterEvents().subscribe(new ClusterEvents.Handler() {
            @Override
            public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
                seen.add(newSet);
            }

            @Override
            public void podChanged(Pod oldPod, Pod newPod) {
            }
        });

        Eventually.until(WAIT, "the set listed", () -> !seen.isEmpty());
        assertThat(seen).singleElement().isEqualTo(Sets.get(cluster, Sets.WEB));
        assertOfOurKind(seen.get(0));
    }

    @Test
    void aStatusWriteOfOurKindReachesTheServerAsOurKindAndComesBackSo() {
        StatefulSet set = ports.reader().statefulSet(Sets.WEB).orElseThrow();

        StatefulSet written = ports.status().updateStatus(set.withStatus(set.status().withUpdatedReplicas(2)));

        assertThat(statusWritten).singleElement().satisfies(OurKindOnRemotePortsTest::assertOfOurKind);
        assertOfOurKind(written);
        assertThat(written.status().updatedReplicas()).isEqualTo(2);
    }

    @Test
    void anEventOnASetOfOurKindNamesOurKind() {
        StatefulSet set = ports.reader().statefulSet(Sets.WEB).orElseThrow();

        ports.events().record(set, EventRecorder.Type.Normal, "SuccessfulCreate", "create Pod web-0 in StatefulSet web successful");

        assertThat(eventsOn).singleElement().satisfies(OurKindOnRemotePortsTest::assertOfOurKind);
    }

    @Test
    void aSetAsAPeerBuiltBeforeSendsItStillReadsAsAppsV1() {
        StatefulSet appsV1 = new StatefulSet(Sets.get(cluster, Sets.WEB).metadata(), Sets.get(cluster, Sets.WEB).spec(), null);
        KubeObject older = KubeObject.newBuilder().setJson(JsonWriter.write(ModelCodec.encode(appsV1))).build();

        StatefulSet read = KubeObjects.statefulSet(older, "stateful_set");

        assertThat(read.kind()).isEqualTo(SetKind.APPS_V1);
        assertThat(read).isEqualTo(appsV1);
    }
}
