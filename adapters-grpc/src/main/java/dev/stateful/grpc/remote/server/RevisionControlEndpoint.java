package dev.stateful.grpc.remote.server;

import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.remote.OwnerRefs;
import dev.stateful.grpc.v1.AdoptRevisionRequest;
import dev.stateful.grpc.v1.AdoptRevisionResponse;
import dev.stateful.grpc.v1.CreateRevisionRequest;
import dev.stateful.grpc.v1.CreateRevisionResponse;
import dev.stateful.grpc.v1.DeleteRevisionRequest;
import dev.stateful.grpc.v1.DeleteRevisionResponse;
import dev.stateful.grpc.v1.GetRevisionRequest;
import dev.stateful.grpc.v1.GetRevisionResponse;
import dev.stateful.grpc.v1.RevisionControlServiceGrpc;
import dev.stateful.grpc.v1.UpdateRevisionRequest;
import dev.stateful.grpc.v1.UpdateRevisionResponse;
import dev.stateful.ports.RevisionControl;
import io.grpc.stub.StreamObserver;

/** {@code RevisionControlService} over a {@link RevisionControl}. */
final class RevisionControlEndpoint extends RevisionControlServiceGrpc.RevisionControlServiceImplBase {

    private final RevisionControl revisions;

    RevisionControlEndpoint(RevisionControl revisions) {
        this.revisions = revisions;
    }

    @Override
    public void createRevision(CreateRevisionRequest request, StreamObserver<CreateRevisionResponse> out) {
        Unary.answer(out, () -> CreateRevisionResponse.newBuilder()
                .setRevision(KubeObjects.of(revisions.create(KubeObjects.revision(request.getRevision(), "revision")))).build());
    }

    @Override
    public void getRevision(GetRevisionRequest request, StreamObserver<GetRevisionResponse> out) {
        Unary.answer(out, () -> {
            GetRevisionResponse.Builder response = GetRevisionResponse.newBuilder();
            revisions.get(request.getRef().getNamespace(), request.getRef().getName()).ifPresent(r -> response.setRevision(KubeObjects.of(r)));
            return response.build();
        });
    }

    @Override
    public void updateRevision(UpdateRevisionRequest request, StreamObserver<UpdateRevisionResponse> out) {
        Unary.answer(out, () -> UpdateRevisionResponse.newBuilder()
                .setRevision(KubeObjects.of(revisions.update(KubeObjects.revision(request.getRevision(), "revision")))).build());
    }

    @Override
    public void deleteRevision(DeleteRevisionRequest request, StreamObserver<DeleteRevisionResponse> out) {
        Unary.answer(out, () -> {
            revisions.delete(request.getRef().getNamespace(), request.getRef().getName());
            return DeleteRevisionResponse.getDefaultInstance();
        });
    }

    @Override
    public void adoptRevision(AdoptRevisionRequest request, StreamObserver<AdoptRevisionResponse> out) {
        Unary.answer(out, () -> AdoptRevisionResponse.newBuilder().setRevision(KubeObjects.of(
                revisions.adopt(KubeObjects.revision(request.getRevision(), "revision"), OwnerRefs.of(request.getOwner())))).build());
    }
}
