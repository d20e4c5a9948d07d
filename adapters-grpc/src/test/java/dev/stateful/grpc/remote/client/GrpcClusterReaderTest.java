package dev.stateful.grpc.remote.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.grpc.remote.PortSet;
import dev.stateful.grpc.runtime.ClientSettings;
import dev.stateful.grpc.runtime.ServerSettings;
import dev.stateful.grpc.testing.Eventually;
import dev.stateful.grpc.testing.InMemory;
import dev.stateful.grpc.testing.InProcessServer;
import dev.stateful.grpc.testing.RemotePortsServer;
import dev.stateful.grpc.v1.ClusterReaderServiceGrpc;
import dev.stateful.grpc.v1.GetStatefulSetObjectRequest;
import dev.stateful.grpc.v1.GetStatefulSetObjectResponse;
import dev.stateful.grpc.v1.KubeObject;
import dev.stateful.grpc.v1.ListObjectsRequest;
import dev.stateful.grpc.v1.ListObjectsResponse;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.UndecodableStatefulSet;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.ports.ClusterEvents;
import dev.stateful.ports.StatefulSetList;
import dev.stateful.ports.StatefulSetRead;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The reader over a remote-ports server written by someone else: what it sends is input, and one
 * malformed object of a list (a pod of some other workload with a label whose value is a number)
 * is left out rather than failing the whole list, and with it every set of the namespace. A set
 * whose JSON does not decode is not left out but undecodable, as fabric8's caches hold such a set.
 */
class GrpcClusterReaderTest {

    private static final ObjectKey DB = new ObjectKey("default", "db");
    /** A set of our kind whose spec.replicas is a string. */
    private static final String REFUSED = "{\"apiVersion\":\"apps.stateful.dev/v1alpha1\",\"kind\":\"StatefulSet\",\"metadata\":{\"name\":\"db\","
            + "\"namespace\":\"default\",\"uid\":\"db-uid\",\"resourceVersion\":\"9\"},\"spec\":{\"replicas\":\"three\","
            + "\"selector\":{\"matchLabels\":{\"app\":\"db\"}}}}";
    private static final String MALFORMED = "{\"metadata\":{\"name\":\"other\",\"namespace\":\"default\",\"labels\":{\"app\":1}}}";

    private final Lists lists = new Lists();
    private final InProcessServer server = InProcessServer.start(ServerSettings.loopback(0), List.of(lists));
    private final RemoteCalls calls = new RemoteCalls(new CallPolicy(Duration.ofSeconds(5), 1, Duration.ofMillis(1), Duration.ofMillis(1)), () -> { });
    private final GrpcClusterReader reader = new GrpcClusterReader(ClusterReaderServiceGrpc.newBlockingStub(server.channel()), calls);

    @AfterEach
    void close() {
        server.close();
    }

    @Test
    void aListedObjectThatDoesNotDecodeIsLeftOutAndTheOthersAreRead() {
        assertThat(reader.statefulSets("")).extracting(StatefulSet::name).containsExactly("web");
        assertThat(reader.pods("default")).extracting(Pod::name).containsExactly("web-0");
        assertThat(reader.claims("default")).extracting(PersistentVolumeClaim::name).containsExactly("www-web-0");
        assertThat(reader.revisions("default")).extracting(ControllerRevision::name).containsExactly("web-1");
    }

    @Test
    void aSetsPodsAreReadPastAMalformedPodOfAnotherWorkload() {
        assertThat(reader.controlledPods("default", "set-uid")).extracting(Pod::name).containsExactly("web-0");
    }

    /** The owner filter is a hint a server may ignore: the claims it lists anyway are filtered here. */
    @Test
    void theClaimsASetControlsAreAskedForByUidAndFilteredWhenTheServerIgnoresIt() {
        assertThat(reader.claimsControlledBy("default", "set-uid")).isEmpty();
        assertThat(lists.askedController).isEqualTo("set-uid");
    }

    /**
     * A server written by someone else sends a set the codec here refuses as a normal set: it is read
     * as fabric8's caches hold a set they could not decode, undecodable, with the identity and kind its
     * JSON names and the codec's problems as the reason, and decoded once what is sent decodes.
     */
    @Test
    void aSetWhoseJsonTheCodecHereRefusesIsReadUndecodableWithItsIdentityAndTheCodecsReasonUntilItDecodes() {
        lists.db = REFUSED;

        StatefulSetRead read = reader.statefulSetRead(DB);

        assertThat(read.decoded()).isEmpty();
        assertThat(read.undecodable()).hasValueSatisfying(u -> {
            assertThat(u.kind()).isEqualTo(SetKind.STATEFUL_DEV);
            assertThat(ObjectKey.of(u.metadata())).isEqualTo(DB);
            assertThat(u.metadata().uid()).isEqualTo("db-uid");
            assertThat(u.metadata().resourceVersion()).isEqualTo("9");
            assertThat(u.reason()).startsWith("spec.replicas: ");
        });
        assertThat(reader.undecodableStatefulSet(DB)).isPresent();

        lists.db = REFUSED.replace("\"replicas\":\"three\",", "").replace("\"9\"", "\"10\"");

        assertThat(reader.statefulSetRead(DB).undecodable()).isEmpty();
        assertThat(reader.statefulSet(DB)).hasValueSatisfying(set -> assertThat(set.metadata().resourceVersion()).isEqualTo("10"));
    }

    /**
     * The sets the server's own caches could not decode come beside its list, as a remote-ports server
     * lists them in its watch (a second server in front of this client lists them from here); the
     * sets the codec here refuses join them, all by namespace and name.
     */
    @Test
    void theSetsTheServerCouldNotDecodeAreListedUndecodableWithThoseTheCodecHereRefuses() {
        assertThat(reader.undecodableStatefulSets("")).satisfiesExactly(
                bad -> {
                    assertThat(ObjectKey.of(bad.metadata())).isEqualTo(new ObjectKey("default", "bad"));
                    assertThat(bad.metadata().uid()).isEqualTo("bad-uid");
                    assertThat(bad.reason()).isEqualTo("spec.replicas: refused by the server's codec");
                },
                other -> {
                    assertThat(other.metadata().name()).isEqualTo("other");
                    assertThat(other.reason()).startsWith("metadata.labels");
                });
        assertThat(reader.statefulSets("")).extracting(StatefulSet::name).containsExactly("web");
    }

    /**
     * A set the server's caches change between two lists (bad, undecodable on one list and decoded on
     * the next) is read as of one list: undecodable, not missing from both the sets and the undecodable
     * ones as a decoded list of one moment beside an undecodable list of the next would have it.
     */
    @Test
    void theSetsAndTheUndecodableSetsAreReadFromOneListOfTheServer() {
        lists.badDecodesEveryOtherList = true;

        StatefulSetList listed = reader.statefulSetList("");

        assertReadFromTheFirstList(listed);
    }

    /**
     * A second remote-ports server in front of this reader answers a list of the sets from one list of
     * the server behind it: a client of the second reads every set of one moment, and the chain makes
     * one call per list at each link.
     */
    @Test
    void aRemotePortsServerInFrontOfThisReaderListsTheSetsFromOneListOfTheServerBehindIt() {
        lists.badDecodesEveryOtherList = true;
        try (RemotePortsServer front = front(); RemotePorts client = RemotePorts.connect(ClientSettings.plaintext(front.target()), CallPolicy.defaults())) {

            StatefulSetList listed = client.ports().reader().statefulSetList("");

            assertReadFromTheFirstList(listed);
        }
    }

    /** So is the initial list of its watch: every set as it is now, from one list of the sets behind it. */
    @Test
    void theWatchOfARemotePortsServerInFrontOfThisReaderListsTheSetsFromOneListOfTheServerBehindIt() {
        lists.badDecodesEveryOtherList = true;
        List<String> seen = new CopyOnWriteArrayList<>();
        try (RemotePortsServer front = front(); RemotePorts client = RemotePorts.connect(ClientSettings.plaintext(front.target()), CallPolicy.defaults())) {
            client.ports().clusterEvents().subscribe(new ClusterEvents.Handler() {
                @Override
                public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
                    seen.add("set " + newSet.name());
                }

                @Override
                public void statefulSetUndecodable(ObjectKey key) {
                    seen.add("undecodable " + key.name());
                }

                @Override
                public void podChanged(Pod oldPod, Pod newPod) {
                }
            });
            Eventually.until(Duration.ofSeconds(20), "the front's watch to sync", client.ports().clusterEvents()::hasSynced);

            assertThat(seen).containsExactly("set web", "undecodable bad", "undecodable other");
            assertThat(lists.setLists).hasValue(1);
        }
    }

    /** What one list, the server's first, answers when bad decodes on every other list: bad undecodable beside the others. */
    private void assertReadFromTheFirstList(StatefulSetList listed) {
        assertThat(listed.undecodable()).extracting(u -> u.metadata().name()).containsExactly("bad", "other");
        assertThat(listed.decoded()).extracting(StatefulSet::name).containsExactly("web");
        assertThat(lists.setLists).hasValue(1);
    }

    /** A remote-ports server whose reader is this one (its other ports an in-memory cluster's). */
    private RemotePortsServer front() {
        PortSet others = InMemory.ports(InMemoryCluster.create());
        return new RemotePortsServer(new PortSet(reader, others.clusterEvents(), others.pods(), others.claims(), others.revisions(),
                others.status(), others.events()));
    }

    /** Each list: one object that decodes, then one that does not. */
    private static final class Lists extends ClusterReaderServiceGrpc.ClusterReaderServiceImplBase {

        private volatile String askedController;
        /** How many times the sets were listed. */
        private final AtomicInteger setLists = new AtomicInteger();
        /** Whether bad decodes on every second list of the sets (a change between two lists); if not, it never does. */
        private volatile boolean badDecodesEveryOtherList;
        /** What GetStatefulSetObject answers for db. */
        private volatile String db;

        private static void answer(StreamObserver<ListObjectsResponse> out, String good) {
            out.onNext(ListObjectsResponse.newBuilder()
                    .addObjects(KubeObject.newBuilder().setJson(good))
                    .addObjects(KubeObject.newBuilder().setJson(MALFORMED))
                    .build());
            out.onCompleted();
        }

        private static String meta(String name) {
            return "\"metadata\":{\"name\":\"" + name + "\",\"namespace\":\"default\",\"uid\":\"" + name + "-uid\"}";
        }

        /** Beside the two objects, a set the server could not decode (or, on every second list if so told, decoded). */
        @Override
        public void listStatefulSetObjects(ListObjectsRequest request, StreamObserver<ListObjectsResponse> out) {
            ListObjectsResponse.Builder response = ListObjectsResponse.newBuilder()
                    .addObjects(KubeObject.newBuilder().setJson(set("web")))
                    .addObjects(KubeObject.newBuilder().setJson(MALFORMED));
            if (setLists.incrementAndGet() % 2 == 0 && badDecodesEveryOtherList) {
                response.addObjects(KubeObject.newBuilder().setJson(set("bad")));
            } else {
                response.addUndecodableStatefulSets(UndecodableStatefulSet.newBuilder()
                        .setRef(ObjectRef.newBuilder().setNamespace("default").setName("bad")).setUid("bad-uid").setResourceVersion("3")
                        .setReason("spec.replicas: refused by the server's codec"));
            }
            out.onNext(response.build());
            out.onCompleted();
        }

        private static String set(String name) {
            return "{" + meta(name) + ",\"spec\":{\"selector\":{\"matchLabels\":{\"app\":\"" + name + "\"}}}}";
        }

        @Override
        public void getStatefulSetObject(GetStatefulSetObjectRequest request, StreamObserver<GetStatefulSetObjectResponse> out) {
            GetStatefulSetObjectResponse.Builder response = GetStatefulSetObjectResponse.newBuilder();
            if (request.getRef().getName().equals(DB.name()) && db != null) {
                response.setStatefulSet(KubeObject.newBuilder().setJson(db));
            }
            out.onNext(response.build());
            out.onCompleted();
        }

        @Override
        public void listPods(ListObjectsRequest request, StreamObserver<ListObjectsResponse> out) {
            answer(out, "{\"metadata\":{\"name\":\"web-0\",\"namespace\":\"default\",\"uid\":\"p\",\"ownerReferences\":[{\"apiVersion\":\"apps/v1\","
                    + "\"kind\":\"StatefulSet\",\"name\":\"web\",\"uid\":\"set-uid\",\"controller\":true}]},\"spec\":{}}");
        }

        @Override
        public void listClaims(ListObjectsRequest request, StreamObserver<ListObjectsResponse> out) {
            askedController = request.getControllerUid();
            answer(out, "{" + meta("www-web-0") + ",\"spec\":{}}");
        }

        @Override
        public void listRevisions(ListObjectsRequest request, StreamObserver<ListObjectsResponse> out) {
            answer(out, "{" + meta("web-1") + ",\"data\":{},\"revision\":1}");
        }
    }
}
