package dev.stateful.domain.storage;

import static dev.stateful.domain.storage.StorageFixtures.DELETE;
import static dev.stateful.domain.storage.StorageFixtures.RETAIN;
import static dev.stateful.domain.storage.StorageFixtures.claim;
import static dev.stateful.domain.storage.StorageFixtures.policy;
import static dev.stateful.domain.storage.StorageFixtures.pod;
import static dev.stateful.domain.storage.StorageFixtures.set;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.Ordinals;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.SeededRuns;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random policies, in-range and condemned pods and random pre-existing owner references: the
 * controller's claim fix ({@code isClaimOwnerUpToDate} then {@code updateClaimOwnerRefForSetAndPod})
 * converges to the retention table (KEP-1847) unless another controller or a previous incarnation owns the
 * claim, in which case it backs off. The oracle below is written independently of the implementation.
 * Reproduce a failure with {@code -Dstateful.seed=<printed seed>}.
 */
class ClaimOwnershipPropertyTest {

    private static final int RUNS = 20_000;
    private static final String SET_UID = "web-uid";
    private static final String POD_UID = "pod-uid";

    /** One random world: a set, one of its pods and a claim of that pod. */
    record World(StatefulSet set, Pod pod, PersistentVolumeClaim claim) {
    }

    @Test
    void ownerRefFixConvergesToThePolicyTableOrBacksOff() {
        SeededRuns.check(0x5707A6EL, RUNS, ClaimOwnershipPropertyTest::generate, ClaimOwnershipPropertyTest::checkProperties, String::valueOf);
    }

    private static void checkProperties(World w) {
        StatefulSet set = w.set();
        Pod pod = w.pod();
        PersistentVolumeClaim claim = w.claim();
        List<OwnerReference> original = claim.metadata().ownerReferences();
        boolean retainAll = RETAIN.equals(set.spec().retentionPolicyOrDefault().whenScaled())
                && RETAIN.equals(set.spec().retentionPolicyOrDefault().whenDeleted());
        boolean anyStale = original.stream().anyMatch(ref -> isOurs(ref, set, pod) && !ref.uid().equals(ownUid(ref, set)));
        boolean foreignController = original.stream().anyMatch(ref -> !isOurs(ref, set, pod) && Boolean.TRUE.equals(ref.controller()));

        assertThat(ClaimOwnership.isClaimOwnerUpToDate(claim, set, pod)).as("up to date per the rules of 1.7")
                .isEqualTo(expectedUpToDate(original, set, pod, retainAll, anyStale, foreignController));

        PersistentVolumeClaim updated = ClaimOwnership.updateClaimOwnerRefForSetAndPod(claim, set, pod);
        List<OwnerReference> result = updated.metadata().ownerReferences();

        // Other owners' references are never touched and keep their order.
        assertThat(result.stream().filter(ref -> !isOurs(ref, set, pod)).toList())
                .isEqualTo(original.stream().filter(ref -> !isOurs(ref, set, pod)).toList());
        // Whatever of ours remains is a fresh controller reference with the right UID.
        assertThat(result.stream().filter(ref -> isOurs(ref, set, pod)))
                .allSatisfy(ref -> {
                    assertThat(ref.uid()).isEqualTo(ownUid(ref, set));
                    assertThat(ref.controller()).isTrue();
                    assertThat(ref.blockOwnerDeletion()).isTrue();
                });

        if (retainAll || (!anyStale && !foreignController)) {
            boolean[] wanted = oracle(set, pod);
            assertThat(hasRefTo(result, "StatefulSet")).as("set ref").isEqualTo(wanted[0]);
            assertThat(hasRefTo(result, "Pod")).as("pod ref").isEqualTo(wanted[1]);
            assertThat(ClaimOwnership.isClaimOwnerUpToDate(updated, set, pod)).as("up to date after update").isTrue();
        } else {
            // Another controller or a previous incarnation: scrub ours, add nothing.
            assertThat(result.stream().noneMatch(ref -> isOurs(ref, set, pod))).as("no refs of ours").isTrue();
            if (foreignController) {
                assertThat(ClaimOwnership.isClaimOwnerUpToDate(updated, set, pod)).as("left to the other controller").isTrue();
            }
        }

        // A claim whose first ref naming the set or pod has another UID is never written.
        if (firstMatchIsStale(original, set, pod)) {
            assertThat(ClaimOwnership.isClaimOwnerUpToDate(claim, set, pod)).as("stale claim reported up to date").isTrue();
            assertThat(ClaimOwnership.retentionUpdate(set, pod, PodClaims.lookup(List.of(claim))).claimsToUpdate()).isEmpty();
        }

        // The controller's step (fix only when not up to date) reaches a fixed point within two syncs.
        PersistentVolumeClaim twice = step(step(claim, set, pod), set, pod);
        assertThat(step(twice, set, pod)).isEqualTo(twice);
    }

    /** isClaimOwnerUpToDate spelled out: stale first-match, unexpected controller, non-controller, table. */
    private static boolean expectedUpToDate(List<OwnerReference> refs, StatefulSet set, Pod pod, boolean retainAll, boolean anyStale,
            boolean foreignController) {
        boolean setRef = refs.stream().anyMatch(ref -> ref.uid().equals(SET_UID));
        boolean podRef = refs.stream().anyMatch(ref -> ref.uid().equals(POD_UID));
        if (firstMatchIsStale(refs, set, pod)) {
            return true;
        }
        if (!retainAll && (anyStale || foreignController)) {
            return !setRef && !podRef;
        }
        boolean nonController = refs.stream()
                .anyMatch(ref -> (ref.uid().equals(SET_UID) || ref.uid().equals(POD_UID)) && !Boolean.TRUE.equals(ref.controller()));
        if (nonController) {
            return false;
        }
        boolean[] wanted = oracle(set, pod);
        return setRef == wanted[0] && podRef == wanted[1];
    }

    private static PersistentVolumeClaim step(PersistentVolumeClaim claim, StatefulSet set, Pod pod) {
        return ClaimOwnership.isClaimOwnerUpToDate(claim, set, pod) ? claim : ClaimOwnership.updateClaimOwnerRefForSetAndPod(claim, set, pod);
    }

    /** The KEP-1847 retention table written out: {wantSetRef, wantPodRef}; unknown values behave as Retain/Retain. */
    private static boolean[] oracle(StatefulSet set, Pod pod) {
        String scaled = set.spec().retentionPolicyOrDefault().whenScaled();
        String deleted = set.spec().retentionPolicyOrDefault().whenDeleted();
        int ordinal = Integer.parseInt(pod.name().substring(pod.name().lastIndexOf('-') + 1));
        int start = set.spec().startOrdinal();
        boolean condemned = ordinal < start || ordinal >= start + set.spec().replicasOrDefault();
        String key = scaled + "/" + deleted;
        switch (key) {
            case "Retain/Delete":
                return new boolean[] {true, false};
            case "Delete/Retain":
                return new boolean[] {false, condemned};
            case "Delete/Delete":
                return new boolean[] {!condemned, condemned};
            default:
                return new boolean[] {false, false};
        }
    }

    private static boolean isOurs(OwnerReference ref, StatefulSet set, Pod pod) {
        return ("apps/v1".equals(ref.apiVersion()) && "StatefulSet".equals(ref.kind()) && set.name().equals(ref.name()))
                || ("v1".equals(ref.apiVersion()) && "Pod".equals(ref.kind()) && pod.name().equals(ref.name()));
    }

    private static String ownUid(OwnerReference ref, StatefulSet set) {
        return "StatefulSet".equals(ref.kind()) ? SET_UID : POD_UID;
    }

    private static boolean hasRefTo(List<OwnerReference> refs, String kind) {
        return refs.stream().anyMatch(ref -> kind.equals(ref.kind()) && ref.uid().equals("StatefulSet".equals(kind) ? SET_UID : POD_UID));
    }

    private static boolean firstMatchIsStale(List<OwnerReference> refs, StatefulSet set, Pod pod) {
        for (String kind : new String[] {"StatefulSet", "Pod"}) {
            for (OwnerReference ref : refs) {
                if (kind.equals(ref.kind()) && isOurs(ref, set, pod)) {
                    if (!ref.uid().equals(ownUid(ref, set))) {
                        return true;
                    }
                    break;
                }
            }
        }
        return false;
    }

    private static World generate(Random random) {
        String[] values = {RETAIN, DELETE, RETAIN, DELETE, "Bogus"};
        StatefulSet set = set("web", SET_UID, random.nextInt(5),
                policy(values[random.nextInt(values.length)], values[random.nextInt(values.length)]));
        if (random.nextBoolean()) {
            set = set.withSpec(set.spec().withOrdinals(new Ordinals(random.nextInt(3))));
        }
        Pod pod = pod("web-" + random.nextInt(8), POD_UID);
        List<OwnerReference> refs = new ArrayList<>();
        int count = random.nextInt(5);
        for (int i = 0; i < count; i++) {
            refs.add(randomRef(random, set, pod, i));
        }
        return new World(set, pod, claim("www-" + pod.name(), refs));
    }

    private static OwnerReference randomRef(Random random, StatefulSet set, Pod pod, int i) {
        Boolean controller = new Boolean[] {null, false, true}[random.nextInt(3)];
        Boolean block = new Boolean[] {null, false, true}[random.nextInt(3)];
        String staleUid = random.nextBoolean() ? "old-" + i : "";
        switch (random.nextInt(6)) {
            case 0:
                return new OwnerReference("apps/v1", "StatefulSet", set.name(), SET_UID, controller, block);
            case 1:
                return new OwnerReference("v1", "Pod", pod.name(), POD_UID, controller, block);
            case 2:
                return new OwnerReference("apps/v1", "StatefulSet", set.name(), staleUid, controller, block);
            case 3:
                return new OwnerReference("v1", "Pod", pod.name(), staleUid, controller, block);
            default:
                // Foreign owners never share our UIDs; some share our name or kind.
                String[][] shapes = {{"v1", "Pod", "web-99"}, {"apps/v1", "StatefulSet", "other"}, {"apps/v1", "Set", "web"},
                        {"custom/v1", "Thing", pod.name()}, {"apps/v2", "StatefulSet", "web"}};
                String[] shape = shapes[random.nextInt(shapes.length)];
                return new OwnerReference(shape[0], shape[1], shape[2], "foreign-" + i, controller, block);
        }
    }
}
