package dev.stateful.grpc.remote.client;

import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.remote.OwnerRefs;
import dev.stateful.grpc.v1.AdoptPodRequest;
import dev.stateful.grpc.v1.CreatePodRequest;
import dev.stateful.grpc.v1.DeletePodRequest;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.PodControlServiceGrpc.PodControlServiceBlockingStub;
import dev.stateful.grpc.v1.ReleasePodRequest;
import dev.stateful.grpc.v1.UpdatePodRequest;
import dev.stateful.ports.PodControl;

/** {@link PodControl} by calling a remote {@code PodControlService}. */
final class GrpcPodControl implements PodControl {

    private final PodControlServiceBlockingStub stub;
    private final RemoteCalls calls;

    GrpcPodControl(PodControlServiceBlockingStub stub, RemoteCalls calls) {
        this.stub = stub;
        this.calls = calls;
    }

    @Override
    public Pod create(Pod pod) {
        return Replies.pod(calls.call(stub, "create pod " + pod.name(),
                s -> s.createPod(CreatePodRequest.newBuilder().setPod(KubeObjects.of(pod)).build()).getPod()));
    }

    @Override
    public Pod update(Pod pod) {
        return Replies.pod(calls.call(stub, "update pod " + pod.name(),
                s -> s.updatePod(UpdatePodRequest.newBuilder().setPod(KubeObjects.of(pod)).build()).getPod()));
    }

    @Override
    public void delete(String namespace, String name, String uid) {
        calls.call(stub, "delete pod " + name, s -> s.deletePod(DeletePodRequest.newBuilder()
                .setRef(ObjectRef.newBuilder().setNamespace(namespace).setName(name)).setUid(uid == null ? "" : uid).build()));
    }

    @Override
    public Pod adopt(Pod pod, OwnerReference ref) {
        return Replies.pod(calls.call(stub, "adopt pod " + pod.name(), s -> s.adoptPod(AdoptPodRequest.newBuilder()
                .setPod(KubeObjects.of(pod)).setOwner(OwnerRefs.of(ref)).build()).getPod()));
    }

    @Override
    public Pod release(Pod pod, String ownerUid) {
        return Replies.pod(calls.call(stub, "release pod " + pod.name(), s -> s.releasePod(ReleasePodRequest.newBuilder()
                .setPod(KubeObjects.of(pod)).setOwnerUid(ownerUid).build()).getPod()));
    }
}
