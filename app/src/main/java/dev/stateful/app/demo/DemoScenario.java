package dev.stateful.app.demo;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.revision.RevisionData;
import dev.stateful.domain.revision.RevisionHistory;
import dev.stateful.domain.availability.Availability;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.manifest.ApplyResult;
import dev.stateful.inmemory.store.DeleteOptions;
import dev.stateful.inmemory.store.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The story the {@code demo} command tells on the in-memory cluster: ordered creation, scale up,
 * scale down, a canary with a partition, the full rolling update and a rollback; for an OnDelete
 * set the update and the rollback are rolled out by deleting pods, as its users do.
 */
public final class DemoScenario {

    private final InMemoryCluster cluster;
    private final ControllerDriver driver;
    private final Narrator narrator;

    public DemoScenario(InMemoryCluster cluster, ControllerDriver driver, Narrator narrator) {
        this.cluster = cluster;
        this.driver = driver;
        this.narrator = narrator;
    }

    /** Runs the story for the first StatefulSet the manifest applied. */
    public void run(ApplyResult applied) {
        ObjectKey key = applied.applied().stream().filter(a -> a.kind() == Kind.STATEFULSETS)
                .map(ApplyResult.Applied::key).findFirst()
                .orElseThrow(() -> new dev.stateful.app.InvalidInputException("the manifest has no StatefulSet"));
        StatefulSet set = set(key);
        int replicas = set.spec().replicasOrDefault();
        narrator.say("");
        narrator.say("1. Create StatefulSet " + key.name() + ": " + replicas + " replicas, " + set.spec().podManagementPolicy()
                + ", " + set.spec().updateStrategy().type()
                + (set.spec().minReadySeconds() > 0 ? ", minReadySeconds " + set.spec().minReadySeconds() : "")
                + (set.spec().volumeClaimTemplates().isEmpty() ? "" : ", claims whenScaled: " + set.spec().retentionPolicyOrDefault().whenScaled()));
        driver.settle();
        summary(key);

        int up = replicas + 2;
        step("2. Scale up to " + up + " (kubectl scale statefulset " + key.name() + " --replicas=" + up + ")", key,
                s -> s.withSpec(s.spec().withReplicas(up)));
        boolean claimsGo = set(key).spec().retentionPolicyOrDefault().deleteWhenScaled();
        step("3. Scale down to 2: pods go highest ordinal first, " + (claimsGo
                ? "and their claims are deleted with them (whenScaled: Delete)" : "their claims stay (whenScaled: Retain)"),
                key, s -> s.withSpec(s.spec().withReplicas(2)));

        String image = firstImage(set(key));
        String next = nextImage(image);
        if (set(key).spec().updateStrategy().isOnDelete()) {
            onDeleteUpdate(key, image, next);
        } else {
            rollingUpdate(key, image, next);
        }
        ControllerRevision previous = previousRevision(key);
        String undo = "kubectl rollout undo statefulset " + key.name();
        if (set(key).spec().updateStrategy().isOnDelete()) {
            step("6. Roll back (" + undo + "): the template goes back to revision " + previous.revision() + " (" + previous.name()
                    + "); under OnDelete no pod is replaced until it is deleted", key, s -> RevisionData.applyRevision(s, previous));
            deletePods("7. Delete the pods again: each comes back at the restored revision", key);
        } else {
            step("6. Roll back (" + undo + "): back to revision " + previous.revision() + " (" + previous.name() + ")", key,
                    s -> RevisionData.applyRevision(s, previous));
        }

        narrator.say("");
        narrator.say("Final state of " + key + ":");
        tables(key);
    }

    /** RollingUpdate: a canary behind a partition, then the rest. */
    private void rollingUpdate(ObjectKey key, String image, String next) {
        int canaryPartition = set(key).spec().replicasOrDefault() - 1;
        step("4. Canary: image " + image + " -> " + next + " with partition " + canaryPartition
                + ": only ordinals >= " + (set(key).spec().startOrdinal() + canaryPartition) + " are updated", key,
                s -> withPartition(withImage(s, next), canaryPartition));
        step("5. Finish the rollout: partition 0", key, s -> withPartition(s, 0));
    }

    /** OnDelete: the controller never replaces a pod by itself; the set keeps its strategy, the user deletes pods. */
    private void onDeleteUpdate(ObjectKey key, String image, String next) {
        step("4. Update the template: image " + image + " -> " + next + "; under OnDelete the pods keep running the old revision",
                key, s -> withImage(s, next));
        deletePods("5. Delete the pods (kubectl delete pod), highest ordinal first: each is re-created at the new revision", key);
    }

    private void deletePods(String title, ObjectKey key) {
        narrator.say("");
        narrator.say(title);
        StatefulSet s = set(key);
        List<Pod> pods = cluster.stores().pods().list(key.namespace()).stream()
                .filter(p -> PodIdentity.isMemberOf(s, p)).sorted(PodIdentity.DESCENDING_ORDINAL).toList();
        for (Pod pod : pods) {
            narrator.say("   kubectl delete pod " + pod.name());
            cluster.user().pods().delete(ObjectKey.of(pod.metadata()), DeleteOptions.DEFAULT);
            driver.settle();
        }
        summary(key);
    }

    private void step(String title, ObjectKey key, UnaryOperator<StatefulSet> change) {
        narrator.say("");
        narrator.say(title);
        StatefulSet current = set(key);
        cluster.user().statefulSets().update(change.apply(current));
        driver.settle();
        summary(key);
    }

    private void summary(ObjectKey key) {
        StatefulSet s = set(key);
        narrator.say(String.format("   => replicas %d, ready %d, available %d, updated %d; currentRevision %s, updateRevision %s",
                s.status().replicas(), s.status().readyReplicas(), s.status().availableReplicas(), s.status().updatedReplicas(),
                s.status().currentRevision(), s.status().updateRevision()));
    }

    private void tables(ObjectKey key) {
        StatefulSet s = set(key);
        List<String[]> pods = new ArrayList<>();
        pods.add(new String[] {"POD", "PHASE", "READY", "REVISION", "HOSTNAME"});
        cluster.stores().pods().list(key.namespace()).stream()
                .filter(p -> PodIdentity.isMemberOf(s, p)).sorted(PodIdentity.ASCENDING_ORDINAL)
                .forEach(p -> pods.add(new String[] {p.name(), p.status().phase(), Availability.isRunningAndReady(p) ? "true" : "false",
                        PodIdentity.revisionOf(p), p.spec().string("hostname").orElse("") + "." + p.spec().string("subdomain").orElse("")}));
        narrator.table(pods);
        narrator.say("");
        List<String[]> claims = new ArrayList<>();
        claims.add(new String[] {"CLAIM", "OWNERS", "IN USE BY"});
        for (PersistentVolumeClaim c : cluster.stores().claims().list(key.namespace())) {
            String podName = podOf(s, c.name());
            boolean used = !podName.isEmpty() && cluster.stores().pods().get(new ObjectKey(key.namespace(), podName)).isPresent();
            // "retained" only where it is the policy's doing: a claim whose pod is gone and that nothing owns
            String owners = c.metadata().ownerReferences().isEmpty() ? (used ? "none" : "none (retained)")
                    : String.join(",", c.metadata().ownerReferences().stream().map(r -> r.kind() + "/" + r.name()).toList());
            claims.add(new String[] {c.name(), owners, used ? podName : "-"});
        }
        narrator.table(claims);
        narrator.say("");
        List<String[]> revisions = new ArrayList<>();
        revisions.add(new String[] {"REVISION", "NUMBER", "ROLE"});
        for (ControllerRevision r : RevisionHistory.sorted(cluster.stores().revisions().list(key.namespace()))) {
            String role = r.name().equals(s.status().updateRevision())
                    ? (r.name().equals(s.status().currentRevision()) ? "current, update" : "update")
                    : r.name().equals(s.status().currentRevision()) ? "current" : "history";
            revisions.add(new String[] {r.name(), Long.toString(r.revision()), role});
        }
        narrator.table(revisions);
    }

    /**
     * The pod a claim of {@code set} belongs to: its name after the claim template's and a dash
     * ({@code my-data-web-0} is {@code web-0}'s claim of template {@code my-data}); empty when no
     * template of the set names it.
     */
    static String podOf(StatefulSet set, String claimName) {
        return set.spec().volumeClaimTemplates().stream().map(t -> t.name() + "-" + set.name() + "-")
                .filter(claimName::startsWith).max(java.util.Comparator.comparingInt(String::length))
                .map(prefix -> claimName.substring(prefix.length() - set.name().length() - 1)).orElse("");
    }

    private StatefulSet set(ObjectKey key) {
        return cluster.stores().statefulSets().get(key).orElseThrow(() -> new IllegalStateException(key + " disappeared"));
    }

    private ControllerRevision previousRevision(ObjectKey key) {
        List<ControllerRevision> sorted = RevisionHistory.sorted(cluster.stores().revisions().list(key.namespace()));
        if (sorted.size() < 2) {
            throw new IllegalStateException("no earlier revision to roll back to");
        }
        return sorted.get(sorted.size() - 2);
    }

    private static StatefulSet withPartition(StatefulSet s, int partition) {
        UpdateStrategy.RollingUpdate ru = s.spec().updateStrategy().rollingUpdate();
        return s.withSpec(s.spec().withUpdateStrategy(new UpdateStrategy(UpdateStrategy.ROLLING_UPDATE,
                new UpdateStrategy.RollingUpdate(partition, ru == null ? null : ru.maxUnavailable()))));
    }

    private static String firstImage(StatefulSet s) {
        return s.spec().templateSpec().array("containers").stream().findFirst()
                .flatMap(Json::asObject).flatMap(c -> c.string("image")).orElse("image");
    }

    /** The image the canary rolls out: the tag's last number bumped ({@code nginx-slim:0.8 -> 0.9}), else {@code :canary}. */
    static String nextImage(String image) {
        int colon = image.lastIndexOf(':');
        if (colon > image.lastIndexOf('/')) {
            String tag = image.substring(colon + 1);
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(.*?)(\\d+)$").matcher(tag);
            if (m.matches()) {
                return image.substring(0, colon + 1) + m.group(1) + (Long.parseLong(m.group(2)) + 1);
            }
            return image.substring(0, colon) + ":canary";
        }
        return image + ":canary";
    }

    private static StatefulSet withImage(StatefulSet s, String image) {
        Json.Obj spec = s.spec().templateSpec();
        List<Json> containers = new ArrayList<>(spec.array("containers"));
        if (!containers.isEmpty() && containers.get(0) instanceof Json.Obj first) {
            containers.set(0, first.with("image", image));
        }
        Json.Obj template = s.spec().template().with("spec", spec.with("containers", containers));
        return s.withSpec(s.spec().withTemplate(template));
    }
}
