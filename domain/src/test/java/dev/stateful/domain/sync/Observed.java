package dev.stateful.domain.sync;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.Fixtures;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pods and claims as the controller observes them in its caches: what a {@link Operation.CreatePod}
 * becomes once the API server stored it (a uid, phase Pending), how the kubelet moves it on (Running,
 * Ready with a lastTransitionTime, a terminal phase) and how a deletion shows (deletionTimestamp).
 * Also builds well-formed member pods and claims directly, for snapshots that start mid-life.
 */
final class Observed {

    private Observed() {
    }

    // ------------------------------------------------------------------ snapshots

    /** A snapshot builder: {@code Observed.snapshot(set).pods(...).claims(...).revisions(...).at(now).build()}. */
    static SnapshotBuilder snapshot(StatefulSet set) {
        return new SnapshotBuilder(set);
    }

    static final class SnapshotBuilder {
        private final StatefulSet set;
        private final List<Pod> pods = new ArrayList<>();
        private final Map<String, PersistentVolumeClaim> claims = new LinkedHashMap<>();
        private final List<ControllerRevision> revisions = new ArrayList<>();
        private Instant now = Fixtures.T0;

        private SnapshotBuilder(StatefulSet set) {
            this.set = set;
        }

        SnapshotBuilder pods(Pod... more) {
            pods.addAll(List.of(more));
            return this;
        }

        SnapshotBuilder pods(List<Pod> more) {
            pods.addAll(more);
            return this;
        }

        SnapshotBuilder claims(PersistentVolumeClaim... more) {
            return claims(List.of(more));
        }

        SnapshotBuilder claims(List<PersistentVolumeClaim> more) {
            more.forEach(c -> claims.put(c.name(), c));
            return this;
        }

        SnapshotBuilder revisions(ControllerRevision... more) {
            revisions.addAll(List.of(more));
            return this;
        }

        SnapshotBuilder revisions(List<ControllerRevision> more) {
            revisions.addAll(more);
            return this;
        }

        SnapshotBuilder at(Instant instant) {
            now = instant;
            return this;
        }

        Snapshot build() {
            return new Snapshot(set, pods, claims, revisions, now);
        }
    }

    // ------------------------------------------------------------------ pod lifecycle

    /** The pod of a create operation as the API server stores it: a uid, a creation time, phase Pending. */
    static Pod created(Operation.CreatePod op, String uid, Instant at) {
        Pod pod = op.pod();
        return pod.withMetadata(pod.metadata().withUid(uid).withCreationTimestamp(at)).withStatus(PodStatus.of(PodStatus.PENDING));
    }

    static Pod pending(Pod pod) {
        return pod.withStatus(PodStatus.of(PodStatus.PENDING));
    }

    /** Running, but its Ready condition is False (e.g. a failing readiness probe). */
    static Pod runningNotReady(Pod pod, Instant since) {
        return pod.withStatus(new PodStatus(PodStatus.RUNNING,
                List.of(new PodStatus.PodCondition(PodStatus.PodCondition.READY, "False", since))));
    }

    /** Running and Ready since {@code since} (the Ready condition's lastTransitionTime). */
    static Pod runningReady(Pod pod, Instant since) {
        return pod.withStatus(PodStatus.runningAndReady(since));
    }

    static Pod inPhase(Pod pod, String phase) {
        return pod.withStatus(new PodStatus(phase, pod.status().conditions()));
    }

    /** A graceful deletion in progress: the pod is still listed, with a deletionTimestamp. */
    static Pod terminating(Pod pod, Instant since) {
        return pod.withMetadata(pod.metadata().withDeletionTimestamp(since));
    }

    // ------------------------------------------------------------------ objects built directly

    /**
     * A well-formed pod of {@code set} at {@code ordinal} labelled with {@code revision}, controlled
     * by the set, with its claim volumes, phase Pending. Built by hand (not by the planner) so that
     * snapshots can start from any state.
     */
    static Pod member(StatefulSet set, int ordinal, String revision) {
        String name = set.name() + "-" + ordinal;
        Map<String, String> labels = new LinkedHashMap<>(set.spec().templateMetadata().stringMap("labels"));
        labels.put(PodIdentity.POD_NAME_LABEL, name);
        labels.put(PodIdentity.POD_INDEX_LABEL, Integer.toString(ordinal));
        labels.put(PodIdentity.REVISION_LABEL, revision);
        ObjectMeta meta = ObjectMeta.named(set.namespace(), name)
                .withGenerateName(set.name() + "-")
                .withUid(name + "-uid")
                .withCreationTimestamp(Fixtures.T0)
                .withLabels(labels)
                .withOwnerReferences(List.of(new OwnerReference(OwnerReference.STATEFUL_SET_API_VERSION,
                        OwnerReference.STATEFUL_SET_KIND, set.name(), set.metadata().uid(), true, true)));
        List<Object> volumes = new ArrayList<>();
        for (PersistentVolumeClaim template : set.spec().volumeClaimTemplates()) {
            volumes.add(Json.object("name", template.name(),
                    "persistentVolumeClaim", Json.object("claimName", template.name() + "-" + name)));
        }
        Json.Obj spec = set.spec().templateSpec().with("hostname", name).with("subdomain", set.spec().serviceName())
                .with("volumes", Json.from(volumes));
        return new Pod(meta, spec, PodStatus.of(PodStatus.PENDING));
    }

    /** The live claims of {@code ordinal}, one per template, without owner references (Retain/Retain). */
    static List<PersistentVolumeClaim> claimsOf(StatefulSet set, int ordinal) {
        List<PersistentVolumeClaim> out = new ArrayList<>();
        for (PersistentVolumeClaim template : set.spec().volumeClaimTemplates()) {
            String name = template.name() + "-" + set.name() + "-" + ordinal;
            ObjectMeta meta = ObjectMeta.named(set.namespace(), name).withUid(name + "-uid")
                    .withLabels(set.spec().selector().matchLabels());
            out.add(new PersistentVolumeClaim(meta, template.spec(), "Bound"));
        }
        return out;
    }

    /** The image of the pod's first container. */
    static String image(Pod pod) {
        return ((Json.Obj) pod.spec().array("containers").get(0)).string("image").orElse("");
    }

    static String revision(Pod pod) {
        return PodIdentity.revisionOf(pod);
    }
}
