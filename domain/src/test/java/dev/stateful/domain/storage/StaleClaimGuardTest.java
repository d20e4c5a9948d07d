package dev.stateful.domain.storage;

import static dev.stateful.domain.storage.StorageFixtures.DELETE;
import static dev.stateful.domain.storage.StorageFixtures.RETAIN;
import static dev.stateful.domain.storage.StorageFixtures.claim;
import static dev.stateful.domain.storage.StorageFixtures.policy;
import static dev.stateful.domain.storage.StorageFixtures.ref;
import static dev.stateful.domain.storage.StorageFixtures.set;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.storage.ClaimOwnership.Owner;
import dev.stateful.domain.testing.Fixtures;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code PodClaimIsStale} (KEP-1847): scaling back up must not create
 * {@code x-2} while its old claim, owned by the deleted {@code x-2} (or by a deleted earlier
 * {@code x}), waits for the garbage collector, whatever the retention policy says now.
 */
class StaleClaimGuardTest {

    private static final OwnerReference OLD_POD_REF = new OwnerReference("v1", "Pod", "x-2", "old-pod-uid", true, true);

    private static StatefulSet x(RetentionPolicy policy) {
        StatefulSet set = set("x", "x-uid", 3, policy);
        return set.withSpec(set.spec().withVolumeClaimTemplates(List.of(Fixtures.claimTemplate("www"), Fixtures.claimTemplate("logs"))));
    }

    static Stream<Arguments> cases() {
        RetentionPolicy scaledDelete = policy(DELETE, RETAIN);
        StatefulSet set = x(scaledDelete);
        return Stream.of(
                Arguments.of("claim owned by the deleted pod is stale", scaledDelete, List.of(claim("www-x-2", OLD_POD_REF)), true),
                Arguments.of("also under Delete/Delete", policy(DELETE, DELETE), List.of(claim("www-x-2", OLD_POD_REF)), true),
                Arguments.of("any template's claim can be the stale one", scaledDelete,
                        List.of(claim("www-x-2"), claim("logs-x-2", OLD_POD_REF)), true),
                Arguments.of("a non-controller ref naming the pod is stale too", scaledDelete,
                        List.of(claim("www-x-2", ref("v1", "Pod", "x-2", "old-pod-uid", null))), true),
                // stricter than upstream: the garbage collector deletes the claim whatever the policy says now
                Arguments.of("whenScaled=Retain (switched after a scale-down): still stale", policy(RETAIN, DELETE),
                        List.of(claim("www-x-2", OLD_POD_REF)), true),
                Arguments.of("Retain/Retain: still stale", RetentionPolicy.RETAIN, List.of(claim("www-x-2", OLD_POD_REF)), true),
                Arguments.of("claim owned by an earlier incarnation of the set is stale", RetentionPolicy.RETAIN,
                        List.of(claim("www-x-2", new OwnerReference("apps/v1", "StatefulSet", "x", "old-set-uid", true, true))), true),
                Arguments.of("a ref to another set does not count", scaledDelete,
                        List.of(claim("www-x-2", new OwnerReference("apps/v1", "StatefulSet", "y", "y-uid", true, true))), false),
                Arguments.of("no claims yet", scaledDelete, List.of(), false),
                Arguments.of("claim owned by the set only", scaledDelete, List.of(claim("www-x-2", Owner.of(set).controllerRef())), false),
                Arguments.of("claim without owners (e.g. pre-policy) is reused", scaledDelete, List.of(claim("www-x-2")), false),
                Arguments.of("a ref to another pod does not count", scaledDelete,
                        List.of(claim("www-x-2", new OwnerReference("v1", "Pod", "x-1", "x-1-uid", true, true))), false),
                Arguments.of("the stale claim of another ordinal does not count", scaledDelete,
                        List.of(claim("www-x-1", new OwnerReference("v1", "Pod", "x-1", "old", true, true))), false),
                Arguments.of("a ref naming the pod without a UID equals the placeholder's empty UID", scaledDelete,
                        List.of(claim("www-x-2", ref("v1", "Pod", "x-2", "", true))), false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void staleClaimBlocksCreatingThePod(String rule, RetentionPolicy policy, List<PersistentVolumeClaim> store, boolean stale) {
        assertThat(ClaimOwnership.podClaimIsStale(x(policy), 2, PodClaims.lookup(store))).isEqualTo(stale);
    }
}
