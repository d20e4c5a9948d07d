package dev.stateful.grpc.remote.client;

import dev.stateful.domain.model.StatefulSet;
import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.ReadStatefulSetRequest;
import dev.stateful.grpc.v1.ReadStatefulSetResponse;
import dev.stateful.grpc.v1.StatusWriterServiceGrpc.StatusWriterServiceBlockingStub;
import dev.stateful.grpc.v1.UpdateStatusRequest;
import dev.stateful.ports.StatusWriter;
import java.util.Optional;

/** {@link StatusWriter} by calling a remote {@code StatusWriterService}. */
final class GrpcStatusWriter implements StatusWriter {

    private final StatusWriterServiceBlockingStub stub;
    private final RemoteCalls calls;

    GrpcStatusWriter(StatusWriterServiceBlockingStub stub, RemoteCalls calls) {
        this.stub = stub;
        this.calls = calls;
    }

    @Override
    public StatefulSet updateStatus(StatefulSet set) {
        return Replies.statefulSet(calls.call(stub, "update status of " + set.key(), s -> s.updateStatus(
                UpdateStatusRequest.newBuilder().setStatefulSet(KubeObjects.of(set)).build()).getStatefulSet()));
    }

    @Override
    public Optional<StatefulSet> get(String namespace, String name) {
        ReadStatefulSetResponse response = calls.call(stub, "read statefulset " + name, s -> s.readStatefulSet(
                ReadStatefulSetRequest.newBuilder().setRef(ObjectRef.newBuilder().setNamespace(namespace).setName(name)).build()));
        return response.hasStatefulSet() ? Optional.of(Replies.statefulSet(response.getStatefulSet())) : Optional.empty();
    }
}
