package dev.stateful.grpc.remote.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.grpc.runtime.ServerSettings;
import dev.stateful.grpc.testing.InProcessServer;
import dev.stateful.grpc.v1.ClusterReaderServiceGrpc;
import dev.stateful.grpc.v1.GetStatefulSetObjectRequest;
import dev.stateful.grpc.v1.GetStatefulSetObjectResponse;
import dev.stateful.grpc.v1.KubeObject;
import dev.stateful.grpc.v1.ListObjectsRequest;
import dev.stateful.grpc.v1.ListObjectsResponse;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.UndecodableStatefulSet;
import dev.stateful.ports.StatefulSetRead;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.List;
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

    /** Each list: one object that decodes, then one that does not. */
    private static final class Lists extends ClusterReaderServiceGrpc.ClusterReaderServiceImplBase {

        private volatile String askedController;
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

        /** Beside the two objects, a set the server could not decode. */
        @Override
        public void listStatefulSetObjects(ListObjectsRequest request, StreamObserver<ListObjectsResponse> out) {
            out.onNext(ListObjectsResponse.newBuilder()
                    .addObjects(KubeObject.newBuilder().setJson("{" + meta("web") + ",\"spec\":{\"selector\":{\"matchLabels\":{\"app\":\"nginx\"}}}}"))
                    .addObjects(KubeObject.newBuilder().setJson(MALFORMED))
                    .addUndecodableStatefulSets(UndecodableStatefulSet.newBuilder()
                            .setRef(ObjectRef.newBuilder().setNamespace("default").setName("bad")).setUid("bad-uid").setResourceVersion("3")
                            .setReason("spec.replicas: refused by the server's codec"))
                    .build());
            out.onCompleted();
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
