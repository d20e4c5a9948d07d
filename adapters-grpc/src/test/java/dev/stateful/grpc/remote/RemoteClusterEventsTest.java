package dev.stateful.grpc.remote;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.grpc.remote.client.CallPolicy;
import dev.stateful.grpc.remote.client.RemotePorts;
import dev.stateful.grpc.runtime.ClientSettings;
import dev.stateful.grpc.testing.Eventually;
import dev.stateful.grpc.testing.Manifests;
import dev.stateful.grpc.testing.RemotePortsServer;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.store.DeleteOptions;
import dev.stateful.ports.ClusterEvents;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** ClusterEvents over a server stream: the initial list, synced, live changes, and reconnection. */
class RemoteClusterEventsTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private final InMemoryCluster cluster = InMemoryCluster.create();
    private final RemotePortsServer server = new RemotePortsServer(cluster);
    private final RemotePorts remote = RemotePorts.connect(ClientSettings.plaintext(server.target()), CallPolicy.defaults());
    private final List<String> seen = new CopyOnWriteArrayList<>();

    @BeforeEach
    void subscribe() {
        cluster.apply(Manifests.web(1, "nginx:1.25"));
        remote.ports().clusterEvents().subscribe(new ClusterEvents.Handler() {
            @Override
            public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
                seen.add((oldSet == null ? "added" : newSet == null ? "deleted" : "updated") + " set " + (newSet != null ? newSet : oldSet).name());
            }

            @Override
            public void podChanged(Pod oldPod, Pod newPod) {
                seen.add((oldPod == null ? "added" : newPod == null ? "deleted" : "updated") + " pod " + (newPod != null ? newPod : oldPod).name());
            }
        });
    }

    @AfterEach
    void close() {
        remote.close();
        server.close();
    }

    private void createPod(String name) {
        cluster.user().pods().create(new Pod(ObjectMeta.named("default", name), Json.object("containers", Json.array()), null));
    }

    @Test
    void theExistingObjectsArriveAsAdditionsThenTheViewIsSyncedThenChangesFollow() {
        Eventually.until(WAIT, "the remote view to sync", remote.ports().clusterEvents()::hasSynced);
        assertThat(seen).containsExactly("added set web");

        createPod("lonely-0");

        Eventually.until(WAIT, "the new pod to be seen", () -> seen.contains("added pod lonely-0"), () -> seen);
    }

    @Test
    void afterTheRemoteRestartsTheWatchReconnectsAndListsAgain() {
        Eventually.until(WAIT, "the remote view to sync", remote.ports().clusterEvents()::hasSynced);
        server.stop();
        createPod("while-away-0");
        server.restart();

        Eventually.until(WAIT, "the relist after reconnecting", () -> seen.contains("added pod while-away-0"), () -> seen);
        // listed again, the set is an update from its last reported state, as an informer's relist reports it
        assertThat(seen.stream().filter(s -> s.endsWith(" set web"))).containsExactly("added set web", "updated set web");
    }

    @Test
    void aSetAndAPodDeletedWhileTheRemoteWasDownAreReportedDeletedOnceAfterTheReconnect() {
        createPod("doomed-0");
        Eventually.until(WAIT, "the pod to be seen", () -> seen.contains("added pod doomed-0"), () -> seen);
        server.stop();
        cluster.user().pods().delete(new ObjectKey("default", "doomed-0"), DeleteOptions.immediate(null));
        cluster.user().statefulSets().delete(new ObjectKey("default", "web"), DeleteOptions.DEFAULT);
        createPod("while-away-0");
        server.restart();

        Eventually.until(WAIT, "the relist after reconnecting", () -> seen.contains("deleted set web"), () -> seen);
        Eventually.until(WAIT, "the relist after reconnecting", () -> seen.contains("deleted pod doomed-0"), () -> seen);
        createPod("after-0");
        Eventually.until(WAIT, "a live change after the relist", () -> seen.contains("added pod after-0"), () -> seen);
        assertThat(seen.stream().filter(s -> s.startsWith("deleted"))).containsExactlyInAnyOrder("deleted set web", "deleted pod doomed-0");
    }
}
