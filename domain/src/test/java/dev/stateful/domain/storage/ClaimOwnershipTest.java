package dev.stateful.domain.storage;

import static dev.stateful.domain.storage.StorageFixtures.DELETE;
import static dev.stateful.domain.storage.StorageFixtures.RETAIN;
import static dev.stateful.domain.storage.StorageFixtures.claim;
import static dev.stateful.domain.storage.StorageFixtures.policy;
import static dev.stateful.domain.storage.StorageFixtures.pod;
import static dev.stateful.domain.storage.StorageFixtures.ref;
import static dev.stateful.domain.storage.StorageFixtures.set;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.storage.ClaimOwnership.DesiredOwners;
import dev.stateful.domain.storage.ClaimOwnership.Owner;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** KEP-1847: retention policy owner references, mirroring upstream's utils tests. */
class ClaimOwnershipTest {

    private static final RetentionPolicy[] NOT_RETAIN_ALL = {policy(DELETE, RETAIN), policy(RETAIN, DELETE), policy(DELETE, DELETE)};

    @Nested
    class MatchesRef {

        static Stream<Arguments> cases() {
            return Stream.of(
                    Arguments.of("full match", ref("v1", "Pod", "fred", "abc", null), Owner.pod("fred", "abc"), true),
                    Arguments.of("the UID is not compared", ref("v1", "Pod", "fred", "abc", null), Owner.pod("fred", "not-matching"), true),
                    Arguments.of("another name does not match", ref("v1", "Pod", "fred", "abc", null), Owner.pod("joan", "abc"), false),
                    Arguments.of("another group version does not match", ref("beta2", "Pod", "fred", "abc", null), Owner.pod("fred", "abc"), false),
                    Arguments.of("another kind does not match", ref("v1", "Set", "fred", "abc", null), Owner.pod("fred", "abc"), false));
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("cases")
        void matchesOnApiVersionKindAndName(String rule, OwnerReference ref, Owner owner, boolean matches) {
            assertThat(ClaimOwnership.matchesRef(ref, owner)).isEqualTo(matches);
        }
    }

    @Nested
    class HasOwnerRef {

        private final PersistentVolumeClaim target = claim("target",
                ref("", "", "", "123", true), ref("", "", "", "456", false), ref("", "", "", "789", null));

        @Test
        void anyReferenceWithTheOwnersUidCountsWhateverItsControllerFlag() {
            assertThat(ClaimOwnership.hasOwnerRef(target, Owner.pod("x", "123"))).isTrue();
            assertThat(ClaimOwnership.hasOwnerRef(target, Owner.pod("x", "456"))).isTrue();
            assertThat(ClaimOwnership.hasOwnerRef(target, Owner.pod("x", "789"))).isTrue();
        }

        @Test
        void anotherUidIsNoReference() {
            assertThat(ClaimOwnership.hasOwnerRef(target, Owner.pod("x", "012"))).isFalse();
        }
    }

    @Nested
    class HasStaleOwnerRef {

        private final PersistentVolumeClaim target = claim("target",
                ref("v1", "Pod", "bob", "123", null), ref("v1", "Pod", "shirley", "456", null));

        @Test
        void aRefWithTheOwnersNameAndUidIsNotStale() {
            assertThat(ClaimOwnership.hasStaleOwnerRef(target, Owner.pod("bob", "123"))).isFalse();
        }

        @Test
        void aRefWithTheOwnersNameButAnotherUidIsStale() {
            assertThat(ClaimOwnership.hasStaleOwnerRef(target, Owner.pod("shirley", "789"))).isTrue();
        }

        @Test
        void noRefNamingTheOwnerIsNotStale() {
            assertThat(ClaimOwnership.hasStaleOwnerRef(target, Owner.pod("yvonne", "345"))).isFalse();
        }

        @Test
        void onlyTheFirstRefNamingTheOwnerIsLookedAt() {
            PersistentVolumeClaim twoRefs = claim("target", ref("v1", "Pod", "bob", "123", null), ref("v1", "Pod", "bob", "old", null));
            assertThat(ClaimOwnership.hasStaleOwnerRef(twoRefs, Owner.pod("bob", "123"))).isFalse();
            assertThat(ClaimOwnership.hasStaleOwnerRef(twoRefs, Owner.pod("bob", "old"))).isTrue();
        }
    }

    @Nested
    class HasUnexpectedController {

        private final StatefulSet set = set("set", "set-uid", 1, RetentionPolicy.RETAIN);
        private final Pod pod = pod("pod", "pod-uid");

        static Stream<Arguments> cases() {
            return Stream.of(
                    Arguments.of("custom controller", List.of(ref("chipmunks/v1", "CustomController", "simon", "other-uid", true)), true),
                    Arguments.of("custom non-controller", List.of(ref("chipmunks/v1", "CustomController", "simon", "other-uid", false)), false),
                    Arguments.of("custom unspecified controller", List.of(ref("chipmunks/v1", "CustomController", "simon", "other-uid", null)), false),
                    Arguments.of("other pod controller", List.of(ref("v1", "Pod", "simon", "other-uid", true)), true),
                    Arguments.of("other set controller", List.of(ref("apps/v1", "Set", "simon", "other-uid", true)), true),
                    Arguments.of("own set controller", List.of(ref("apps/v1", "StatefulSet", "set", "set-uid", true)), false),
                    Arguments.of("own set controller, stale uid", List.of(ref("apps/v1", "StatefulSet", "set", "stale-uid", true)), true),
                    Arguments.of("own set non-controller, stale uid", List.of(ref("apps/v1", "StatefulSet", "set", "stale-uid", null)), true),
                    Arguments.of("own pod controller", List.of(ref("v1", "Pod", "pod", "pod-uid", true)), false),
                    Arguments.of("own pod controller, stale uid", List.of(ref("v1", "Pod", "pod", "stale-uid", true)), true),
                    Arguments.of("own controller and another", List.of(
                            ref("v1", "Pod", "pod", "pod-uid", true), ref("chipmunks/v1", "CustomController", "simon", "other-uid", true)), true),
                    Arguments.of("own controller and a non-controller", List.of(
                            ref("v1", "Pod", "pod", "pod-uid", true), ref("chipmunks/v1", "CustomController", "simon", "other-uid", false)), false));
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("cases")
        void anyControllerIsAllowedUnderRetainRetain(String name, List<OwnerReference> refs, boolean unexpected) {
            assertThat(ClaimOwnership.hasUnexpectedController(claim("c", refs), set, pod)).isFalse();
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("cases")
        void otherwiseAForeignControllerOrARefToAnotherIncarnationIsUnexpected(String name, List<OwnerReference> refs, boolean unexpected) {
            for (RetentionPolicy policy : NOT_RETAIN_ALL) {
                StatefulSet withPolicy = set.withSpec(set.spec().withRetentionPolicy(policy));
                assertThat(ClaimOwnership.hasUnexpectedController(claim("c", refs), withPolicy, pod)).as("%s", policy).isEqualTo(unexpected);
            }
        }

        @Test
        void anUnknownPolicyValueDoesNotDisableTheCheck() {
            StatefulSet bogus = set.withSpec(set.spec().withRetentionPolicy(policy("Bogus", RETAIN)));
            assertThat(ClaimOwnership.hasUnexpectedController(claim("c", ref("v1", "Pod", "simon", "x", true)), bogus, pod)).isTrue();
        }
    }

    @Nested
    class NonController {

        private final StatefulSet set = set("set", "set", 1, RetentionPolicy.RETAIN);
        private final Pod pod = pod("pod", "pod");

        static Stream<Arguments> cases() {
            return Stream.of(
                    Arguments.of("set and pod controller", List.of(ref("v1", "Pod", "pod", "pod", true), ref("apps/v1", "Set", "set", "set", true)), false),
                    Arguments.of("set controller, pod noncontroller", List.of(ref("v1", "Pod", "pod", "pod", null), ref("apps/v1", "Set", "set", "set", true)), true),
                    Arguments.of("set noncontroller, pod controller", List.of(ref("v1", "Pod", "pod", "pod", true), ref("apps/v1", "Set", "set", "set", null)), true),
                    Arguments.of("set controller", List.of(ref("apps/v1", "Set", "set", "set", true)), false),
                    Arguments.of("pod controller", List.of(ref("v1", "Pod", "pod", "pod", true)), false),
                    Arguments.of("nothing", List.of(), false),
                    Arguments.of("set noncontroller", List.of(ref("apps/v1", "Set", "set", "set", null)), true),
                    Arguments.of("set noncontroller with explicit false", List.of(ref("apps/v1", "Set", "set", "set", false)), true),
                    Arguments.of("pod noncontroller (matched by UID, whatever the kind)", List.of(ref("v1", "pod", "pod", "pod", null)), true),
                    Arguments.of("other noncontroller", List.of(ref("v1", "pod", "pod", "not-matching", null)), false));
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("cases")
        void aRefWithTheSetsOrPodsUidMustBeAController(String name, List<OwnerReference> refs, boolean nonController) {
            assertThat(ClaimOwnership.hasNonControllerOwner(claim("c", refs), set, pod)).isEqualTo(nonController);
        }
    }

    @Nested
    class DesiredOwnersTable {

        static Stream<Arguments> table() {
            return Stream.of(
                    Arguments.of(RETAIN, RETAIN, false, new DesiredOwners(false, false)),
                    Arguments.of(RETAIN, RETAIN, true, new DesiredOwners(false, false)),
                    Arguments.of(RETAIN, DELETE, false, new DesiredOwners(true, false)),
                    Arguments.of(RETAIN, DELETE, true, new DesiredOwners(true, false)),
                    Arguments.of(DELETE, RETAIN, false, new DesiredOwners(false, false)),
                    Arguments.of(DELETE, RETAIN, true, new DesiredOwners(false, true)),
                    Arguments.of(DELETE, DELETE, false, new DesiredOwners(true, false)),
                    Arguments.of(DELETE, DELETE, true, new DesiredOwners(false, true)),
                    Arguments.of("Bogus", DELETE, true, new DesiredOwners(false, false)),
                    Arguments.of(DELETE, "Bogus", true, new DesiredOwners(false, false)));
        }

        @ParameterizedTest(name = "whenScaled={0} whenDeleted={1} condemned={2} -> {3}")
        @MethodSource("table")
        void followsTheRetentionTableAndTreatsUnknownValuesAsRetain(String whenScaled, String whenDeleted, boolean condemned, DesiredOwners expected) {
            StatefulSet set = set("web", "web-uid", 2, policy(whenScaled, whenDeleted));
            assertThat(ClaimOwnership.desiredOwners(set, pod(condemned ? "web-2" : "web-1", "p"))).isEqualTo(expected);
        }

        @Test
        void aPodBelowTheStartOrdinalIsCondemned() {
            StatefulSet set = set("web", "web-uid", 2, policy(DELETE, RETAIN));
            set = set.withSpec(set.spec().withOrdinals(new dev.stateful.domain.model.Ordinals(3)));
            assertThat(ClaimOwnership.desiredOwners(set, pod("web-2", "p"))).isEqualTo(new DesiredOwners(false, true));
            assertThat(ClaimOwnership.desiredOwners(set, pod("web-4", "p"))).isEqualTo(new DesiredOwners(false, false));
        }
    }

    @Nested
    class IsClaimOwnerUpToDate {

        record Case(String name, String whenScaled, String whenDeleted, boolean needsPodRef, boolean needsSetRef, int replicas, int ordinal) {
        }

        static final List<Case> CASES = List.of(
                new Case("retain", RETAIN, RETAIN, false, false, 0, 0),
                new Case("on SS delete", RETAIN, DELETE, false, true, 0, 0),
                new Case("on scaledown only, condemned", DELETE, RETAIN, true, false, 2, 2),
                new Case("on scaledown only, remains", DELETE, RETAIN, false, false, 2, 1),
                new Case("on both, condemned", DELETE, DELETE, true, false, 2, 2),
                new Case("on both, remains", DELETE, DELETE, false, true, 2, 1));

        static Stream<Arguments> variations() {
            List<Arguments> out = new ArrayList<>();
            for (Case c : CASES) {
                for (boolean otherRefs : new boolean[] {false, true}) {
                    for (boolean podRef : new boolean[] {false, true}) {
                        for (boolean setRef : new boolean[] {false, true}) {
                            out.add(Arguments.of(c, podRef, setRef, otherRefs));
                        }
                    }
                }
            }
            return out.stream();
        }

        @ParameterizedTest(name = "{0} podRef={1} setRef={2} otherRefs={3}")
        @MethodSource("variations")
        void upToDateExactlyWhenTheSetAndPodRefsAreThoseThePolicyWants(Case c, boolean podRef, boolean setRef, boolean otherRefs) {
            Pod pod = pod("pod-" + c.ordinal(), "pod-123");
            StatefulSet set = set("stateful-set", "ss-456", c.replicas(), policy(c.whenScaled(), c.whenDeleted()));
            List<OwnerReference> refs = new ArrayList<>();
            if (podRef) {
                refs.add(Owner.of(pod).controllerRef());
            }
            if (setRef) {
                refs.add(Owner.of(set).controllerRef());
            }
            if (otherRefs) {
                refs.add(ref("v1", "Pod", "rand1", "rand1-uid", null));
                refs.add(ref("v1", "Pod", "rand2", "rand2-uid", null));
            }
            boolean expected = podRef == c.needsPodRef() && setRef == c.needsSetRef();

            assertThat(ClaimOwnership.isClaimOwnerUpToDate(claim("target-claim", refs), set, pod)).isEqualTo(expected);
        }
    }

    @Nested
    class ClaimOwnerUpToDateEdgeCases {

        static Stream<Arguments> cases() {
            RetentionPolicy both = policy(DELETE, DELETE);
            RetentionPolicy onSetDelete = policy(RETAIN, DELETE);
            return Stream.of(
                    Arguments.of("normal controller, pod", List.of(ref("v1", "Pod", "pod-1", "pod-123", true)), both, true),
                    Arguments.of("non-controller causes policy mismatch, pod", List.of(ref("v1", "Pod", "pod-1", "pod-123", null)), both, false),
                    Arguments.of("stale controller does not affect policy, pod", List.of(ref("v1", "Pod", "pod-1", "pod-stale", true)), both, true),
                    Arguments.of("unexpected controller causes policy mismatch, pod", List.of(
                            ref("v1", "Pod", "pod-1", "pod-123", true), ref("v1", "Pod", "Random", "random", true)), both, false),
                    Arguments.of("normal controller, set", List.of(ref("apps/v1", "StatefulSet", "stateful-set", "ss-456", true)), onSetDelete, true),
                    Arguments.of("non-controller causes policy mismatch, set", List.of(ref("appsv1", "StatefulSet", "stateful-set", "ss-456", null)), onSetDelete, false),
                    Arguments.of("stale controller ignored, set", List.of(ref("apps/v1", "StatefulSet", "stateful-set", "set-stale", true)), onSetDelete, true),
                    Arguments.of("unexpected controller causes policy mismatch, set", List.of(
                            ref("apps/v1", "StatefulSet", "stateful-set", "ss-456", true), ref("apps/v1", "StatefulSet", "Random", "random", true)),
                            onSetDelete, false),
                    Arguments.of("a foreign controller alone is left in charge", List.of(ref("custom/v1", "Thing", "x", "x-uid", true)), both, true));
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("cases")
        void edgeCase(String name, List<OwnerReference> refs, RetentionPolicy policy, boolean upToDate) {
            StatefulSet set = set("stateful-set", "ss-456", 1, policy);
            assertThat(ClaimOwnership.isClaimOwnerUpToDate(claim("target-claim", refs), set, pod("pod-1", "pod-123"))).isEqualTo(upToDate);
        }

        @Test
        void anUnknownPolicyWantsNoRefsLikeRetain() {
            StatefulSet set = set("stateful-set", "ss-456", 1, policy("Bogus", "Bogus"));
            Pod pod = pod("pod-1", "pod-123");
            assertThat(ClaimOwnership.isClaimOwnerUpToDate(claim("c"), set, pod)).isTrue();
            assertThat(ClaimOwnership.isClaimOwnerUpToDate(claim("c", Owner.of(set).controllerRef()), set, pod)).isFalse();
        }
    }

    @Nested
    class UpdateClaimOwnerRefForSetAndPod {

        record Case(String name, String whenScaled, String whenDeleted, boolean condemned, boolean needsPodRef, boolean needsSetRef) {
        }

        /** The retention table of {@code isClaimOwnerUpToDate}, all four policies for an in-range and a condemned pod. */
        static final List<Case> TABLE = List.of(
                new Case("retain, in range", RETAIN, RETAIN, false, false, false),
                new Case("retain, condemned", RETAIN, RETAIN, true, false, false),
                new Case("delete with set, in range", RETAIN, DELETE, false, false, true),
                new Case("delete with set, condemned", RETAIN, DELETE, true, false, true),
                new Case("delete on scaledown, in range", DELETE, RETAIN, false, false, false),
                new Case("delete on scaledown, condemned", DELETE, RETAIN, true, true, false),
                new Case("delete on both, in range", DELETE, DELETE, false, false, true),
                new Case("delete on both, condemned", DELETE, DELETE, true, true, false));

        static Stream<Arguments> variations() {
            List<Arguments> out = new ArrayList<>();
            for (Case c : TABLE) {
                for (int v = 0; v < 8; v++) {
                    out.add(Arguments.of(c, (v & 1) != 0, (v & 2) != 0, (v & 4) != 0));
                }
            }
            return out.stream();
        }

        private static PersistentVolumeClaim claimWith(StatefulSet set, Pod pod, boolean podRef, boolean setRef, boolean extraOwner, OwnerReference... more) {
            List<OwnerReference> refs = new ArrayList<>();
            if (podRef) {
                refs.add(Owner.of(pod).controllerRef());
            }
            if (setRef) {
                refs.add(Owner.of(set).controllerRef());
            }
            if (extraOwner) {
                refs.add(ref("custom/v1", "random", "random", "abc", null));
            }
            refs.addAll(List.of(more));
            return claim("claim", refs);
        }

        @ParameterizedTest(name = "{0} podRef={1} setRef={2} extraOwner={3}")
        @MethodSource("variations")
        void resultingControllerRefsFollowTheTable(Case c, boolean podRef, boolean setRef, boolean extraOwner) {
            StatefulSet set = set("ss", "ss-123", 5, policy(c.whenScaled(), c.whenDeleted()));
            Pod pod = pod(c.condemned() ? "pod-8" : "pod-1", "pod-456");

            PersistentVolumeClaim updated = ClaimOwnership.updateClaimOwnerRefForSetAndPod(claimWith(set, pod, podRef, setRef, extraOwner), set, pod);

            assertThat(controllerRefTo(updated, Owner.of(pod))).isEqualTo(c.needsPodRef());
            assertThat(controllerRefTo(updated, Owner.of(set))).isEqualTo(c.needsSetRef());
            if (extraOwner) {
                assertThat(updated.metadata().ownerReferences()).contains(ref("custom/v1", "random", "random", "abc", null));
            }
            assertThat(ClaimOwnership.isClaimOwnerUpToDate(updated, set, pod)).isTrue();
        }

        @ParameterizedTest(name = "{0} podRef={1} setRef={2} extraOwner={3}")
        @MethodSource("variations")
        void aForeignControllerSuppressesOursUnlessEverythingIsRetained(Case c, boolean podRef, boolean setRef, boolean extraOwner) {
            StatefulSet set = set("ss", "ss-123", 5, policy(c.whenScaled(), c.whenDeleted()));
            Pod pod = pod(c.condemned() ? "pod-8" : "pod-1", "pod-456");
            OwnerReference foreign = ref("custom/v1", "Unknown", "unknown", "xyz", true);

            PersistentVolumeClaim updated = ClaimOwnership.updateClaimOwnerRefForSetAndPod(
                    claimWith(set, pod, podRef, setRef, extraOwner, foreign), set, pod);

            // Our refs are scrubbed and none added (under Retain/Retain none are wanted anyway).
            assertThat(ClaimOwnership.hasOwnerRef(updated, Owner.of(pod))).isFalse();
            assertThat(ClaimOwnership.hasOwnerRef(updated, Owner.of(set))).isFalse();
            assertThat(updated.metadata().ownerReferences()).contains(foreign);
            assertThat(ClaimOwnership.isClaimOwnerUpToDate(updated, set, pod)).isTrue();
        }

        @Test
        void addedRefsAreControllersThatBlockOwnerDeletion() {
            StatefulSet set = set("ss", "ss-123", 5, policy(DELETE, DELETE));
            Pod condemned = pod("ss-8", "pod-456");
            assertThat(ClaimOwnership.updateClaimOwnerRefForSetAndPod(claim("c"), set, condemned).metadata().ownerReferences())
                    .containsExactly(new OwnerReference("v1", "Pod", "ss-8", "pod-456", true, true));
            assertThat(ClaimOwnership.updateClaimOwnerRefForSetAndPod(claim("c"), set, pod("ss-1", "pod-1")).metadata().ownerReferences())
                    .containsExactly(new OwnerReference("apps/v1", "StatefulSet", "ss", "ss-123", true, true));
        }

        @Test
        void leavesEverythingButTheOwnerReferencesAlone() {
            StatefulSet set = set("ss", "ss-123", 5, policy(RETAIN, DELETE));
            PersistentVolumeClaim claim = PodClaims.claimsFor(set, 1).get("www");
            PersistentVolumeClaim updated = ClaimOwnership.updateClaimOwnerRefForSetAndPod(claim, set, pod("ss-1", "pod-1"));
            assertThat(updated.withMetadata(updated.metadata().withOwnerReferences(List.of()))).isEqualTo(claim);
        }
    }

    @Nested
    class UpdateClaimControllerRef {

        private final StatefulSet set = set("sts", "123", 1, policy(DELETE, DELETE));
        private final Pod pod = pod("pod-0", "456");
        private final OwnerReference ourRef = new OwnerReference("apps/v1", "StatefulSet", "sts", "123", true, true);

        static Stream<Arguments> cases() {
            return Stream.of(
                    Arguments.of("set correctly: kept, other refs kept",
                            List.of(ref("apps/v1", "StatefulSet", "sts", "123", true), ref("someone", "Else", "foo", "", null)),
                            List.of(ref("someone", "Else", "foo", "", null), new OwnerReference("apps/v1", "StatefulSet", "sts", "123", true, true))),
                    Arguments.of("missing controller flag: upgraded to controller",
                            List.of(ref("apps/v1", "StatefulSet", "sts", "123", null)),
                            List.of(new OwnerReference("apps/v1", "StatefulSet", "sts", "123", true, true))),
                    Arguments.of("matching name but another kind: ours added next to it",
                            List.of(ref("someone", "else", "sts", "456", null)),
                            List.of(ref("someone", "else", "sts", "456", null), new OwnerReference("apps/v1", "StatefulSet", "sts", "123", true, true))),
                    Arguments.of("not present: added",
                            List.of(),
                            List.of(new OwnerReference("apps/v1", "StatefulSet", "sts", "123", true, true))),
                    Arguments.of("controller but no UID: stale, dropped and not replaced",
                            List.of(ref("apps/v1", "StatefulSet", "sts", "", true)),
                            List.of()),
                    Arguments.of("neither controller nor UID: stale, dropped and not replaced",
                            List.of(ref("apps/v1", "StatefulSet", "sts", "", null)),
                            List.of()));
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("cases")
        void fixesTheSetsControllerRef(String name, List<OwnerReference> original, List<OwnerReference> expected) {
            PersistentVolumeClaim updated = ClaimOwnership.updateClaimOwnerRefForSetAndPod(claim("c", original), set, pod);
            assertThat(updated.metadata().ownerReferences()).containsExactlyElementsOf(expected);
        }

        @Test
        void anExistingRefWithTheSameUidPreventsAddingOurs() {
            // addControllerRef looks at UIDs only: a foreign-kind ref that happens to carry the set's UID counts.
            PersistentVolumeClaim claim = claim("c", ref("other/v1", "Thing", "thing", "123", null));
            assertThat(ClaimOwnership.updateClaimOwnerRefForSetAndPod(claim, set, pod).metadata().ownerReferences())
                    .containsExactly(ref("other/v1", "Thing", "thing", "123", null))
                    .doesNotContain(ourRef);
        }
    }

    private static boolean controllerRefTo(PersistentVolumeClaim claim, Owner owner) {
        return claim.metadata().ownerReferences().stream()
                .filter(ref -> ref.uid().equals(owner.uid()))
                .findFirst()
                .map(ref -> ref.isController() && Boolean.TRUE.equals(ref.blockOwnerDeletion()))
                .orElse(false);
    }
}
