package dev.stateful.grpc.remote.server;

import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.v1.ClaimControlServiceGrpc;
import dev.stateful.grpc.v1.CreateClaimRequest;
import dev.stateful.grpc.v1.CreateClaimResponse;
import dev.stateful.grpc.v1.GetClaimRequest;
import dev.stateful.grpc.v1.GetClaimResponse;
import dev.stateful.grpc.v1.UpdateClaimRequest;
import dev.stateful.grpc.v1.UpdateClaimResponse;
import dev.stateful.ports.ClaimControl;
import io.grpc.stub.StreamObserver;

/** {@code ClaimControlService} over a {@link ClaimControl}. */
final class ClaimControlEndpoint extends ClaimControlServiceGrpc.ClaimControlServiceImplBase {

    private final ClaimControl claims;

    ClaimControlEndpoint(ClaimControl claims) {
        this.claims = claims;
    }

    @Override
    public void createClaim(CreateClaimRequest request, StreamObserver<CreateClaimResponse> out) {
        Unary.answer(out, () -> CreateClaimResponse.newBuilder()
                .setClaim(KubeObjects.of(claims.create(KubeObjects.claim(request.getClaim(), "claim")))).build());
    }

    @Override
    public void updateClaim(UpdateClaimRequest request, StreamObserver<UpdateClaimResponse> out) {
        Unary.answer(out, () -> UpdateClaimResponse.newBuilder()
                .setClaim(KubeObjects.of(claims.update(KubeObjects.claim(request.getClaim(), "claim")))).build());
    }

    @Override
    public void readClaim(GetClaimRequest request, StreamObserver<GetClaimResponse> out) {
        Unary.answer(out, () -> {
            GetClaimResponse.Builder response = GetClaimResponse.newBuilder();
            claims.read(request.getRef().getNamespace(), request.getRef().getName()).ifPresent(c -> response.setClaim(KubeObjects.of(c)));
            return response.build();
        });
    }
}
