package dev.stateful.domain.sync;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.Ordinals;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.revision.RevisionHistory;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.domain.testing.TestJson;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A snapshot holding only what a set's sync reads — its own pods and the orphans, the claims
 * {@link Snapshot#claimNames} names, its own and orphan revisions plus those whose name starts with
 * the set's — gives the same plan as one holding the whole namespace. Random namespaces mix the set
 * with pods, claims and revisions of another set and of other controllers, claims of ordinals beyond
 * the range and a revision of another owner taking the name the set's next revision wants.
 */
class ScopedSnapshotTest {

    private static final int RUNS = 1_500;
    private static final Instant NOW = Fixtures.T0.plus(Duration.ofDays(1));
    private static final String OTHER_UID = "someone-else-uid";

    @Test
    void aSnapshotOfWhatTheSetReadsPlansLikeTheWholeNamespace() {
        Random master = new Random(0x5C09EL);
        for (int run = 0; run < RUNS; run++) {
            long seed = master.nextLong();
            Snapshot whole = namespace(new Random(seed));
            Snapshot scoped = scope(whole);
            assertThat(StatefulSetPlanner.plan(scoped)).as("seed %d", seed).isEqualTo(StatefulSetPlanner.plan(whole));
        }
    }

    @Test
    void claimNamesCoverTheReplicaRangeAndEveryMemberPodBeyondItButNotOtherSetsPods() {
        StatefulSet set = Fixtures.statefulSet("web", 2);
        StatefulSet db = Fixtures.statefulSet("db", 1);
        List<Pod> pods = List.of(Observed.member(set, 5, "r"), Observed.member(db, 7, "r"));

        Set<String> names = Snapshot.claimNames(set, pods).orElseThrow();

        String template = set.spec().volumeClaimTemplates().get(0).name();
        assertThat(names).containsExactly(template + "-web-0", template + "-web-1", template + "-web-5");
    }

    @Test
    void aHugeReplicaCountReadsEveryClaimOfTheNamespaceInsteadOfNamingThem() {
        StatefulSet base = Fixtures.statefulSet("web", 1);
        // invalid too: the planner will refuse it, but the snapshot is read first
        StatefulSet huge = base.withSpec(base.spec().withReplicas(Integer.MAX_VALUE).withMinReadySeconds(-1));
        List<PersistentVolumeClaim> all = Observed.claimsOf(base, 0);

        Map<String, PersistentVolumeClaim> claims = Snapshot.claimsOf(huge, List.of(), name -> {
            throw new AssertionError("looked up " + name);
        }, () -> all, () -> {
            throw new AssertionError("every claim is read already");
        });

        assertThat(Snapshot.claimNames(huge, List.of())).isEmpty();
        assertThat(claims.values()).containsExactlyElementsOf(all);
    }

    /** What the reconciler reads through the indexed port methods, from the whole namespace. */
    private static Snapshot scope(Snapshot whole) {
        StatefulSet set = whole.set();
        String uid = set.metadata().uid();
        List<Pod> pods = whole.pods().stream().filter(p -> controlledByOrOrphan(p.metadata(), uid)).toList();
        Map<String, PersistentVolumeClaim> claims = Snapshot.claimsOf(set, pods, whole::claim, () -> {
            throw new AssertionError("a small set names its claims");
        }, () -> whole.claims().values().stream().filter(c -> c.metadata().isControlledBy(uid)).toList());
        List<ControllerRevision> revisions = whole.revisions().stream()
                .filter(r -> r.name().startsWith(set.name() + "-") || controlledByOrOrphan(r.metadata(), uid)).toList();
        return new Snapshot(set, pods, claims, revisions, whole.now());
    }

    private static boolean controlledByOrOrphan(ObjectMeta meta, String uid) {
        return meta.controllerRef().map(ref -> ref.uid().equals(uid)).orElse(true);
    }

    private static Snapshot namespace(Random rnd) {
        int replicas = rnd.nextInt(6);
        int start = rnd.nextInt(3);
        StatefulSet base = Fixtures.statefulSet("web", replicas);
        StatefulSetSpec spec = base.spec()
                .withOrdinals(start == 0 ? null : new Ordinals(start))
                .withPodManagementPolicy(rnd.nextBoolean() ? StatefulSetSpec.PARALLEL : StatefulSetSpec.ORDERED_READY)
                .withRetentionPolicy(new RetentionPolicy(rnd.nextBoolean() ? "Retain" : "Delete", rnd.nextBoolean() ? "Retain" : "Delete"))
                .withUpdateStrategy(rnd.nextBoolean() ? UpdateStrategy.onDelete() : UpdateStrategy.rollingUpdate(rnd.nextInt(2), null));
        StatefulSet setA = base.withSpec(spec);
        StatefulSet setB = Fixtures.withImage(setA, "nginx:1.27");
        ControllerRevision a = RevisionHistory.newRevision(setA, 1, 0);
        ControllerRevision b = RevisionHistory.newRevision(setB, 2, 0);
        StatefulSet set = rnd.nextBoolean() ? setA : setB;
        set = set.withStatus(new StatefulSetStatus(1, replicas, 0, 0, 0, 0, a.name(), b.name(), 0, List.of()));
        if (rnd.nextInt(10) == 0) {
            set = set.withMetadata(set.metadata().withDeletionTimestamp(NOW.minusSeconds(5)));
        }
        StatefulSet db = Fixtures.statefulSet("db", 2);

        List<Pod> pods = new ArrayList<>();
        List<PersistentVolumeClaim> claims = new ArrayList<>();
        for (int ordinal = 0; ordinal <= start + replicas + 3; ordinal++) {
            int kind = rnd.nextInt(10);
            if (kind >= 3) {
                Pod pod = Observed.member(set, ordinal, rnd.nextBoolean() ? a.name() : b.name());
                pod = rnd.nextBoolean() ? Observed.runningReady(pod, NOW.minusSeconds(60)) : pod;
                if (kind == 3) {
                    pod = pod.withMetadata(pod.metadata().withOwnerReferences(List.of()));
                } else if (kind == 4) {
                    pod = pod.withMetadata(pod.metadata().withOwnerReferences(List.of(controllerRef("web", OTHER_UID))));
                } else if (kind == 5) {
                    pod = Observed.terminating(pod, NOW.minusSeconds(1));
                }
                pods.add(pod);
            }
            if (rnd.nextInt(10) < 7) {
                claims.addAll(withRandomOwner(rnd, Observed.claimsOf(set, ordinal), set));
            }
            if (ordinal < 3) {
                Pod other = Observed.member(db, ordinal, "db-rev");
                pods.add(rnd.nextBoolean() ? other : other.withMetadata(other.metadata().withOwnerReferences(List.of())));
                claims.addAll(Observed.claimsOf(db, ordinal));
            }
        }
        Collections.shuffle(pods, rnd);

        List<ControllerRevision> revisions = new ArrayList<>();
        revisions.add(rnd.nextInt(4) == 0 ? withController(a, null) : a);
        int bKind = rnd.nextInt(4);
        if (bKind == 0) {
            revisions.add(withController(b, OTHER_UID));
        } else if (bKind == 1) {
            // another owner's revision under the name setB's revision wants, with other data: a collision
            ControllerRevision other = RevisionHistory.newRevision(Fixtures.withImage(setA, "nginx:9"), 2, 0);
            revisions.add(withController(TestJson.revision(b.metadata(), other.data(), 2), OTHER_UID));
        } else {
            revisions.add(b);
        }
        revisions.add(withController(RevisionHistory.newRevision(db, 1, 0), db.metadata().uid()));
        Collections.shuffle(revisions, rnd);
        return Observed.snapshot(set).pods(pods).claims(claims).revisions(revisions).at(NOW).build();
    }

    private static List<PersistentVolumeClaim> withRandomOwner(Random rnd, List<PersistentVolumeClaim> claims, StatefulSet set) {
        List<PersistentVolumeClaim> out = new ArrayList<>();
        for (PersistentVolumeClaim c : claims) {
            int kind = rnd.nextInt(4);
            List<OwnerReference> refs = kind == 0 ? List.of(controllerRef(set.name(), set.metadata().uid()))
                    : kind == 1 ? List.of(controllerRef("x", OTHER_UID)) : List.of();
            out.add(c.withMetadata(c.metadata().withOwnerReferences(refs)));
        }
        return out;
    }

    private static ControllerRevision withController(ControllerRevision r, String uid) {
        return r.withMetadata(r.metadata().withOwnerReferences(uid == null ? List.of() : List.of(controllerRef("owner", uid))));
    }

    private static OwnerReference controllerRef(String name, String uid) {
        return new OwnerReference(OwnerReference.STATEFUL_SET_API_VERSION, OwnerReference.STATEFUL_SET_KIND, name, uid, true, true);
    }
}
