package dev.stateful.grpc.remote.client;

import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.v1.ClaimControlServiceGrpc.ClaimControlServiceBlockingStub;
import dev.stateful.grpc.v1.CreateClaimRequest;
import dev.stateful.grpc.v1.UpdateClaimRequest;
import dev.stateful.ports.ClaimControl;

/** {@link ClaimControl} by calling a remote {@code ClaimControlService}. */
final class GrpcClaimControl implements ClaimControl {

    private final ClaimControlServiceBlockingStub stub;
    private final RemoteCalls calls;

    GrpcClaimControl(ClaimControlServiceBlockingStub stub, RemoteCalls calls) {
        this.stub = stub;
        this.calls = calls;
    }

    @Override
    public PersistentVolumeClaim create(PersistentVolumeClaim claim) {
        return Replies.claim(calls.call(stub, "create claim " + claim.name(),
                s -> s.createClaim(CreateClaimRequest.newBuilder().setClaim(KubeObjects.of(claim)).build()).getClaim()));
    }

    @Override
    public PersistentVolumeClaim update(PersistentVolumeClaim claim) {
        return Replies.claim(calls.call(stub, "update claim " + claim.name(),
                s -> s.updateClaim(UpdateClaimRequest.newBuilder().setClaim(KubeObjects.of(claim)).build()).getClaim()));
    }
}
