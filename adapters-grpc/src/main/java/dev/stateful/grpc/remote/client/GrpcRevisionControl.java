package dev.stateful.grpc.remote.client;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.remote.OwnerRefs;
import dev.stateful.grpc.v1.AdoptRevisionRequest;
import dev.stateful.grpc.v1.CreateRevisionRequest;
import dev.stateful.grpc.v1.DeleteRevisionRequest;
import dev.stateful.grpc.v1.GetRevisionRequest;
import dev.stateful.grpc.v1.GetRevisionResponse;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.RevisionControlServiceGrpc.RevisionControlServiceBlockingStub;
import dev.stateful.grpc.v1.UpdateRevisionRequest;
import dev.stateful.ports.RevisionControl;
import java.util.Optional;

/** {@link RevisionControl} by calling a remote {@code RevisionControlService}. */
final class GrpcRevisionControl implements RevisionControl {

    private final RevisionControlServiceBlockingStub stub;
    private final RemoteCalls calls;

    GrpcRevisionControl(RevisionControlServiceBlockingStub stub, RemoteCalls calls) {
        this.stub = stub;
        this.calls = calls;
    }

    @Override
    public ControllerRevision create(ControllerRevision revision) {
        return Replies.revision(calls.call(stub, "create revision " + revision.name(),
                s -> s.createRevision(CreateRevisionRequest.newBuilder().setRevision(KubeObjects.of(revision)).build()).getRevision()));
    }

    @Override
    public Optional<ControllerRevision> get(String namespace, String name) {
        GetRevisionResponse response = calls.call(stub, "get revision " + name, s -> s.getRevision(GetRevisionRequest.newBuilder()
                .setRef(ObjectRef.newBuilder().setNamespace(namespace).setName(name)).build()));
        return response.hasRevision() ? Optional.of(Replies.revision(response.getRevision())) : Optional.empty();
    }

    @Override
    public ControllerRevision update(ControllerRevision revision) {
        return Replies.revision(calls.call(stub, "update revision " + revision.name(),
                s -> s.updateRevision(UpdateRevisionRequest.newBuilder().setRevision(KubeObjects.of(revision)).build()).getRevision()));
    }

    @Override
    public void delete(String namespace, String name) {
        calls.call(stub, "delete revision " + name, s -> s.deleteRevision(DeleteRevisionRequest.newBuilder()
                .setRef(ObjectRef.newBuilder().setNamespace(namespace).setName(name)).build()));
    }

    @Override
    public ControllerRevision adopt(ControllerRevision revision, OwnerReference ref) {
        return Replies.revision(calls.call(stub, "adopt revision " + revision.name(), s -> s.adoptRevision(AdoptRevisionRequest.newBuilder()
                .setRevision(KubeObjects.of(revision)).setOwner(OwnerRefs.of(ref)).build()).getRevision()));
    }
}
