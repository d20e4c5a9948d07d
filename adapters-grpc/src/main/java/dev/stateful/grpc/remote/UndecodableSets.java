package dev.stateful.grpc.remote;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.SetKind;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.UndecodableStatefulSet;
import dev.stateful.ports.UndecodableSet;

/** Undecodable sets on the wire: identity, kind and the decoder's reason, as {@link UndecodableSet} carries them. */
public final class UndecodableSets {

    private UndecodableSets() {
    }

    public static UndecodableStatefulSet of(UndecodableSet set) {
        ObjectMeta meta = set.metadata();
        return UndecodableStatefulSet.newBuilder().setRef(ref(ObjectKey.of(meta)))
                .setUid(nonNull(meta.uid())).setResourceVersion(nonNull(meta.resourceVersion()))
                .setApiVersion(set.kind().apiVersion()).setKind(set.kind().kind())
                .setReason(nonNull(set.reason()))
                .build();
    }

    /** A set known by its key alone (one deleted while undecodable). */
    public static UndecodableStatefulSet of(ObjectKey key) {
        return UndecodableStatefulSet.newBuilder().setRef(ref(key)).build();
    }

    public static UndecodableSet of(UndecodableStatefulSet set) {
        return new UndecodableSet(new SetKind(set.getApiVersion(), set.getKind()),
                ObjectMeta.named(set.getRef().getNamespace(), set.getRef().getName())
                        .withUid(set.getUid()).withResourceVersion(set.getResourceVersion()),
                set.getReason());
    }

    public static ObjectKey key(UndecodableStatefulSet set) {
        return new ObjectKey(set.getRef().getNamespace(), set.getRef().getName());
    }

    private static ObjectRef ref(ObjectKey key) {
        return ObjectRef.newBuilder().setNamespace(key.namespace()).setName(key.name()).build();
    }

    private static String nonNull(String value) {
        return value == null ? "" : value;
    }
}
