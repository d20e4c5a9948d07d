package dev.stateful.ports.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.ports.UndecodableSet;
import dev.stateful.ports.testing.ListedCaches;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A sync of a set whose latest state the caches could not decode: a Warning event naming the
 * problem once per version, nothing written, and a normal sync once a version decodes.
 */
class UndecodableSetSyncTest {

    static final ObjectKey WEB = new ObjectKey("default", "web");
    static final String REASON = "spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: 3000000000: must fit in a 32-bit integer";

    final FakePorts ports = new FakePorts();
    final Caches caches = new Caches();
    final StatefulSetReconciler reconciler = new StatefulSetReconciler(caches, ports, ports, ports, ports.status, ports,
            Clock.fixed(Fixtures.T0, ZoneOffset.UTC), Runnable::run, ReconcileListener.NONE);

    /** The informer caches, and the set whose latest state they could not decode. */
    static final class Caches extends ListedCaches {
        Optional<UndecodableSet> undecodable = Optional.empty();

        @Override
        public Optional<UndecodableSet> undecodableStatefulSet(ObjectKey key) {
            return undecodable.filter(u -> ObjectKey.of(u.metadata()).equals(key));
        }
    }

    static UndecodableSet undecodable(String resourceVersion) {
        return new UndecodableSet(SetKind.STATEFUL_DEV, ObjectMeta.named("default", "web").withUid("web-uid").withResourceVersion(resourceVersion),
                REASON);
    }

    @Test
    void each_version_is_reported_once_with_what_the_decoder_refused_and_nothing_is_written() {
        caches.undecodable = Optional.of(undecodable("7"));

        SyncResult first = reconciler.sync(WEB);
        reconciler.sync(WEB); // a resync, or a relist of the same version

        assertThat(ports.events).containsExactly("Warning FailedValidation: invalid StatefulSet: " + REASON);
        assertThat(first.succeeded()).isTrue();
        assertThat(first.plan()).isEmpty();
        assertThat(ports.calls).isEmpty();

        caches.undecodable = Optional.of(undecodable("8"));
        reconciler.sync(WEB);

        assertThat(ports.events).hasSize(2);
    }

    @Test
    void the_last_state_that_decoded_is_not_synced_meanwhile_and_the_first_that_decodes_is() {
        StatefulSet decoded = Fixtures.parallel(Fixtures.statefulSet("web", 2));
        caches.sets.add(decoded);
        caches.undecodable = Optional.of(undecodable("7"));

        reconciler.sync(WEB);

        assertThat(ports.calls).isEmpty();

        caches.undecodable = Optional.empty();
        reconciler.sync(WEB);

        assertThat(ports.calls).contains("pods.create web-0", "pods.create web-1");
    }

    @Test
    void a_set_fixed_or_deleted_is_forgotten_so_that_a_version_undecodable_again_is_reported_again() {
        caches.undecodable = Optional.of(undecodable("7"));
        reconciler.sync(WEB);

        caches.undecodable = Optional.empty(); // deleted: neither decoded nor undecodable
        reconciler.sync(WEB);
        caches.undecodable = Optional.of(undecodable("7")); // the same version again (a restored backup, say)
        reconciler.sync(WEB);

        assertThat(ports.events).hasSize(2);
    }
}
