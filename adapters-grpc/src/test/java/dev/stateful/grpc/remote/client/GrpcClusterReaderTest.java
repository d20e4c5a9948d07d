package dev.stateful.grpc.remote.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.grpc.runtime.ServerSettings;
import dev.stateful.grpc.testing.InProcessServer;
import dev.stateful.grpc.v1.ClusterReaderServiceGrpc;
import dev.stateful.grpc.v1.KubeObject;
import dev.stateful.grpc.v1.ListObjectsRequest;
import dev.stateful.grpc.v1.ListObjectsResponse;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The reader over a remote-ports server written by someone else: what it sends is input, and one
 * malformed object of a list (a pod of some other workload with a label whose value is a number)
 * is left out rather than failing the whole list, and with it every set of the namespace.
 */
class GrpcClusterReaderTest {

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

    /** Each list: one object that decodes, then one that does not. */
    private static final class Lists extends ClusterReaderServiceGrpc.ClusterReaderServiceImplBase {

        private volatile String askedController;

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

        @Override
        public void listStatefulSetObjects(ListObjectsRequest request, StreamObserver<ListObjectsResponse> out) {
            answer(out, "{" + meta("web") + ",\"spec\":{\"selector\":{\"matchLabels\":{\"app\":\"nginx\"}}}}");
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
