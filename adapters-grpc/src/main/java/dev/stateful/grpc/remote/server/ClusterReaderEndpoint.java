package dev.stateful.grpc.remote.server;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.remote.UndecodableSets;
import dev.stateful.grpc.v1.ClusterReaderServiceGrpc;
import dev.stateful.grpc.v1.GetClaimRequest;
import dev.stateful.grpc.v1.GetClaimResponse;
import dev.stateful.grpc.v1.GetPodRequest;
import dev.stateful.grpc.v1.GetPodResponse;
import dev.stateful.grpc.v1.GetStatefulSetObjectRequest;
import dev.stateful.grpc.v1.GetStatefulSetObjectResponse;
import dev.stateful.grpc.v1.KubeObject;
import dev.stateful.grpc.v1.ListObjectsRequest;
import dev.stateful.grpc.v1.ListObjectsResponse;
import dev.stateful.ports.ClusterReader;
import dev.stateful.ports.StatefulSetList;
import dev.stateful.ports.StatefulSetRead;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.function.Function;

/** {@code ClusterReaderService} over a {@link ClusterReader}. */
final class ClusterReaderEndpoint extends ClusterReaderServiceGrpc.ClusterReaderServiceImplBase {

    private final ClusterReader reader;

    ClusterReaderEndpoint(ClusterReader reader) {
        this.reader = reader;
    }

    @Override
    public void getStatefulSetObject(GetStatefulSetObjectRequest request, StreamObserver<GetStatefulSetObjectResponse> out) {
        Unary.answer(out, () -> {
            GetStatefulSetObjectResponse.Builder response = GetStatefulSetObjectResponse.newBuilder();
            ObjectKey key = new ObjectKey(request.getRef().getNamespace(), request.getRef().getName());
            StatefulSetRead read = reader.statefulSetRead(key);
            read.decoded().ifPresent(s -> response.setStatefulSet(KubeObjects.of(s)));
            read.undecodable().ifPresent(u -> response.setUndecodable(UndecodableSets.of(u)));
            return response.build();
        });
    }

    /**
     * The sets the caches decoded (of an undecodable one, the last state that was) and, beside them, the
     * undecodable ones, of one read ({@link ClusterReader#statefulSetList}): behind a reader that is
     * itself a client of the remote ports, one list call.
     */
    @Override
    public void listStatefulSetObjects(ListObjectsRequest request, StreamObserver<ListObjectsResponse> out) {
        Unary.answer(out, () -> {
            StatefulSetList sets = reader.statefulSetList(request.getNamespace());
            return list(sets.decoded(), KubeObjects::of).toBuilder()
                    .addAllUndecodableStatefulSets(sets.undecodable().stream().map(UndecodableSets::of).toList())
                    .build();
        });
    }

    @Override
    public void listPods(ListObjectsRequest request, StreamObserver<ListObjectsResponse> out) {
        Unary.answer(out, () -> list(reader.pods(request.getNamespace()), KubeObjects::of));
    }

    @Override
    public void getPod(GetPodRequest request, StreamObserver<GetPodResponse> out) {
        Unary.answer(out, () -> {
            GetPodResponse.Builder response = GetPodResponse.newBuilder();
            reader.pod(request.getRef().getNamespace(), request.getRef().getName()).ifPresent(p -> response.setPod(KubeObjects.of(p)));
            return response.build();
        });
    }

    @Override
    public void getClaim(GetClaimRequest request, StreamObserver<GetClaimResponse> out) {
        Unary.answer(out, () -> {
            GetClaimResponse.Builder response = GetClaimResponse.newBuilder();
            reader.claim(request.getRef().getNamespace(), request.getRef().getName()).ifPresent(c -> response.setClaim(KubeObjects.of(c)));
            return response.build();
        });
    }

    @Override
    public void listClaims(ListObjectsRequest request, StreamObserver<ListObjectsResponse> out) {
        Unary.answer(out, () -> list(request.getControllerUid().isEmpty() ? reader.claims(request.getNamespace())
                : reader.claimsControlledBy(request.getNamespace(), request.getControllerUid()), KubeObjects::of));
    }

    @Override
    public void listRevisions(ListObjectsRequest request, StreamObserver<ListObjectsResponse> out) {
        Unary.answer(out, () -> list(reader.revisions(request.getNamespace()), KubeObjects::of));
    }

    private static <T> ListObjectsResponse list(List<T> objects, Function<T, KubeObject> encode) {
        return ListObjectsResponse.newBuilder().addAllObjects(objects.stream().map(encode).toList()).build();
    }
}
