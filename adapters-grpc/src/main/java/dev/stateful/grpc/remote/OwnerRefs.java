package dev.stateful.grpc.remote;

import dev.stateful.domain.model.OwnerReference;
import dev.stateful.grpc.v1.OwnerRef;

/** Owner references on the wire; an absent controller/blockOwnerDeletion travels as false. */
public final class OwnerRefs {

    private OwnerRefs() {
    }

    public static OwnerRef of(OwnerReference ref) {
        return OwnerRef.newBuilder().setApiVersion(ref.apiVersion()).setKind(ref.kind()).setName(ref.name()).setUid(ref.uid())
                .setController(Boolean.TRUE.equals(ref.controller()))
                .setBlockOwnerDeletion(Boolean.TRUE.equals(ref.blockOwnerDeletion()))
                .build();
    }

    public static OwnerReference of(OwnerRef ref) {
        return new OwnerReference(ref.getApiVersion(), ref.getKind(), ref.getName(), ref.getUid(), ref.getController(), ref.getBlockOwnerDeletion());
    }
}
