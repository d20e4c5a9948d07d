package dev.stateful.domain.features;

import dev.stateful.domain.defaults.Defaults;
import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.SetExtensions;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code stateful migrate statefulset/NAME}: moving a running apps/v1 set into our own kind without
 * recreating a pod or claim. Create the set of our kind with the same spec; delete the apps/v1 set
 * with {@code propagationPolicy: Orphan} (the garbage collector takes its owner reference off its
 * pods and revisions, nothing else); the controller adopts the orphans, and since the same template
 * hashes to the same revision under both kinds, no pod is outdated. The plan is computed from what
 * exists now, so an interrupted migration re-run continues where it stopped.
 */
public final class Migration {

    /** kubectl's record of the last applied manifest: of the apps/v1 object, wrong for ours. */
    static final String LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";

    private Migration() {
    }

    /** One step of a migration. */
    public sealed interface Step {
        String describe();
    }

    /** Create {@code set}, of our kind, with the apps/v1 set's metadata and spec. */
    public record CreateOurs(StatefulSet set) implements Step {
        @Override
        public String describe() {
            return "create statefulset.apps.stateful.dev/" + set.name() + " in " + set.namespace()
                    + " with the spec of statefulset.apps/" + set.name() + " (" + set.spec().replicasOrDefault() + " replicas)";
        }
    }

    /** Delete the apps/v1 set (uid precondition) leaving its pods, claims and revisions in place. */
    public record DeleteAppsOrphaning(String namespace, String name, String uid) implements Step {
        @Override
        public String describe() {
            return "delete statefulset.apps/" + name + " in " + namespace + " with propagationPolicy=Orphan: its pods, claims and"
                    + " revisions stay, running";
        }
    }

    /** Wait for the controller (--kinds crd) to adopt these pods and revisions. */
    public record AwaitAdoption(List<String> pods, List<String> revisions) implements Step {
        @Override
        public String describe() {
            return "wait for the controller to adopt " + (pods.isEmpty() ? "no pod" : "pods " + String.join(", ", pods))
                    + (revisions.isEmpty() ? "" : " and revisions " + String.join(", ", revisions));
        }
    }

    /** A migration that cannot go on without a person deciding. */
    public static final class Refused extends RuntimeException {
        public Refused(String message) {
            super(message);
        }
    }

    /**
     * The steps left, in order; empty when the migration is complete.
     *
     * @param apps the apps/v1 set of that name, if it exists
     * @param ours the set of our kind of that name, if it exists
     * @param pods the namespace's pods; @param revisions its ControllerRevisions
     * @throws Refused when neither set exists, or both exist with different specs
     */
    public static List<Step> plan(String namespace, String name, Optional<StatefulSet> apps, Optional<StatefulSet> ours,
                                  List<Pod> pods, List<ControllerRevision> revisions) {
        if (apps.isEmpty() && ours.isEmpty()) {
            throw new Refused("statefulset " + namespace + "/" + name + " not found (neither apps/v1 nor apps.stateful.dev)");
        }
        List<Step> steps = new ArrayList<>();
        StatefulSet target;
        if (ours.isEmpty()) {
            target = ourKind(apps.get());
            steps.add(new CreateOurs(target));
        } else {
            target = ours.get();
            if (apps.isPresent() && !Defaults.spec(apps.get().spec()).equals(Defaults.spec(ours.get().spec()))) {
                throw new Refused("statefulset.apps/" + name + " and statefulset.apps.stateful.dev/" + name + " both exist in " + namespace
                        + " with different specs: make them equal or delete one of them, then run again");
            }
        }
        apps.ifPresent(a -> steps.add(new DeleteAppsOrphaning(namespace, name, a.metadata().uid())));
        String ourUid = ours.map(s -> s.metadata().uid()).orElse("");
        List<String> podsLeft = pods.stream()
                .filter(p -> PodIdentity.isMemberOf(target, p) && target.spec().selector() != null
                        && target.spec().selector().matches(p.metadata().labels()))
                .filter(p -> ourUid.isEmpty() || !p.metadata().isControlledBy(ourUid))
                .map(Pod::name).sorted().toList();
        List<String> revisionsLeft = revisions.stream()
                .filter(r -> r.name().startsWith(name + "-") && target.spec().selector() != null
                        && target.spec().selector().matches(r.metadata().labels()))
                .filter(r -> ourUid.isEmpty() || !r.metadata().isControlledBy(ourUid))
                .map(ControllerRevision::name).sorted().toList();
        if (!steps.isEmpty() || !podsLeft.isEmpty() || !revisionsLeft.isEmpty()) {
            steps.add(new AwaitAdoption(podsLeft, revisionsLeft));
        }
        return List.copyOf(steps);
    }

    /** The set of our kind an apps/v1 set becomes: its name, labels, annotations and spec; nothing the server assigns. */
    public static StatefulSet ourKind(StatefulSet apps) {
        Map<String, String> annotations = new LinkedHashMap<>(apps.metadata().annotations());
        annotations.remove(LAST_APPLIED);
        ObjectMeta meta = ObjectMeta.named(apps.namespace(), apps.name()).withLabels(apps.metadata().labels()).withAnnotations(annotations);
        return new StatefulSet(meta, apps.spec(), StatefulSetStatus.EMPTY, SetKind.STATEFUL_DEV, SetExtensions.NONE);
    }
}
