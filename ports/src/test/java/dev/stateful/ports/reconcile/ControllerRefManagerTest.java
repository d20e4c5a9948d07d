package dev.stateful.ports.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.testing.TestJson;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.sync.Ownership;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.ports.ApiException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Adoption and release, guarded as upstream's {@code canAdopt} guards them. */
class ControllerRefManagerTest {

    private final StatefulSet set = Fixtures.statefulSet("web", 3);
    private final FakePorts ports = new FakePorts();
    private final ControllerRefManager refs = new ControllerRefManager(ports, ports, ports);
    private final SyncWrites writes = new SyncWrites(set.key(), OwnWrites.off());

    /** One sync's ownership changes, with its one recheck of the set. */
    private Set<String> apply(List<? extends Ownership.Change> changes) {
        return refs.apply(set, List.copyOf(changes), writes, new SetRecheck(ports.status, set));
    }

    private static Pod pod(String name) {
        return new Pod(ObjectMeta.named("default", name).withUid(name + "-uid"), Json.object(), null);
    }

    @Test
    void orphansAreAdoptedAfterOneUncachedReadOfTheSet() {
        ports.set = Optional.of(set);
        ControllerRevision orphan = TestJson.revision(ObjectMeta.named("default", "web-a"), "{}", 1);

        apply(List.of(new Ownership.Change.AdoptPod(pod("web-0")), new Ownership.Change.AdoptPod(pod("web-1")),
                new Ownership.Change.AdoptRevision(orphan)));

        assertThat(ports.calls).containsExactly("sets.get web", "pods.adopt web-0", "pods.adopt web-1", "revisions.adopt web-a");
        assertThat(ports.pods.get("web-0").metadata().controllerRef()).get().extracting(r -> r.uid()).isEqualTo("web-uid");
        assertThat(writes.count()).isEqualTo(3);
    }

    /** {@code sync} returns {@code adoptOrphanRevisions}' error before {@code ClaimPods} patches a pod. */
    @Test
    void aRevisionThatCannotBeAdoptedStopsTheSyncBeforeAnyPodIsPatched() {
        ports.set = Optional.of(set);
        ControllerRevision orphan = TestJson.revision(ObjectMeta.named("default", "web-a"), "{}", 1);
        ports.failNext("revisions.adopt", new ApiException.Forbidden("no"));

        assertThatThrownBy(() -> apply(List.of(new Ownership.Change.AdoptRevision(orphan),
                new Ownership.Change.AdoptPod(pod("web-0")), new Ownership.Change.ReleasePod(pod("web-1")))))
                .isInstanceOf(ApiException.Forbidden.class);
        assertThat(ports.calls).containsExactly("sets.get web", "revisions.adopt web-a");
    }

    @Test
    void aSetReplacedByAnotherWithTheSameNameAdoptsNothing() {
        ports.set = Optional.of(set.withMetadata(set.metadata().withUid("new-uid")));

        assertThatThrownBy(() -> apply(List.of(new Ownership.Change.AdoptPod(pod("web-0")))))
                .isInstanceOf(ApiException.Conflict.class)
                .hasMessage("original StatefulSet default/web is gone: got uid new-uid, wanted web-uid");
        assertThat(ports.calls).containsExactly("sets.get web");
    }

    @Test
    void aSetGoneOrBeingDeletedAdoptsNothing() {
        assertThatThrownBy(() -> apply(List.of(new Ownership.Change.AdoptPod(pod("web-0")))))
                .isInstanceOf(ApiException.NotFound.class);
        ports.set = Optional.of(set.withMetadata(set.metadata().withDeletionTimestamp(Fixtures.T0)));
        assertThatThrownBy(() -> apply(List.of(new Ownership.Change.AdoptPod(pod("web-0")))))
                .isInstanceOf(ApiException.Conflict.class).hasMessageEndingWith("has just been deleted");
        assertThat(ports.pods).isEmpty();
    }

    @Test
    void releasesNeedNoCheckAndAPodGoneMeanwhileIsFine() {
        ports.failNext("pods.release", new ApiException.NotFound("gone"));

        apply(List.of(new Ownership.Change.ReleasePod(pod("web-0")), new Ownership.Change.ReleasePod(pod("web-1"))));

        assertThat(ports.calls).containsExactly("pods.release web-0", "pods.release web-1");
    }

    /** {@code ClaimPods}: every pod is tried, a pod gone before its adoption is left out, and what failed fails the sync. */
    @Test
    void aPodsFailedAdoptionDoesNotStopTheOthersAndAPodGoneIsLeftOut() {
        ports.set = Optional.of(set);
        ports.failNext("pods.adopt", new ApiException.NotFound("pods \"web-0\" not found"));

        Set<String> leftOut = apply(List.of(new Ownership.Change.AdoptPod(pod("web-0")), new Ownership.Change.AdoptPod(pod("web-1"))));
        assertThat(ports.calls).containsExactly("sets.get web", "pods.adopt web-0", "pods.adopt web-1");
        assertThat(leftOut).as("the pods the sync must not act on").containsExactly(pod("web-0").metadata().uid());

        ports.calls.clear();
        ports.failNext("pods.adopt", new ApiException.Conflict("the object has been modified"));
        assertThatThrownBy(() -> apply(List.of(new Ownership.Change.AdoptPod(pod("web-2")), new Ownership.Change.AdoptPod(pod("web-3")),
                new Ownership.Change.ReleasePod(pod("web-4")))))
                .isInstanceOf(ApiException.Conflict.class).hasMessage("the object has been modified");
        assertThat(ports.calls).containsExactly("sets.get web", "pods.adopt web-2", "pods.adopt web-3", "pods.release web-4");
    }

    @Test
    void whenTheSetCannotAdoptItsReleasesStillGoThrough() {
        assertThatThrownBy(() -> apply(List.of(new Ownership.Change.AdoptPod(pod("web-0")), new Ownership.Change.ReleasePod(pod("web-1")))))
                .isInstanceOf(ApiException.NotFound.class).hasMessageContaining("is gone");
        assertThat(ports.calls).containsExactly("sets.get web", "pods.release web-1");
    }

    private static PersistentVolumeClaim claim(String name) {
        return new PersistentVolumeClaim(ObjectMeta.named("default", name).withUid(name + "-uid"), Json.object(), null);
    }

    /** A claim the retention policy no longer lets the set own: released with no check of the set, a claim gone meanwhile is fine. */
    @Test
    void claimsAreReleasedWithoutACheckOfTheSetAndAClaimGoneMeanwhileIsFine() {
        ports.failNext("claims.update", new ApiException.NotFound("gone"));

        apply(List.of(new Ownership.Change.ReleaseClaim(claim("www-web-1")), new Ownership.Change.ReleaseClaim(claim("www-web-2"))));

        assertThat(ports.calls).containsExactly("claims.update www-web-1", "claims.update www-web-2");
        assertThat(ports.claims).containsOnlyKeys("www-web-2");
    }

    /** A claim changed since the cache showed it: the other releases still go through, and the sync fails to decide again. */
    @Test
    void aClaimsConflictingReleaseDoesNotStopTheOthersAndFailsTheSync() {
        ports.failNext("claims.update", new ApiException.Conflict("the object has been modified"));

        assertThatThrownBy(() -> apply(List.of(new Ownership.Change.ReleaseClaim(claim("www-web-1")),
                new Ownership.Change.ReleaseClaim(claim("www-web-2")))))
                .isInstanceOf(ApiException.Conflict.class);
        assertThat(ports.calls).containsExactly("claims.update www-web-1", "claims.update www-web-2");
    }
}
