package dev.stateful.grpc.remote;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.codec.JsonParser;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.grpc.remote.client.CallPolicy;
import dev.stateful.grpc.remote.client.RemotePorts;
import dev.stateful.grpc.runtime.Channels;
import dev.stateful.grpc.runtime.ClientSettings;
import dev.stateful.grpc.testing.Eventually;
import dev.stateful.grpc.testing.Manifests;
import dev.stateful.grpc.testing.RemotePortsServer;
import dev.stateful.grpc.testing.UndecodableSetsDouble;
import dev.stateful.grpc.v1.ClusterChange;
import dev.stateful.grpc.v1.ClusterEventsServiceGrpc;
import dev.stateful.grpc.v1.WatchClusterRequest;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.ports.ClusterEvents;
import dev.stateful.grpc.remote.PortSet;
import dev.stateful.grpc.testing.DelegatingReader;
import dev.stateful.ports.ClusterReader;
import dev.stateful.ports.StatefulSetRead;
import dev.stateful.ports.UndecodableSet;
import io.grpc.ManagedChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Sets whose latest state the remote's caches could not decode (fabric8's {@code ClusterCache} on the
 * remote side; a double here) reach the engine through the remote ports as they reach it in process:
 * the watch reports them by key (in the initial list too, and in place of the last decoded state),
 * a state that decodes later is an addition, a deletion or a relist without them reports the key
 * once more, and the reader tells what the decoder refused.
 */
class RemoteUndecodableSetsTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final ObjectKey WEB = new ObjectKey("default", "web");
    private static final ObjectKey BAD = new ObjectKey("default", "bad");

    private final InMemoryCluster cluster = InMemoryCluster.create();
    private final UndecodableSetsDouble sets = new UndecodableSetsDouble(cluster.reader(), cluster.clusterEvents());
    private final RemotePortsServer server = new RemotePortsServer(UndecodableSetsDouble.ports(cluster, sets));
    private final RemotePorts remote = RemotePorts.connect(ClientSettings.plaintext(server.target()), CallPolicy.defaults());
    private final List<String> seen = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() {
        remote.close();
        server.close();
    }

    private void subscribe() {
        remote.ports().clusterEvents().subscribe(new ClusterEvents.Handler() {
            @Override
            public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
                seen.add((oldSet == null ? "added" : newSet == null ? "deleted" : "updated") + " set " + (newSet != null ? newSet : oldSet).name());
            }

            @Override
            public void statefulSetUndecodable(ObjectKey key) {
                seen.add("undecodable " + key.name());
            }

            @Override
            public void podChanged(Pod oldPod, Pod newPod) {
            }
        });
        Eventually.until(WAIT, "the remote view to sync", remote.ports().clusterEvents()::hasSynced);
    }

    @Test
    void aSyncReadsTheDecodedAndTheUndecodableStateOfItsSetWithOneCall() {
        cluster.apply(Manifests.web(1, "nginx:1.25"));
        sets.breakSet(WEB, "web-uid", "42");
        AtomicInteger lookups = new AtomicInteger();
        ClusterReader counted = new DelegatingReader(sets) {
            @Override
            public Optional<StatefulSet> statefulSet(ObjectKey key) {
                lookups.incrementAndGet();
                return sets.statefulSet(key);
            }

            @Override
            public Optional<UndecodableSet> undecodableStatefulSet(ObjectKey key) {
                return sets.undecodableStatefulSet(key);
            }
        };
        PortSet ports = UndecodableSetsDouble.ports(cluster, sets);
        try (RemotePortsServer countedServer = new RemotePortsServer(new PortSet(counted, ports.clusterEvents(), ports.pods(),
                ports.claims(), ports.revisions(), ports.status(), ports.events()));
             RemotePorts client = RemotePorts.connect(ClientSettings.plaintext(countedServer.target()), CallPolicy.defaults())) {

            StatefulSetRead read = client.ports().reader().statefulSetRead(WEB);

            assertThat(read.decoded()).hasValueSatisfying(set -> assertThat(set.name()).isEqualTo("web"));
            assertThat(read.undecodable()).hasValueSatisfying(u -> assertThat(u.metadata().resourceVersion()).isEqualTo("42"));
            assertThat(lookups).hasValue(1);
        }
    }

    @Test
    void theReaderTellsWhatTheDecoderRefusedWithTheSetsIdentityAndStillAnswersTheLastDecodedState() {
        cluster.apply(Manifests.web(1, "nginx:1.25"));
        ClusterReader reader = remote.ports().reader();
        assertThat(reader.undecodableStatefulSet(WEB)).isEmpty();

        sets.breakSet(WEB, "web-uid", "42");

        assertThat(reader.undecodableStatefulSet(WEB)).hasValueSatisfying(u -> {
            assertThat(u.kind()).isEqualTo(SetKind.STATEFUL_DEV);
            assertThat(ObjectKey.of(u.metadata())).isEqualTo(WEB);
            assertThat(u.metadata().uid()).isEqualTo("web-uid");
            assertThat(u.metadata().resourceVersion()).isEqualTo("42");
            assertThat(u.reason()).isEqualTo(UndecodableSetsDouble.REASON);
        });
        assertThat(reader.statefulSet(WEB)).as("the last state decoded").isPresent();

        sets.mend(WEB);

        assertThat(reader.undecodableStatefulSet(WEB)).isEmpty();
    }

    @Test
    void anUndecodableSetIsWatchedByKeyFromTheInitialListToItsDeletionAndAStateThatDecodesIsAnAddition() {
        cluster.apply(Manifests.web(1, "nginx:1.25"));
        sets.breakSet(WEB, "web-uid", "2");
        sets.breakSet(BAD, "bad-uid", "3");

        subscribe();
        // listed as they are now: web's last decoded state is not listed as an addition
        assertThat(seen).containsExactly("undecodable bad", "undecodable web");

        sets.mend(WEB);
        sets.breakSet(WEB, "web-uid", "5");
        sets.delete(BAD);

        Eventually.until(WAIT, "the deletion", () -> seen.size() == 5, () -> seen);
        assertThat(seen).containsExactly("undecodable bad", "undecodable web", "added set web", "undecodable web", "undecodable bad");
    }

    /**
     * The reader lists the sets the remote could not decode as the remote's reader does: the one that
     * never decoded, and the one whose last decoded state the list of decoded sets still holds.
     */
    @Test
    void theReaderListsEverySetTheRemoteCouldNotDecodeWithWhatTheDecoderRefused() {
        cluster.apply(Manifests.web(1, "nginx:1.25"));
        sets.breakSet(WEB, "web-uid", "2");
        sets.breakSet(BAD, "bad-uid", "3");

        assertThat(remote.ports().reader().undecodableStatefulSets("default")).satisfiesExactly(
                bad -> {
                    assertThat(ObjectKey.of(bad.metadata())).isEqualTo(BAD);
                    assertThat(bad.kind()).isEqualTo(SetKind.STATEFUL_DEV);
                    assertThat(bad.metadata().uid()).isEqualTo("bad-uid");
                    assertThat(bad.metadata().resourceVersion()).isEqualTo("3");
                    assertThat(bad.reason()).isEqualTo(UndecodableSetsDouble.REASON);
                },
                web -> assertThat(ObjectKey.of(web.metadata())).isEqualTo(WEB));
        assertThat(remote.ports().reader().undecodableStatefulSets("elsewhere")).isEmpty();
        assertThat(remote.ports().reader().statefulSets("default")).as("the last state decoded").extracting(StatefulSet::name).containsExactly("web");
    }

    /**
     * Two remote-ports servers in a chain: the second serves the ports of a client of the first. Its
     * watch's initial list, made from that client's reader, has every set as it is now, as the first's
     * has: the undecodable ones as such, the one that never decoded included, and none as its last
     * decoded state.
     */
    @Test
    void aSecondRemotePortsServerInFrontOfThisClientListsTheUndecodableSetsInItsInitialList() {
        cluster.apply(Manifests.web(1, "nginx:1.25"));
        cluster.apply(Manifests.web(1, "nginx:1.25").replace("name: web", "name: db"));
        sets.breakSet(WEB, "web-uid", "2");
        sets.breakSet(BAD, "bad-uid", "3");

        List<String> listed = new ArrayList<>();
        try (RemotePortsServer front = new RemotePortsServer(remote.ports())) {
            ManagedChannel channel = Channels.open(ClientSettings.plaintext(front.target()));
            try {
                Iterator<ClusterChange> stream = ClusterEventsServiceGrpc.newBlockingStub(channel).withDeadlineAfter(20, TimeUnit.SECONDS)
                        .watchCluster(WatchClusterRequest.newBuilder().setNamespace("default").build());
                for (ClusterChange change = stream.next(); !change.hasSynced(); change = stream.next()) {
                    listed.add(change.hasUndecodableStatefulSet()
                            ? "undecodable " + change.getUndecodableStatefulSet().getStatefulSet().getRef().getName() + ": "
                                    + change.getUndecodableStatefulSet().getStatefulSet().getReason()
                            : "set " + JsonParser.parseObject(change.getStatefulSet().getNewObject().getJson()).objectOrEmpty("metadata").string("name").orElse(""));
                }
            } finally {
                channel.shutdownNow();
            }
        }

        assertThat(listed).containsExactly("set db", "undecodable bad: " + UndecodableSetsDouble.REASON,
                "undecodable web: " + UndecodableSetsDouble.REASON);
    }

    @Test
    void anUndecodableSetDeletedWhileTheRemoteWasDownIsReportedOnceAfterTheReconnectAndOneStillThereStaysKnown() {
        cluster.apply(Manifests.web(1, "nginx:1.25"));
        sets.breakSet(BAD, "bad-uid", "3");
        subscribe();
        assertThat(seen).containsExactly("added set web", "undecodable bad");

        server.stop();
        sets.deleteUnseen(BAD);
        sets.breakSet(WEB, "web-uid", "4");
        server.restart();

        Eventually.until(WAIT, "the relist after reconnecting", () -> seen.size() == 4, () -> seen);
        // web, listed undecodable, is not reported deleted although the list has no decoded state of it
        assertThat(seen).containsExactly("added set web", "undecodable bad", "undecodable web", "undecodable bad");
        sets.delete(WEB);
        Eventually.until(WAIT, "a live change after the relist", () -> seen.size() == 5, () -> seen);
        assertThat(seen).endsWith("undecodable web");
    }
}
