package dev.stateful.grpc.remote;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.SetKind;
import dev.stateful.grpc.convert.Summaries;
import dev.stateful.grpc.v1.UndecodableStatefulSet;
import dev.stateful.ports.UndecodableSet;

/** Undecodable sets on the wire: identity, kind and the decoder's reason, as {@link UndecodableSet} carries them. */
public final class UndecodableSets {

    private UndecodableSets() {
    }

    public static UndecodableStatefulSet of(UndecodableSet set) {
        ObjectMeta meta = set.metadata();
        return UndecodableStatefulSet.newBuilder().setRef(Summaries.ref(ObjectKey.of(meta)))
                .setUid(Summaries.nullToEmpty(meta.uid())).setResourceVersion(Summaries.nullToEmpty(meta.resourceVersion()))
                .setApiVersion(set.kind().apiVersion()).setKind(set.kind().kind())
                .setReason(Summaries.nullToEmpty(set.reason()))
                .build();
    }

    /** A set known by its key alone (one deleted while undecodable). */
    public static UndecodableStatefulSet of(ObjectKey key) {
        return UndecodableStatefulSet.newBuilder().setRef(Summaries.ref(key)).build();
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
}
