package dev.stateful.grpc.remote.server;

import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.v1.ReadStatefulSetRequest;
import dev.stateful.grpc.v1.ReadStatefulSetResponse;
import dev.stateful.grpc.v1.StatusWriterServiceGrpc;
import dev.stateful.grpc.v1.UpdateStatusRequest;
import dev.stateful.grpc.v1.UpdateStatusResponse;
import dev.stateful.ports.StatusWriter;
import io.grpc.stub.StreamObserver;

/** {@code StatusWriterService} over a {@link StatusWriter}. */
final class StatusWriterEndpoint extends StatusWriterServiceGrpc.StatusWriterServiceImplBase {

    private final StatusWriter status;

    StatusWriterEndpoint(StatusWriter status) {
        this.status = status;
    }

    @Override
    public void updateStatus(UpdateStatusRequest request, StreamObserver<UpdateStatusResponse> out) {
        Unary.answer(out, () -> UpdateStatusResponse.newBuilder()
                .setStatefulSet(KubeObjects.of(status.updateStatus(KubeObjects.statefulSet(request.getStatefulSet(), "stateful_set")))).build());
    }

    @Override
    public void readStatefulSet(ReadStatefulSetRequest request, StreamObserver<ReadStatefulSetResponse> out) {
        Unary.answer(out, () -> {
            ReadStatefulSetResponse.Builder response = ReadStatefulSetResponse.newBuilder();
            status.get(request.getRef().getNamespace(), request.getRef().getName()).ifPresent(s -> response.setStatefulSet(KubeObjects.of(s)));
            return response.build();
        });
    }
}
