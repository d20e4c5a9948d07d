package dev.stateful.grpc.remote.client;

import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.v1.ClaimControlServiceGrpc.ClaimControlServiceBlockingStub;
import dev.stateful.grpc.v1.CreateClaimRequest;
import dev.stateful.grpc.v1.GetClaimRequest;
import dev.stateful.grpc.v1.GetClaimResponse;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.UpdateClaimRequest;
import dev.stateful.ports.ClaimControl;
import java.util.Optional;

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

    @Override
    public Optional<PersistentVolumeClaim> read(String namespace, String name) {
        GetClaimResponse response = calls.call(stub, "read claim " + name, s -> s.readClaim(GetClaimRequest.newBuilder()
                .setRef(ObjectRef.newBuilder().setNamespace(namespace).setName(name)).build()));
        return response.hasClaim() ? Optional.of(Replies.claim(response.getClaim())) : Optional.empty();
    }
}
