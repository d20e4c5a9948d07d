package dev.stateful.grpc.remote.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.grpc.runtime.ServerSettings;
import dev.stateful.grpc.testing.Eventually;
import dev.stateful.grpc.testing.InProcessServer;
import dev.stateful.grpc.v1.CachesSynced;
import dev.stateful.grpc.v1.ClusterChange;
import dev.stateful.grpc.v1.ClusterEventsServiceGrpc;
import dev.stateful.grpc.v1.KubeObject;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.PodChanged;
import dev.stateful.grpc.v1.StatefulSetChanged;
import dev.stateful.grpc.v1.StatefulSetUndecodable;
import dev.stateful.grpc.v1.UndecodableStatefulSet;
import dev.stateful.grpc.v1.WatchClusterRequest;
import dev.stateful.ports.ClusterEvents;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The watch against a scripted server, so that what arrives in which stream, and in which order
 * around CachesSynced, is fixed: the relist after a broken stream must report as deleted what the
 * new list lacks, as client-go's reflector does through the store's {@code Replace}.
 */
class GrpcClusterEventsTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    private final Script script = new Script();
    private final InProcessServer server = InProcessServer.start(ServerSettings.loopback(0), List.of(script));
    private final GrpcClusterEvents events = new GrpcClusterEvents(ClusterEventsServiceGrpc.newStub(server.channel()), "", () -> { });
    private final List<String> seen = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() {
        events.close();
        server.close();
    }

    @Test
    void whatTheRelistLacksIsDeliveredAsDeletedOnceBeforeTheLiveChangesOfTheNewStream() {
        // first stream: a set and its pod, synced, then the stream breaks
        script.stream(true, added(set("web")), added(pod("web-0")), synced());
        // second stream: both were deleted meanwhile; the server's early live deletion of the set
        // (seen between its subscribe and its list) must not report the set deleted a second time
        script.stream(false, added(pod("other-0")), synced(), deleted(set("web")), added(pod("late-0")));

        subscribe();

        Eventually.until(WAIT, "the live change after the relist", () -> seen.contains("added pod late-0"), () -> seen);
        assertThat(seen).containsExactly(
                "added set web", "added pod web-0",
                "added pod other-0", "deleted set web", "deleted pod web-0",
                "added pod late-0");
    }

    /** An informer's relist: an object its store holds comes as {@code OnUpdate} from the state it last had. */
    @Test
    void anObjectListedAgainAfterABreakIsAnUpdateFromItsLastReportedState() {
        script.stream(true, added(pod("web-0")), synced());
        script.stream(false, added(pod("web-0")), added(pod("web-1")), synced());

        subscribe();

        Eventually.until(WAIT, "the relist", () -> seen.contains("added pod web-1"), () -> seen);
        assertThat(seen).containsExactly("added pod web-0", "updated pod web-0", "added pod web-1");
    }

    @Test
    void aDeletionOfAnObjectTheWatchNeverReportedIsNotDelivered() {
        script.stream(false, added(pod("web-0")), synced(), deleted(pod("gone-0")), added(pod("late-0")));

        subscribe();

        Eventually.until(WAIT, "the live change", () -> seen.contains("added pod late-0"), () -> seen);
        assertThat(seen).containsExactly("added pod web-0", "added pod late-0");
    }

    @Test
    void aDeletedObjectIsNotReportedDeletedAgainByTheNextRelist() {
        script.stream(true, added(pod("web-0")), synced(), deleted(pod("web-0")));
        script.stream(false, synced(), added(pod("late-0")));

        subscribe();

        Eventually.until(WAIT, "the live change after the relist", () -> seen.contains("added pod late-0"), () -> seen);
        assertThat(seen).containsExactly("added pod web-0", "deleted pod web-0", "added pod late-0");
    }

    /**
     * As fabric8's informers report a set of our kind through {@code ClusterCache}: by key while its
     * latest state cannot be decoded, including its deletion; the state that decodes next as an
     * addition, with no old set.
     */
    @Test
    void anUndecodableSetIsReportedByKeyUntilGoneAndTheStateThatDecodesNextIsAnAddition() {
        // a server may send the state before the undecodable one as the old object: still an addition
        script.stream(false, added(set("web")), synced(), undecodable("web"), updated(set("web")), undecodable("web"),
                undecodableDeleted("web"), undecodableDeleted("web"), added(pod("late-0")));

        subscribe();

        Eventually.until(WAIT, "the live change", () -> seen.contains("added pod late-0"), () -> seen);
        // the second deletion is of a set no longer known: dropped, as any deletion of an unknown object
        assertThat(seen).containsExactly("added set web", "undecodable web", "added set web", "undecodable web", "undecodable web",
                "added pod late-0");
    }

    /**
     * The relist through the store's {@code Replace} in fabric8's informers: an undecodable set the new
     * list lacks is deleted, which {@code ClusterCache} reports undecodable; one it lists undecodable
     * is there, even when its last decoded state is not listed.
     */
    @Test
    void anUndecodableSetTheRelistLacksIsReportedOnceAndOneItListsUndecodableIsNotDeleted() {
        script.stream(true, added(set("web")), undecodable("bad"), undecodable("kept"), synced());
        script.stream(false, undecodable("kept"), undecodable("web"), synced(), undecodableDeleted("bad"), added(pod("late-0")));

        subscribe();

        Eventually.until(WAIT, "the live change after the relist", () -> seen.contains("added pod late-0"), () -> seen);
        assertThat(seen).containsExactly(
                "added set web", "undecodable bad", "undecodable kept",
                "undecodable kept", "undecodable web", "undecodable bad",
                "added pod late-0");
    }

    /**
     * A server written by someone else sends a set the codec here refuses as a normal set: it is reported
     * as fabric8's {@code ClusterCache} reports a set its informer could not decode, by key while its
     * latest state (the new one, or the deleted one) does not decode; the state that decodes next is an
     * addition, with no old set.
     */
    @Test
    void aSetWhoseJsonTheCodecHereRefusesIsReportedUndecodableUntilAStateOfItDecodes() {
        script.stream(false, added(refused("bad")), added(set("web")), synced(),
                changed(set("web"), refused("web")), changed(refused("web"), set("web")),
                deleted(refused("bad")), deleted(refused("bad")), added(pod("late-0")));

        subscribe();

        Eventually.until(WAIT, "the live change", () -> seen.contains("added pod late-0"), () -> seen);
        // the second deletion is of a set no longer known: dropped, as any deletion of an unknown object
        assertThat(seen).containsExactly("undecodable bad", "added set web", "undecodable web", "added set web", "undecodable bad",
                "added pod late-0");
    }

    private void subscribe() {
        events.subscribe(new ClusterEvents.Handler() {
            @Override
            public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
                seen.add(verb(oldSet, newSet) + " set " + (newSet != null ? newSet : oldSet).name());
            }

            @Override
            public void statefulSetUndecodable(ObjectKey key) {
                seen.add("undecodable " + key.name());
            }

            @Override
            public void podChanged(Pod oldPod, Pod newPod) {
                seen.add(verb(oldPod, newPod) + " pod " + (newPod != null ? newPod : oldPod).name());
            }
        });
    }

    private static ClusterChange updated(KubeObject set) {
        return ClusterChange.newBuilder().setStatefulSet(StatefulSetChanged.newBuilder().setOldObject(set).setNewObject(set)).build();
    }

    private static ClusterChange changed(KubeObject before, KubeObject after) {
        return ClusterChange.newBuilder().setStatefulSet(StatefulSetChanged.newBuilder().setOldObject(before).setNewObject(after)).build();
    }

    private static ClusterChange undecodable(String name) {
        return ClusterChange.newBuilder().setUndecodableStatefulSet(StatefulSetUndecodable.newBuilder().setStatefulSet(
                UndecodableStatefulSet.newBuilder().setRef(ObjectRef.newBuilder().setNamespace("default").setName(name))
                        .setUid(name + "-uid").setResourceVersion("7").setReason("spec.replicas: Invalid value"))).build();
    }

    private static ClusterChange undecodableDeleted(String name) {
        return ClusterChange.newBuilder().setUndecodableStatefulSet(StatefulSetUndecodable.newBuilder().setDeleted(true).setStatefulSet(
                UndecodableStatefulSet.newBuilder().setRef(ObjectRef.newBuilder().setNamespace("default").setName(name)))).build();
    }

    private static String verb(Object before, Object after) {
        return before == null ? "added" : after == null ? "deleted" : "updated";
    }

    private static KubeObject set(String name) {
        return KubeObject.newBuilder().setJson("{\"metadata\":{\"name\":\"" + name + "\",\"namespace\":\"default\",\"uid\":\"" + name
                + "-uid\"},\"spec\":{\"selector\":{\"matchLabels\":{\"app\":\"nginx\"}}}}").build();
    }

    /** A set whose spec.replicas is a string: JSON the codec refuses. */
    private static KubeObject refused(String name) {
        return KubeObject.newBuilder().setJson(set(name).getJson().replace("\"spec\":{", "\"spec\":{\"replicas\":\"three\",")).build();
    }

    private static KubeObject pod(String name) {
        return KubeObject.newBuilder().setJson("{\"metadata\":{\"name\":\"" + name + "\",\"namespace\":\"default\",\"uid\":\"" + name
                + "-uid\"},\"spec\":{}}").build();
    }

    private static ClusterChange added(KubeObject object) {
        return change(object, false);
    }

    private static ClusterChange deleted(KubeObject object) {
        return change(object, true);
    }

    private static ClusterChange change(KubeObject object, boolean deleted) {
        boolean isSet = object.getJson().contains("\"selector\"");
        if (isSet) {
            StatefulSetChanged.Builder c = deleted ? StatefulSetChanged.newBuilder().setOldObject(object) : StatefulSetChanged.newBuilder().setNewObject(object);
            return ClusterChange.newBuilder().setStatefulSet(c).build();
        }
        PodChanged.Builder c = deleted ? PodChanged.newBuilder().setOldObject(object) : PodChanged.newBuilder().setNewObject(object);
        return ClusterChange.newBuilder().setPod(c).build();
    }

    private static ClusterChange synced() {
        return ClusterChange.newBuilder().setSynced(CachesSynced.getDefaultInstance()).build();
    }

    /** Each WatchCluster call plays the next scripted stream, then breaks it (UNAVAILABLE) or leaves it open. */
    private static final class Script extends ClusterEventsServiceGrpc.ClusterEventsServiceImplBase {

        private record Stream(boolean breaks, List<ClusterChange> changes) {
        }

        private final Deque<Stream> streams = new ArrayDeque<>();

        synchronized void stream(boolean breaks, ClusterChange... changes) {
            streams.addLast(new Stream(breaks, List.of(changes)));
        }

        @Override
        public void watchCluster(WatchClusterRequest request, StreamObserver<ClusterChange> out) {
            Stream next;
            synchronized (this) {
                next = streams.pollFirst();
            }
            if (next == null) {
                return; // left open and silent: the script is over
            }
            next.changes().forEach(out::onNext);
            if (next.breaks()) {
                out.onError(Status.UNAVAILABLE.withDescription("scripted break").asRuntimeException());
            }
        }
    }
}
