package dev.stateful.grpc.remote.server;

import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.remote.OwnerRefs;
import dev.stateful.grpc.v1.AdoptPodRequest;
import dev.stateful.grpc.v1.AdoptPodResponse;
import dev.stateful.grpc.v1.CreatePodRequest;
import dev.stateful.grpc.v1.CreatePodResponse;
import dev.stateful.grpc.v1.DeletePodRequest;
import dev.stateful.grpc.v1.DeletePodResponse;
import dev.stateful.grpc.v1.PodControlServiceGrpc;
import dev.stateful.grpc.v1.ReleasePodRequest;
import dev.stateful.grpc.v1.ReleasePodResponse;
import dev.stateful.grpc.v1.UpdatePodRequest;
import dev.stateful.grpc.v1.UpdatePodResponse;
import dev.stateful.ports.PodControl;
import io.grpc.stub.StreamObserver;

/** {@code PodControlService} over a {@link PodControl}. */
final class PodControlEndpoint extends PodControlServiceGrpc.PodControlServiceImplBase {

    private final PodControl pods;

    PodControlEndpoint(PodControl pods) {
        this.pods = pods;
    }

    @Override
    public void createPod(CreatePodRequest request, StreamObserver<CreatePodResponse> out) {
        Unary.answer(out, () -> CreatePodResponse.newBuilder()
                .setPod(KubeObjects.of(pods.create(KubeObjects.pod(request.getPod(), "pod")))).build());
    }

    @Override
    public void updatePod(UpdatePodRequest request, StreamObserver<UpdatePodResponse> out) {
        Unary.answer(out, () -> UpdatePodResponse.newBuilder()
                .setPod(KubeObjects.of(pods.update(KubeObjects.pod(request.getPod(), "pod")))).build());
    }

    @Override
    public void deletePod(DeletePodRequest request, StreamObserver<DeletePodResponse> out) {
        Unary.answer(out, () -> {
            pods.delete(request.getRef().getNamespace(), request.getRef().getName(), request.getUid());
            return DeletePodResponse.getDefaultInstance();
        });
    }

    @Override
    public void adoptPod(AdoptPodRequest request, StreamObserver<AdoptPodResponse> out) {
        Unary.answer(out, () -> AdoptPodResponse.newBuilder()
                .setPod(KubeObjects.of(pods.adopt(KubeObjects.pod(request.getPod(), "pod"), OwnerRefs.of(request.getOwner())))).build());
    }

    @Override
    public void releasePod(ReleasePodRequest request, StreamObserver<ReleasePodResponse> out) {
        Unary.answer(out, () -> ReleasePodResponse.newBuilder()
                .setPod(KubeObjects.of(pods.release(KubeObjects.pod(request.getPod(), "pod"), request.getOwnerUid()))).build());
    }
}
