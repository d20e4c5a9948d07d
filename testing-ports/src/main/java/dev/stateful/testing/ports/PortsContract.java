package dev.stateful.testing.ports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.LabelSelector;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.ClaimControl;
import dev.stateful.ports.ClusterEvents;
import dev.stateful.ports.ClusterReader;
import dev.stateful.ports.PodControl;
import dev.stateful.ports.RevisionControl;
import dev.stateful.ports.StatusWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * What every implementation of the ports must do, as the reconciler relies on it: extend this with
 * your {@link #ports()} and a {@link Fixture}, each over an empty namespace for every test (JUnit
 * makes a new instance per test), and run it with your tests. The optional parts of the fixture (a
 * watch that can break, an infrastructure that can fail) leave their tests skipped, with the reason,
 * when absent.
 *
 * <p>Objects are made in {@link #namespace()}; reads that only an implementation that waits for its
 * cache can answer wait, for at most {@link #patience()}, which is a bound, not a measurement.
 */
public abstract class PortsContract {

    /** The ports under test (the event recorder is best effort and has no contract to check). */
    public record Ports(ClusterReader reader, ClusterEvents events, PodControl pods, ClaimControl claims,
                       RevisionControl revisions, StatusWriter status) {
    }

    /** What a test needs done to the cluster behind the ports that no port does. */
    public interface Fixture {

        /** Creates the StatefulSet as a user would; returns it as stored. */
        StatefulSet createSet(StatefulSet set);

        /** Deletes the StatefulSet as a user would, at once (no finalizer holds it). */
        void deleteSet(ObjectKey key);

        /**
         * Optional: runs the change it is given while the watch behind {@link ClusterEvents} is
         * down, then lets it come back (the implementation then lists again). Empty when the events
         * come in process, from no watch that can break.
         */
        default Optional<Consumer<Runnable>> watchBreak() {
            return Optional.empty();
        }

        /**
         * Optional: runs the calls it is given while every pod create fails as the infrastructure
         * fails transiently (an API server's 503, a connection refused). Empty when it cannot be made
         * to fail.
         */
        default Optional<Consumer<Runnable>> unavailablePodCreates() {
            return Optional.empty();
        }
    }

    /** The ports under test, the same for the whole of a test. */
    protected abstract Ports ports();

    /** The fixture of the cluster behind {@link #ports()}. */
    protected abstract Fixture fixture();

    /** Where the tests make their objects. */
    protected String namespace() {
        return "default";
    }

    /** How long a change may take to show in the reader or reach a handler. */
    protected Duration patience() {
        return Duration.ofSeconds(30);
    }

    private final List<AutoCloseable> subscriptions = new CopyOnWriteArrayList<>();

    @AfterEach
    public void unsubscribe() throws Exception {
        for (AutoCloseable subscription : subscriptions) {
            subscription.close();
        }
    }

    // ------------------------------------------------------------------ writes

    @Test
    public void aCreateReturnsTheObjectWithTheUidAndResourceVersionItWasGiven() {
        Pod pod = ports().pods().create(pod("web-0"));
        PersistentVolumeClaim claim = ports().claims().create(claim("www-web-0"));
        ControllerRevision revision = ports().revisions().create(revision("web-1"));

        for (ObjectMeta meta : List.of(pod.metadata(), claim.metadata(), revision.metadata())) {
            assertThat(meta.uid()).as("uid of %s", meta.name()).isNotEmpty();
            assertThat(meta.resourceVersion()).as("resourceVersion of %s", meta.name()).isNotEmpty();
        }
    }

    @Test
    public void aSecondCreateOfATakenNameIsAlreadyExists() {
        ports().pods().create(pod("web-0"));
        ports().claims().create(claim("www-web-0"));
        ports().revisions().create(revision("web-1"));

        assertThatThrownBy(() -> ports().pods().create(pod("web-0"))).isInstanceOf(ApiException.AlreadyExists.class);
        assertThatThrownBy(() -> ports().claims().create(claim("www-web-0"))).isInstanceOf(ApiException.AlreadyExists.class);
        assertThatThrownBy(() -> ports().revisions().create(revision("web-1"))).isInstanceOf(ApiException.AlreadyExists.class);
    }

    @Test
    public void anUpdateCarryingAStaleResourceVersionIsAConflict() {
        Pod pod = ports().pods().create(pod("web-0"));
        ports().pods().update(pod.withMetadata(pod.metadata().withLabel("first", "1")));
        PersistentVolumeClaim claim = ports().claims().create(claim("www-web-0"));
        ports().claims().update(claim.withMetadata(claim.metadata().withLabel("first", "1")));

        assertThatThrownBy(() -> ports().pods().update(pod.withMetadata(pod.metadata().withLabel("second", "2"))))
                .isInstanceOf(ApiException.Conflict.class);
        assertThatThrownBy(() -> ports().claims().update(claim.withMetadata(claim.metadata().withLabel("second", "2"))))
                .isInstanceOf(ApiException.Conflict.class);
    }

    @Test
    public void aDeleteGuardedByTheUidOfAReplacedPodIsNotFoundAndDeletesNothing() {
        Pod pod = ports().pods().create(pod("web-0"));

        assertThatThrownBy(() -> ports().pods().delete(namespace(), "web-0", "uid-of-an-earlier-web-0"))
                .isInstanceOf(ApiException.NotFound.class);
        eventually("the pod to be readable", () -> ports().reader().pod(namespace(), "web-0").isPresent());
        assertThat(ports().reader().pod(namespace(), "web-0").orElseThrow().isTerminating()).isFalse();

        ports().pods().delete(namespace(), "web-0", pod.metadata().uid());
        eventually("the pod to be gone or terminating",
                () -> ports().reader().pod(namespace(), "web-0").map(Pod::isTerminating).orElse(true));
    }

    @Test
    public void adoptionMakesTheOwnerTheControllerAndReleaseRemovesIt() {
        Pod pod = ports().pods().create(pod("web-0"));
        OwnerReference owner = new OwnerReference("apps/v1", "StatefulSet", "web", "set-uid", true, true);

        Pod adopted = ports().pods().adopt(pod, owner);
        assertThat(adopted.metadata().controllerRef()).contains(owner);

        Pod released = ports().pods().release(adopted, "set-uid");
        assertThat(released.metadata().ownerReferences()).isEmpty();
    }

    @Test
    public void aStatusWriteFromAStaleCopyOfTheSetIsAConflict() {
        StatefulSet stored = fixture().createSet(set("web"));
        StatefulSet read = ports().status().get(namespace(), "web").orElseThrow();
        assertThat(read.metadata().uid()).isEqualTo(stored.metadata().uid());

        StatefulSet written = ports().status().updateStatus(read.withStatus(status(1)));

        assertThat(written.status().replicas()).isEqualTo(1);
        assertThat(ports().status().get(namespace(), "web").orElseThrow().status().replicas()).isEqualTo(1);
        assertThatThrownBy(() -> ports().status().updateStatus(read.withStatus(status(2)))).isInstanceOf(ApiException.Conflict.class);
    }

    // ------------------------------------------------------------------ reads

    @Test
    public void objectsThatDoNotExistReadAsEmpty() {
        assertThat(ports().reader().statefulSet(new ObjectKey(namespace(), "nothing"))).isEmpty();
        assertThat(ports().reader().pod(namespace(), "nothing-0")).isEmpty();
        assertThat(ports().reader().claim(namespace(), "www-nothing-0")).isEmpty();
        assertThat(ports().claims().read(namespace(), "www-nothing-0")).isEmpty();
        assertThat(ports().revisions().get(namespace(), "nothing-1")).isEmpty();
        assertThat(ports().status().get(namespace(), "nothing")).isEmpty();
        assertThat(ports().reader().statefulSets(namespace())).isEmpty();
        assertThat(ports().reader().pods(namespace())).isEmpty();
        assertThat(ports().reader().claims(namespace())).isEmpty();
        assertThat(ports().reader().revisions(namespace())).isEmpty();
    }

    @Test
    public void theReaderShowsWhatWasWritten() {
        fixture().createSet(set("web"));
        ports().pods().create(pod("web-0"));
        ports().claims().create(claim("www-web-0"));
        ports().revisions().create(revision("web-1"));

        eventually("the reader to show every object", () -> ports().reader().statefulSet(new ObjectKey(namespace(), "web")).isPresent()
                && ports().reader().pod(namespace(), "web-0").isPresent()
                && ports().reader().claim(namespace(), "www-web-0").isPresent()
                && ports().reader().revisions(namespace()).stream().anyMatch(r -> r.name().equals("web-1")));
        assertThat(ports().claims().read(namespace(), "www-web-0")).isPresent();
        assertThat(ports().revisions().get(namespace(), "web-1")).isPresent();
    }

    /**
     * The owner queries the reconciler reads a set's objects through: its pods and the orphans, and
     * the claims whose controller it is (those the retention policy may make it release).
     */
    @Test
    public void theOwnerQueriesAnswerByControllerUid() {
        StatefulSet web = fixture().createSet(set("web"));
        StatefulSet db = fixture().createSet(set("db"));
        OwnerReference ofWeb = new OwnerReference(web.kind().apiVersion(), web.kind().kind(), "web", web.metadata().uid(), true, true);
        OwnerReference ofDb = new OwnerReference(db.kind().apiVersion(), db.kind().kind(), "db", db.metadata().uid(), true, true);
        ports().pods().create(owned(pod("web-0"), ofWeb));
        ports().pods().create(pod("web-1"));
        ports().pods().create(owned(pod("db-0"), ofDb));
        ports().claims().create(owned(claim("www-web-0"), ofWeb));
        ports().claims().create(claim("www-web-1"));
        ports().claims().create(owned(claim("www-db-0"), ofDb));

        eventually("the reader to show the pods and claims", () -> ports().reader().pods(namespace()).size() == 3
                && ports().reader().claims(namespace()).size() == 3);
        assertThat(ports().reader().controlledPods(namespace(), web.metadata().uid())).extracting(Pod::name)
                .containsExactlyInAnyOrder("web-0", "web-1");
        assertThat(ports().reader().claimsControlledBy(namespace(), web.metadata().uid())).extracting(PersistentVolumeClaim::name)
                .containsExactly("www-web-0");
    }

    // ------------------------------------------------------------------ the watch

    @Test
    public void theObjectsThatExistWhenTheWatchStartsArriveAsAdditionsBeforeItIsSynced() {
        fixture().createSet(set("web"));
        Assumptions.assumeFalse(ports().events().hasSynced(),
                "the events are synced before any subscription (nothing to list: every change is delivered as it happens)");
        Recorded seen = subscribe();

        eventually("the watch to sync", ports().events()::hasSynced);

        assertThat(seen.changes()).contains("added set web");
    }

    @Test
    public void onceSyncedEveryChangeArrivesInOrder() {
        Recorded seen = subscribe();
        eventually("the watch to sync", ports().events()::hasSynced);

        fixture().createSet(set("web"));
        Pod pod = ports().pods().create(pod("web-0"));
        ports().pods().update(pod.withMetadata(pod.metadata().withLabel("changed", "yes")));
        fixture().deleteSet(new ObjectKey(namespace(), "web"));

        eventually("the set's deletion to arrive", () -> seen.changes().contains("deleted set web"), seen);
        assertThat(seen.changes()).containsSubsequence("added set web", "deleted set web");
        assertThat(seen.changes()).containsSubsequence("added pod web-0", "updated pod web-0");
    }

    /**
     * After a break, the watch lists again; what it had reported and the new list lacks must be
     * reported deleted, once (client-go's reflector relist, {@code DeletedFinalStateUnknown}), or a
     * loop that remembers sets never forgets one deleted during the break.
     */
    @Test
    public void aSetDeletedWhileTheWatchWasDownIsReportedDeletedOnceAfterItComesBack() {
        Consumer<Runnable> watchBreak = fixture().watchBreak().orElse(null);
        Assumptions.assumeTrue(watchBreak != null, "the fixture has no watch that can break (the events come in process)");
        fixture().createSet(set("gone"));
        fixture().createSet(set("kept"));
        Recorded seen = subscribe();
        eventually("the watch to report both sets", () -> seen.changes().containsAll(List.of("added set gone", "added set kept")), seen);

        watchBreak.accept(() -> fixture().deleteSet(new ObjectKey(namespace(), "gone")));

        eventually("the deletion after the relist", () -> seen.changes().contains("deleted set gone"), seen);
        ports().pods().create(pod("after-0"));
        eventually("a change after the relist", () -> seen.changes().contains("added pod after-0"), seen);
        assertThat(seen.changes().stream().filter(c -> c.startsWith("deleted"))).containsExactly("deleted set gone");
    }

    // ------------------------------------------------------------------ failures

    @Test
    public void aTransientFailureOfTheInfrastructureIsUnavailableAndWritesNothing() {
        Consumer<Runnable> unavailable = fixture().unavailablePodCreates().orElse(null);
        Assumptions.assumeTrue(unavailable != null, "the fixture cannot make the infrastructure fail");

        unavailable.accept(() -> assertThatThrownBy(() -> ports().pods().create(pod("web-0"))).isInstanceOf(ApiException.Unavailable.class));

        assertThat(ports().reader().pod(namespace(), "web-0")).isEmpty();
        assertThat(ports().pods().create(pod("web-0")).name()).isEqualTo("web-0");
    }

    // ------------------------------------------------------------------ helpers

    /** What the handler was told, one line each: "added set web", "updated pod web-0", "deleted set web". */
    private record Recorded(List<String> changes) {
        @Override
        public String toString() {
            return changes.toString();
        }
    }

    private Recorded subscribe() {
        Recorded seen = new Recorded(new CopyOnWriteArrayList<>());
        subscriptions.add(ports().events().subscribe(new ClusterEvents.Handler() {
            @Override
            public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
                record(oldSet == null ? null : oldSet.metadata(), newSet == null ? null : newSet.metadata(), "set");
            }

            @Override
            public void podChanged(Pod oldPod, Pod newPod) {
                record(oldPod == null ? null : oldPod.metadata(), newPod == null ? null : newPod.metadata(), "pod");
            }

            private void record(ObjectMeta before, ObjectMeta after, String kind) {
                ObjectMeta any = after != null ? after : before;
                if (any != null && any.namespace().equals(namespace())) {
                    String verb = before == null ? "added" : after == null ? "deleted" : "updated";
                    seen.changes().add(verb + " " + kind + " " + any.name());
                }
            }
        }));
        return seen;
    }

    private void eventually(String what, BooleanSupplier condition) {
        eventually(what, condition, "n/a");
    }

    private void eventually(String what, BooleanSupplier condition, Object state) {
        long until = System.nanoTime() + patience().toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("gave up after " + patience().toSeconds() + "s waiting for " + what + "; last state: " + state);
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, e);
            }
        }
    }

    private static final Map<String, String> LABELS = Map.of("app", "contract");

    /** A StatefulSet as a user writes it: a selector, a template its labels match, one container. */
    protected StatefulSet set(String name) {
        Json.Obj template = Json.object("metadata", Json.object("labels", Json.object("app", "contract")),
                "spec", Json.object("containers", Json.array(Json.object("name", "app", "image", "busybox:1.36"))));
        StatefulSetSpec spec = new StatefulSetSpec(1, LabelSelector.of(LABELS), template, List.of(), name, null, null, null, 0, null, null);
        return new StatefulSet(ObjectMeta.named(namespace(), name), spec, null);
    }

    private Pod pod(String name) {
        return new Pod(ObjectMeta.named(namespace(), name).withLabels(LABELS),
                Json.object("containers", Json.array(Json.object("name", "app", "image", "busybox:1.36"))), null);
    }

    private PersistentVolumeClaim claim(String name) {
        return new PersistentVolumeClaim(ObjectMeta.named(namespace(), name),
                Json.object("accessModes", Json.array("ReadWriteOnce"), "resources", Json.object("requests", Json.object("storage", "1Gi"))), null);
    }

    private static Pod owned(Pod pod, OwnerReference owner) {
        return pod.withMetadata(pod.metadata().withOwnerReferences(List.of(owner)));
    }

    private static PersistentVolumeClaim owned(PersistentVolumeClaim claim, OwnerReference owner) {
        return claim.withMetadata(claim.metadata().withOwnerReferences(List.of(owner)));
    }

    private ControllerRevision revision(String name) {
        return new ControllerRevision(ObjectMeta.named(namespace(), name).withLabels(LABELS), "{\"spec\":{}}", 1, Json.object("spec", Json.object()));
    }

    private static StatefulSetStatus status(int replicas) {
        return new StatefulSetStatus(1, replicas, 0, 0, 0, 0, "", "", null, List.of());
    }
}
