package dev.stateful.ports.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.sync.Operation;
import dev.stateful.domain.sync.PodRepair;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.ports.ApiException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Pod and claim writes and the events upstream's {@code StatefulPodControl} records for them. */
class StatefulPodControlTest {

    private final StatefulSet set = Fixtures.statefulSet("web", 3);
    private final FakePorts ports = new FakePorts();
    /** What the pod cache shows, by name; a conflicting pod update reads it again from here. */
    private final Map<String, Pod> cache = new HashMap<>();
    private final List<Duration> waits = new ArrayList<>();
    private final StatefulPodControl control = new StatefulPodControl(ports, ports, ports,
            (namespace, name) -> Optional.ofNullable(cache.get(name)), waits::add);
    private final OwnWrites ownWrites = OwnWrites.off();
    private final SyncWrites writes = new SyncWrites(set.key(), ownWrites);
    private final SetRecheck recheck = new SetRecheck(ports.status, set);

    {
        ports.set = Optional.of(set); // the set is live, as the recheck before writing it as a claim's owner reads it
    }

    private static Pod pod(String name) {
        return new Pod(ObjectMeta.named("default", name).withUid(name + "-uid"), Json.object(), null);
    }

    private static PersistentVolumeClaim claim(String name) {
        return new PersistentVolumeClaim(ObjectMeta.named("default", name), Json.object(), "");
    }

    @Test
    void createPodCreatesTheMissingClaimsThenThePodAndRecordsBoth() {
        control.createPod(set, new Operation.CreatePod(pod("web-0"), List.of(claim("www-web-0")), List.of()), Map.of(), writes, recheck);

        assertThat(ports.calls).containsExactly("claims.create www-web-0", "pods.create web-0");
        assertThat(ports.events).containsExactly(
                "Normal SuccessfulCreate: Create Claim www-web-0 Pod web-0 in StatefulSet web success",
                "Normal SuccessfulCreate: Create Pod web-0 in StatefulSet web successful");
        assertThat(writes.count()).isEqualTo(2);
    }

    private final StatefulSet deletesWhenScaled = set.withSpec(set.spec().withRetentionPolicy(new RetentionPolicy("Retain", "Delete")));

    @Test
    void aPodIsNotCreatedOnAClaimWhoseOwnersChangedSinceTheCacheSawIt() {
        PersistentVolumeClaim seen = ports.create(claim("www-web-0"));
        OwnerReference oldPod = new OwnerReference("v1", "Pod", "web-0", "old-web-0-uid", true, true);
        ports.update(seen.withMetadata(seen.metadata().withOwnerReferences(List.of(oldPod))));
        ports.calls.clear();

        assertThatThrownBy(() -> control.createPod(deletesWhenScaled, new Operation.CreatePod(pod("web-0"), List.of(), List.of()),
                Map.of("www-web-0", seen), writes, recheck))
                .isInstanceOf(ApiException.Conflict.class)
                .hasMessageContaining("not creating pod web-0: its claim www-web-0 has owners [Pod/web-0 (old-web-0-uid)]");
        assertThat(ports.calls).containsExactly("claims.read www-web-0");
        assertThat(ports.events).isEmpty();
    }

    @Test
    void aPodIsCreatedOnClaimsThatAreAsTheCacheSawThem() {
        PersistentVolumeClaim seen = ports.create(claim("www-web-0"));
        ports.calls.clear();

        control.createPod(deletesWhenScaled, new Operation.CreatePod(pod("web-0"), List.of(), List.of()), Map.of("www-web-0", seen), writes, recheck);

        assertThat(ports.calls).containsExactly("claims.read www-web-0", "pods.create web-0");
    }

    /**
     * A set deleted under whenDeleted=Delete and created again Retain/Retain while the claim watch is
     * behind: the API server has the claim owned by the old set, for the garbage collector to delete;
     * the cache still shows it without owners (random simulation seed 7300001823).
     */
    @Test
    void underRetainRetainAClaimTheCacheShowsWithoutOwnersIsReadAgainAndOneOwnedByAnEarlierSetStopsThePod() {
        PersistentVolumeClaim seen = ports.create(claim("www-web-0"));
        OwnerReference earlierSet = new OwnerReference("apps/v1", "StatefulSet", "web", "earlier-web-uid", true, true);
        ports.update(seen.withMetadata(seen.metadata().withOwnerReferences(List.of(earlierSet))));
        ports.calls.clear();

        assertThatThrownBy(() -> control.createPod(set, new Operation.CreatePod(pod("web-0"), List.of(), List.of()),
                Map.of("www-web-0", seen), writes, recheck))
                .isInstanceOf(ApiException.Conflict.class)
                .hasMessageContaining("its claim www-web-0 has owners [StatefulSet/web (earlier-web-uid)], not []");
        assertThat(ports.calls).containsExactly("claims.read www-web-0");
    }

    @Test
    void underRetainRetainAClaimTheCacheShowsWithOwnersIsStillReadAgain() {
        OwnerReference oldPod = new OwnerReference("v1", "Pod", "web-0", "old-web-0-uid", true, true);
        PersistentVolumeClaim created = ports.create(claim("www-web-0"));
        PersistentVolumeClaim seen = created.withMetadata(created.metadata().withOwnerReferences(List.of(oldPod)));
        ports.update(seen);
        ports.calls.clear();

        control.createPod(set, new Operation.CreatePod(pod("web-0"), List.of(), List.of()), Map.of("www-web-0", seen), writes, recheck);

        assertThat(ports.calls).containsExactly("claims.read www-web-0", "pods.create web-0");
    }

    // ---------------------------------------------------------------- the set rechecked before it owns a claim

    private final StatefulSet deletesWithTheSet = set.withSpec(set.spec().withRetentionPolicy(new RetentionPolicy("Delete", "Retain")));

    private PersistentVolumeClaim ownedByTheSet(String name) {
        PersistentVolumeClaim claim = ports.create(claim(name));
        return claim.withMetadata(claim.metadata().withOwnerReferences(List.of(
                new OwnerReference("apps/v1", "StatefulSet", "web", set.metadata().uid(), true, true))));
    }

    /**
     * A set deleted with --cascade=orphan and created again while the set cache still shows the
     * earlier one: its uid on the orphaned claim would have the garbage collector delete the claim.
     */
    @Test
    void aClaimIsNotGivenTheSetAsOwnerWhenAnUncachedReadFindsAnotherSetUnderItsName() {
        PersistentVolumeClaim toOwn = ownedByTheSet("www-web-0");
        ports.set = Optional.of(set.withMetadata(set.metadata().withUid("new-web-uid")));
        ports.calls.clear();

        assertThatThrownBy(() -> control.ensureClaims(deletesWithTheSet, new Operation.EnsureClaims("web-0", List.of(), List.of(toOwn), false),
                writes, recheck))
                .isInstanceOf(ApiException.Unavailable.class)
                .hasMessageContaining("original StatefulSet default/web is gone: got uid new-web-uid, wanted web-uid");
        assertThat(ports.calls).containsExactly("sets.get web");
        assertThat(ports.claims.get("www-web-0").metadata().ownerReferences()).isEmpty();
    }

    @Test
    void theSetIsReadOnceASyncBeforeItOwnsClaimsAndNotForOtherClaimWrites() {
        PersistentVolumeClaim first = ownedByTheSet("www-web-0");
        PersistentVolumeClaim second = ownedByTheSet("www-web-1");
        PersistentVolumeClaim third = ports.create(claim("www-web-2"));
        ports.calls.clear();

        control.ensureClaims(deletesWithTheSet, new Operation.EnsureClaims("web-2", List.of(), List.of(third), false), writes, recheck);
        control.ensureClaims(deletesWithTheSet, new Operation.EnsureClaims("web-0", List.of(), List.of(first), false), writes, recheck);
        control.ensureClaims(deletesWithTheSet, new Operation.EnsureClaims("web-1", List.of(), List.of(second), false), writes, recheck);

        assertThat(ports.calls).containsExactly("claims.update www-web-2", "sets.get web", "claims.update www-web-0", "claims.update www-web-1");
    }

    // ---------------------------------------------------------------- claims this process has seen without owners

    private static final OwnerReference OLD_POD = new OwnerReference("v1", "Pod", "web-0", "old-web-0-uid", true, true);

    private void createWeb0(StatefulSet on, List<PersistentVolumeClaim> toCreate, Map<String, PersistentVolumeClaim> seen) {
        ports.pods.remove("web-0"); // the earlier web-0 is gone, as before any pod is created again
        control.createPod(on, new Operation.CreatePod(pod("web-0"), toCreate, List.of()), seen, writes, recheck);
    }

    @Test
    void aClaimThisSetCreatedWithoutOwnersIsNotReadAgainWhenItsPodIsCreatedAgain() {
        createWeb0(set, List.of(claim("www-web-0")), Map.of());
        ports.calls.clear();

        createWeb0(set, List.of(), Map.of("www-web-0", ports.claims.get("www-web-0")));

        assertThat(ports.calls).containsExactly("pods.create web-0");
    }

    @Test
    void aClaimReadOnceWithoutOwnersIsNotReadForTheNextPodOnIt() {
        PersistentVolumeClaim seen = ports.create(claim("www-web-0"));
        createWeb0(set, List.of(), Map.of("www-web-0", seen));
        ports.calls.clear();

        createWeb0(set, List.of(), Map.of("www-web-0", seen));

        assertThat(ports.calls).containsExactly("pods.create web-0");
    }

    /** The set's own owner write under whenScaled=Delete, not yet in the claim cache when the scale-down is undone. */
    @Test
    void aClaimThisProcessGaveAnOwnerIsReadAgainWhileTheCacheStillShowsItWithout() {
        createWeb0(deletesWhenScaled, List.of(claim("www-web-0")), Map.of());
        PersistentVolumeClaim cachedBefore = ports.claims.get("www-web-0");
        control.ensureClaims(deletesWhenScaled, new Operation.EnsureClaims("web-0", List.of(),
                List.of(cachedBefore.withMetadata(cachedBefore.metadata().withOwnerReferences(List.of(OLD_POD)))), false), writes, recheck);
        ports.calls.clear();

        assertThatThrownBy(() -> createWeb0(deletesWhenScaled, List.of(), Map.of("www-web-0", cachedBefore)))
                .isInstanceOf(ApiException.Conflict.class)
                .hasMessageContaining("its claim www-web-0 has owners [Pod/web-0 (old-web-0-uid)], not []");
        assertThat(ports.calls).containsExactly("claims.read www-web-0");
    }

    /** A write that timed out may still have been applied by the API server. */
    @Test
    void aClaimWhoseOwnerUpdateFailedIsReadAgain() {
        createWeb0(deletesWhenScaled, List.of(claim("www-web-0")), Map.of());
        PersistentVolumeClaim cachedBefore = ports.claims.get("www-web-0");
        PersistentVolumeClaim owned = cachedBefore.withMetadata(cachedBefore.metadata().withOwnerReferences(List.of(OLD_POD)));
        ports.failNext("claims.update", new ApiException.Unavailable("timeout", null));
        assertThatThrownBy(() -> control.ensureClaims(deletesWhenScaled, new Operation.EnsureClaims("web-0", List.of(), List.of(owned), false), writes, recheck))
                .isInstanceOf(ApiException.Unavailable.class);
        ports.claims.put("www-web-0", owned); // applied after all
        ports.calls.clear();

        assertThatThrownBy(() -> createWeb0(deletesWhenScaled, List.of(), Map.of("www-web-0", cachedBefore)))
                .isInstanceOf(ApiException.Conflict.class);
        assertThat(ports.calls).containsExactly("claims.read www-web-0");
    }

    @Test
    void aClaimSeenWithoutOwnersByAnEarlierSetOfThatNameIsReadAgain() {
        createWeb0(set, List.of(claim("www-web-0")), Map.of());
        StatefulSet again = set.withMetadata(set.metadata().withUid("web-again-uid"));
        ports.calls.clear();

        createWeb0(again, List.of(), Map.of("www-web-0", ports.claims.get("www-web-0")));

        assertThat(ports.calls).containsExactly("claims.read www-web-0", "pods.create web-0");
    }

    @Test
    void theClaimsOfASetSeenGoneAreReadAgain() {
        createWeb0(set, List.of(claim("www-web-0")), Map.of());
        control.forgetSet(set.key());
        ports.calls.clear();

        createWeb0(set, List.of(), Map.of("www-web-0", ports.claims.get("www-web-0")));

        assertThat(ports.calls).containsExactly("claims.read www-web-0", "pods.create web-0");
    }

    @Test
    void aClaimTheCacheShowsUnderAnotherUidOrWithOwnersIsReadAgain() {
        createWeb0(set, List.of(claim("www-web-0")), Map.of());
        PersistentVolumeClaim created = ports.claims.get("www-web-0");
        PersistentVolumeClaim recreated = created.withMetadata(created.metadata().withUid("another-uid")); // deleted and created again
        PersistentVolumeClaim owned = recreated.withMetadata(recreated.metadata().withOwnerReferences(List.of(OLD_POD))); // another writer's owner
        ports.claims.put("www-web-0", recreated);
        ports.calls.clear();

        createWeb0(set, List.of(), Map.of("www-web-0", recreated));
        ports.claims.put("www-web-0", owned);
        createWeb0(set, List.of(), Map.of("www-web-0", owned));

        assertThat(ports.calls).containsExactly("claims.read www-web-0", "pods.create web-0", "claims.read www-web-0", "pods.create web-0");
    }

    @Test
    void aPodThatExistsAlreadyFailsTheSyncWithoutAnEvent() {
        ports.failNext("pods.create", new ApiException.AlreadyExists("pods \"web-0\" already exists"));

        assertThatThrownBy(() -> control.createPod(set, new Operation.CreatePod(pod("web-0"), List.of(), List.of()), Map.of(), writes, recheck))
                .isInstanceOf(ApiException.AlreadyExists.class);
        assertThat(ports.events).isEmpty();
        assertThat(writes.count()).isZero();
    }

    @Test
    void aClaimThatCannotBeCreatedFailsThePodWithAClaimEventAndAPodEvent() {
        ports.failNext("claims.create", new ApiException.Forbidden("quota exceeded"));

        assertThatThrownBy(() -> control.createPod(set, new Operation.CreatePod(pod("web-0"), List.of(claim("www-web-0")), List.of()), Map.of(), writes, recheck))
                .isInstanceOf(ApiException.Unavailable.class).hasMessage("failed to create PVC www-web-0: quota exceeded");
        assertThat(ports.calls).containsExactly("claims.create www-web-0");
        assertThat(ports.events).containsExactly(
                "Warning FailedCreate: Create Claim www-web-0 for Pod web-0 in StatefulSet web failed error: quota exceeded",
                "Warning FailedCreate: Create Pod web-0 in StatefulSet web failed error: failed to create PVC www-web-0: quota exceeded");
    }

    @Test
    void everyClaimIsTriedAndTheFailuresAggregatedAsUpstreamAggregatesThem() {
        ports.failNext("claims.create", new ApiException.Forbidden("quota exceeded")).failNext("claims.create", new ApiException.AlreadyExists("exists"));

        assertThatThrownBy(() -> control.createPod(set, new Operation.CreatePod(pod("web-0"), List.of(claim("www-web-0"), claim("logs-web-0")), List.of()),
                Map.of(), writes, recheck))
                .isInstanceOf(ApiException.Unavailable.class)
                .hasMessage("[failed to create PVC www-web-0: quota exceeded, failed to create PVC logs-web-0: exists]");
        assertThat(ports.calls).containsExactly("claims.create www-web-0", "claims.create logs-web-0");
    }

    @Test
    void aClaimThatExistsAlreadyFailsThePodWithOnlyThePodEvent() {
        ports.failNext("claims.create", new ApiException.AlreadyExists("exists"));

        assertThatThrownBy(() -> control.createPod(set, new Operation.CreatePod(pod("web-0"), List.of(claim("www-web-0")), List.of()), Map.of(), writes, recheck))
                .isInstanceOf(ApiException.Unavailable.class);
        assertThat(ports.events).containsExactly("Warning FailedCreate: Create Pod web-0 in StatefulSet web failed error: failed to create PVC www-web-0: exists");
    }

    @Test
    void aFailedPodCreateIsAFailedCreateEventAndTheError() {
        ports.failNext("pods.create", new ApiException.Unavailable("timeout"));

        assertThatThrownBy(() -> control.createPod(set, new Operation.CreatePod(pod("web-0"), List.of(), List.of()), Map.of(), writes, recheck))
                .isInstanceOf(ApiException.Unavailable.class).hasMessage("timeout");
        assertThat(ports.events).containsExactly("Warning FailedCreate: Create Pod web-0 in StatefulSet web failed error: timeout");
    }

    @Test
    void aClaimOwnerUpdateThatFailsAfterTheCreateIsAFailedUpdateEvent() {
        ports.failNext("claims.update", new ApiException.Conflict("stale"));

        assertThatThrownBy(() -> control.createPod(set, new Operation.CreatePod(pod("web-0"), List.of(), List.of(claim("www-web-0"))), Map.of(), writes, recheck))
                .hasMessage("could not update claim www-web-0 for delete policy ownerRefs: stale");
        assertThat(ports.calls).containsExactly("pods.create web-0", "claims.update www-web-0");
        assertThat(ports.events).containsExactly(
                "Warning FailedUpdate: Update Pod web-0 in StatefulSet web failed error: could not update claim www-web-0 for delete policy ownerRefs: stale");
    }

    /** {@code UpdatePodClaimForRetentionPolicy} returns the update's error, NotFound too, and the sync fails. */
    @Test
    void aClaimDeletedSinceTheCacheShowedItFailsTheSyncWithoutAnEventWhereFixPodClaimRecordsNone() {
        ports.failNext("claims.update", new ApiException.NotFound("persistentvolumeclaims \"www-web-3\" not found"));

        assertThatThrownBy(() -> control.ensureClaims(set, new Operation.EnsureClaims("web-3", List.of(), List.of(claim("www-web-3")), false), writes, recheck))
                .hasMessage("could not update claim www-web-3 for delete policy ownerRefs: persistentvolumeclaims \"www-web-3\" not found");
        assertThat(ports.events).isEmpty();
    }

    /** {@code createMissingPersistentVolumeClaims}: a Pending pod's failed owner update is the pod's FailedUpdate. */
    @Test
    void aPendingPodsFailedClaimOwnerUpdateIsAFailedUpdateEventOfThePod() {
        ports.failNext("claims.update", new ApiException.Conflict("stale"));

        assertThatThrownBy(() -> control.ensureClaims(set, new Operation.EnsureClaims("web-0", List.of(), List.of(claim("www-web-0")), true), writes, recheck))
                .hasMessage("could not update claim www-web-0 for delete policy ownerRefs: stale");
        assertThat(ports.events).containsExactly(
                "Warning FailedUpdate: Update Pod web-0 in StatefulSet web failed error: could not update claim www-web-0 for delete policy ownerRefs: stale");
    }

    @Test
    void updatePodRecordsOneEventAfterTheClaimsAndThePod() {
        control.updatePod(set, new Operation.UpdatePod(pod("web-0"), true, List.of(), List.of(), new PodRepair(set)), writes, recheck);

        assertThat(ports.calls).containsExactly("pods.update web-0");
        assertThat(ports.events).containsExactly("Normal SuccessfulUpdate: Update Pod web-0 in StatefulSet web successful");
    }

    // ---------------------------------------------------------------- UpdateStatefulPod's RetryOnConflict

    private final PodRepair repair = new PodRepair(set);
    /** web-0 as the planner saw it: a user removed its pod-name label, so its identity is repaired. */
    private final Pod stale = pod("web-0").withMetadata(pod("web-0").metadata().withResourceVersion("7"));
    /** web-0 once the kubelet wrote its status: a newer resourceVersion, the label still missing. */
    private final Pod running = new Pod(stale.metadata().withResourceVersion("8"), stale.spec(), PodStatus.of("Running"));

    private Operation.UpdatePod repairOf(Pod pod) {
        return new Operation.UpdatePod(repair.apply(pod).orElseThrow(), true, List.of(), List.of(), repair);
    }

    @Test
    void aPodUpdateThatConflictsIsRepairedAgainOnThePodTheCacheShowsAfterTheFirstBackoff() {
        ports.failNext("pods.update", new ApiException.Conflict("the object has been modified"));
        cache.put("web-0", running);

        control.updatePod(set, repairOf(stale), writes, recheck);

        assertThat(ports.calls).containsExactly("pods.update web-0", "pods.update web-0");
        Pod written = ports.pods.get("web-0");
        assertThat(written.status().phase()).as("the kubelet's write is kept").isEqualTo("Running");
        assertThat(repair.apply(written)).as("the identity is repaired").isEmpty();
        assertThat(waits).singleElement().satisfies(wait -> assertThat(wait).isBetween(Duration.ofMillis(10), Duration.ofMillis(11)));
        assertThat(ports.events).containsExactly("Normal SuccessfulUpdate: Update Pod web-0 in StatefulSet web successful");
    }

    @Test
    void aPodTheCacheShowsRepairedAfterAConflictIsNotWrittenAgainAndTheUpdateSucceeded() {
        ports.failNext("pods.update", new ApiException.Conflict("the object has been modified"));
        cache.put("web-0", repair.apply(running).orElseThrow());

        control.updatePod(set, repairOf(stale), writes, recheck);

        assertThat(ports.calls).containsExactly("pods.update web-0");
        assertThat(writes.count()).isZero();
        assertThat(ports.events).containsExactly("Normal SuccessfulUpdate: Update Pod web-0 in StatefulSet web successful");
    }

    /** {@code retry.DefaultBackoff}: four attempts, 10, 50 and 250 ms apart (plus up to a tenth), then the last conflict fails it. */
    @Test
    void aPodUpdateStillConflictingAfterDefaultBackoffsFourAttemptsIsOneFailedUpdate() {
        for (int i = 0; i < 4; i++) {
            ports.failNext("pods.update", new ApiException.Conflict("the object has been modified " + i));
        }
        cache.put("web-0", stale);

        assertThatThrownBy(() -> control.updatePod(set, repairOf(stale), writes, recheck))
                .isInstanceOf(ApiException.Conflict.class).hasMessage("the object has been modified 3");

        assertThat(ports.calls).hasSize(4).containsOnly("pods.update web-0");
        assertThat(waits).hasSize(3);
        List<Duration> base = List.of(Duration.ofMillis(10), Duration.ofMillis(50), Duration.ofMillis(250));
        for (int i = 0; i < 3; i++) {
            assertThat(waits.get(i)).isBetween(base.get(i), base.get(i).plus(base.get(i).dividedBy(10)));
        }
        assertThat(ports.events).containsExactly(
                "Warning FailedUpdate: Update Pod web-0 in StatefulSet web failed error: the object has been modified 3");
    }

    @Test
    void aPodUpdateRefusedOtherwiseThanByAConflictIsNotRetried() {
        ports.failNext("pods.update", new ApiException.Invalid("spec.volumes: Forbidden: pod updates may not change fields other than ..."));
        cache.put("web-0", running);

        assertThatThrownBy(() -> control.updatePod(set, repairOf(stale), writes, recheck)).isInstanceOf(ApiException.Invalid.class);

        assertThat(ports.calls).containsExactly("pods.update web-0");
        assertThat(waits).isEmpty();
        assertThat(ports.events).singleElement().asString().startsWith("Warning FailedUpdate: Update Pod web-0 in StatefulSet web failed error:");
    }

    @Test
    void anUpdateWhoseClaimFailsLeavesThePodAlone() {
        ports.failNext("claims.create", new ApiException.Forbidden("no"));

        assertThatThrownBy(() -> control.updatePod(set, new Operation.UpdatePod(pod("web-0"), true, List.of(claim("www-web-0")), List.of(), new PodRepair(set)), writes, recheck))
                .isInstanceOf(ApiException.Unavailable.class);
        assertThat(ports.calls).containsExactly("claims.create www-web-0");
        assertThat(ports.events).last().asString().startsWith("Warning FailedUpdate: Update Pod web-0 in StatefulSet web failed error:");
    }

    /** {@code DeleteStatefulPod} (1.36): "A NotFound is considered a successful response, since the end result is the same". */
    @ParameterizedTest
    @EnumSource(Operation.DeletePod.Cause.class)
    void aPodAlreadyGoneIsASuccessfulDeleteWhateverTheCause(Operation.DeletePod.Cause cause) {
        ports.failNext("pods.delete", new ApiException.NotFound("pods \"web-3\" not found"));

        control.deletePod(set, new Operation.DeletePod(pod("web-3"), cause), writes);

        assertThat(ports.events).containsExactly("Normal SuccessfulDelete: Delete Pod web-3 in StatefulSet web successful");
        assertThat(writes.count()).isEqualTo(1);
    }

    @Test
    void aDeleteThatFailsIsAFailedDeleteAndFailsTheSync() {
        ports.failNext("pods.delete", new ApiException.Unavailable("etcdserver: request timed out"));

        assertThatThrownBy(() -> control.deletePod(set, new Operation.DeletePod(pod("web-3"), Operation.DeletePod.Cause.CONDEMNED), writes))
                .isInstanceOf(ApiException.Unavailable.class);
        assertThat(ports.events).containsExactly("Warning FailedDelete: Delete Pod web-3 in StatefulSet web failed error: etcdserver: request timed out");
    }

    @Test
    void aDeletedPodIsASuccessfulDeleteEvent() {
        control.deletePod(set, new Operation.DeletePod(pod("web-3"), Operation.DeletePod.Cause.CONDEMNED), writes);

        assertThat(ports.calls).containsExactly("pods.delete web-3");
        assertThat(ports.events).containsExactly("Normal SuccessfulDelete: Delete Pod web-3 in StatefulSet web successful");
        assertThat(writes.count()).isEqualTo(1);
    }

    @Test
    void aBlockedCreateFailsTheSyncWithAnEventOnlyWhenUpstreamRecordsOne() {
        assertThatThrownBy(() -> control.refuseCreate(set, blocked("web-0", List.of(), true), writes))
                .isInstanceOf(ApiException.Conflict.class);
        assertThatThrownBy(() -> control.refuseCreate(set, blocked("web-1", List.of(), false), writes))
                .isInstanceOf(ApiException.Conflict.class);

        assertThat(ports.events).containsExactly("Warning FailedCreate: Create Pod web-0 in StatefulSet web failed error: pvc www-web-0 is being deleted");
        assertThat(ports.calls).isEmpty();
    }

    @Test
    void aBlockedPodsOtherMissingClaimsAreCreatedBeforeTheSyncFails() {
        assertThatThrownBy(() -> control.refuseCreate(set, blocked("web-0", List.of(claim("logs-web-0")), true), writes))
                .isInstanceOf(ApiException.Conflict.class).hasMessage("pvc www-web-0 is being deleted");

        assertThat(ports.calls).containsExactly("claims.create logs-web-0");
        assertThat(ports.events).containsExactly(
                "Normal SuccessfulCreate: Create Claim logs-web-0 Pod web-0 in StatefulSet web success",
                "Warning FailedCreate: Create Pod web-0 in StatefulSet web failed error: pvc www-web-0 is being deleted");
    }

    /** {@code CreateStatefulPod}: {@code createPersistentVolumeClaims} returns both errors in one aggregate, for one pod event. */
    @Test
    void aFailedClaimCreateBesideATerminatingClaimIsOneAggregatedFailedCreateOfThePod() {
        ports.failNext("claims.create", new ApiException.Forbidden("exceeded quota"));

        assertThatThrownBy(() -> control.refuseCreate(set, blocked("web-0", List.of(claim("logs-web-0")), true), writes))
                .isInstanceOf(ApiException.Conflict.class)
                .hasMessage("[failed to create PVC logs-web-0: exceeded quota, pvc www-web-0 is being deleted]");

        assertThat(ports.events).containsExactly(
                "Warning FailedCreate: Create Claim logs-web-0 for Pod web-0 in StatefulSet web failed error: exceeded quota",
                "Warning FailedCreate: Create Pod web-0 in StatefulSet web failed error: "
                        + "[failed to create PVC logs-web-0: exceeded quota, pvc www-web-0 is being deleted]");
    }

    /** {@code createMissingPersistentVolumeClaims} for a Pending pod: the same aggregate fails the sync, and no pod event. */
    @Test
    void aPendingPodsFailedClaimCreateBesideATerminatingClaimFailsTheSyncWithBothAndNoPodEvent() {
        ports.failNext("claims.create", new ApiException.Forbidden("exceeded quota"));

        assertThatThrownBy(() -> control.refuseCreate(set, blocked("web-0", List.of(claim("logs-web-0")), false), writes))
                .isInstanceOf(ApiException.Conflict.class)
                .hasMessage("[failed to create PVC logs-web-0: exceeded quota, pvc www-web-0 is being deleted]");

        assertThat(ports.events).containsExactly(
                "Warning FailedCreate: Create Claim logs-web-0 for Pod web-0 in StatefulSet web failed error: exceeded quota");
    }

    private static Operation.Blocked blocked(String podName, List<PersistentVolumeClaim> createClaims, boolean podEvent) {
        return new Operation.Blocked(podName, createClaims, List.of("pvc www-" + podName + " is being deleted"), podEvent);
    }
}
