package dev.stateful.domain.storage;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.Fixtures;
import java.util.List;

/** Builders shaped like the objects upstream's utils tests put together by hand. */
final class StorageFixtures {

    static final String RETAIN = RetentionPolicy.RETAIN_VALUE;
    static final String DELETE = RetentionPolicy.DELETE_VALUE;

    private StorageFixtures() {
    }

    /** A set like {@code Fixtures.statefulSet} (template {@code www}) with the given identity, size and policy. */
    static StatefulSet set(String name, String uid, int replicas, RetentionPolicy policy) {
        StatefulSet set = Fixtures.statefulSet(name, replicas);
        return set.withMetadata(set.metadata().withUid(uid)).withSpec(set.spec().withRetentionPolicy(policy));
    }

    static RetentionPolicy policy(String whenScaled, String whenDeleted) {
        return new RetentionPolicy(whenDeleted, whenScaled);
    }

    /** A bare pod with only a name and a UID, as upstream's ownership tests build them. */
    static Pod pod(String name, String uid) {
        return new Pod(ObjectMeta.named("default", name).withUid(uid), null, null);
    }

    /** {@code newStatefulSetPod}: template spec, identity and storage of ordinal {@code ordinal}. */
    static Pod newStatefulSetPod(StatefulSet set, int ordinal) {
        Pod pod = new Pod(ObjectMeta.named(set.namespace(), PodIdentity.podName(set, ordinal)), set.spec().templateSpec(), null);
        return PodClaims.updateStorage(set, PodIdentity.initIdentity(set, pod));
    }

    static PersistentVolumeClaim claim(String name, List<OwnerReference> refs) {
        return new PersistentVolumeClaim(ObjectMeta.named("default", name).withOwnerReferences(refs), null, null);
    }

    static PersistentVolumeClaim claim(String name, OwnerReference... refs) {
        return claim(name, List.of(refs));
    }

    static OwnerReference ref(String apiVersion, String kind, String name, String uid, Boolean controller) {
        return new OwnerReference(apiVersion, kind, name, uid, controller, null);
    }
}
