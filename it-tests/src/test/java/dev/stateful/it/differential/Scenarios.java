package dev.stateful.it.differential;

import dev.stateful.it.support.WebSet;
import java.util.List;

/** The hand-written scenarios, at least one per upstream rule group; names say the group first. */
final class Scenarios {

    static final String V1 = WebSet.V1;
    static final String V2 = WebSet.V2;
    static final String V3 = "registry.k8s.io/pause:3.8";

    private Scenarios() {
    }

    static WebSet web(Actions a) {
        return WebSet.in(a.namespace());
    }

    static List<Scenario> all() {
        return List.of(
                Scenario.named("identity: three pods named by ordinal, each with its claim")
                        .then("create 3 OrderedReady", a -> a.create(web(a).replicas(3))).build(),
                Scenario.named("identity: ordinals.start numbers the pods from 5")
                        .then("create 2 from ordinal 5", a -> a.create(web(a).replicas(2).ordinalsStart(5)))
                        .then("scale to 3", a -> a.scale(3)).build(),
                Scenario.named("storage: two claim templates give each pod two claims")
                        .then("create 2 with www and logs", a -> a.create(web(a).replicas(2).claimTemplates("www", "logs"))).build(),
                Scenario.named("storage: no claim templates, no claims")
                        .then("create 2 without storage", a -> a.create(web(a).replicas(2).claimTemplates())).build(),
                Scenario.named("storage: a deleted claim of a running pod is not recreated while the pod runs")
                        .then("create 2", a -> a.create(web(a).replicas(2)))
                        .then("delete claim www-web-1", a -> a.deleteClaim("www-web-1"))
                        .then("delete pod web-1", a -> a.deletePod("web-1")).build(),
                Scenario.named("storage: a pod whose claims are being deleted is not created, with FailedCreate naming them")
                        .parallel()
                        .then("create 3 Parallel with www and logs", a -> a.create(web(a).replicas(3).parallel().claimTemplates("www", "logs")))
                        .then("delete claims www-web-1, www-web-2 and logs-web-2, held by a finalizer", a -> {
                            a.deleteClaimHeld("www-web-1");
                            a.deleteClaimHeld("www-web-2");
                            a.deleteClaimHeld("logs-web-2");
                        })
                        .then("delete pods web-1 and web-2", a -> {
                            a.deletePod("web-1");
                            a.deletePod("web-2");
                        }).build(),
                Scenario.named("storage: a claim the namespace's quota refuses, beside one being deleted, fails its pod with one FailedCreate naming both")
                        .then("create 2 with www and logs", a -> a.create(web(a).replicas(2).claimTemplates("www", "logs")))
                        .then("scale to 1", a -> a.scale(1))
                        .then("delete claim logs-web-1, and www-web-1 held by a finalizer", a -> {
                            a.deleteClaim("logs-web-1");
                            a.deleteClaimHeld("www-web-1");
                        })
                        .then("limit the namespace to 2 claims", a -> a.limit("persistentvolumeclaims", 2))
                        .then("scale to 2", a -> a.scale(2)).build(),
                Scenario.named("retention: whenScaled Delete gives removed pods' claims to their pods")
                        .then("create 3, whenScaled Delete", a -> a.create(web(a).replicas(3).whenScaled("Delete")))
                        .then("scale to 1", a -> a.scale(1))
                        .then("scale to 3", a -> a.scale(3)).build(),
                Scenario.named("retention: whenDeleted Delete makes the set own its claims")
                        .then("create 2, whenDeleted Delete", a -> a.create(web(a).replicas(2).whenDeleted("Delete")))
                        .then("delete the set", Actions::deleteSet).build(),
                Scenario.named("retention: switching the policy rewrites the claims' owners")
                        .then("create 2, Retain", a -> a.create(web(a).replicas(2)))
                        .then("whenScaled and whenDeleted Delete", a -> a.retention("Delete", "Delete"))
                        .then("back to Retain", a -> a.retention("Retain", "Retain")).build(),
                Scenario.named("retention: a switch of whenDeleted to Retain keeps the claims of pods scaled down earlier when the set goes")
                        .then("create 3, whenDeleted Delete", a -> a.create(web(a).replicas(3).whenDeleted("Delete")))
                        .then("scale to 1", a -> a.scale(1))
                        .then("whenDeleted back to Retain", a -> a.retention("Retain", "Retain"))
                        .then("delete the set", Actions::deleteSet).build(),
                Scenario.named("ordering: OrderedReady creates one pod at a time")
                        .then("create 4 OrderedReady", a -> a.create(web(a).replicas(4))).build(),
                Scenario.named("ordering: OrderedReady waits behind a pod that never becomes ready")
                        .then("create 3 with a broken image", a -> a.create(web(a).replicas(3).image(WebSet.BROKEN))).build(),
                Scenario.named("ordering: Parallel creates every pod at once")
                        .parallel()
                        .then("create 4 Parallel", a -> a.create(web(a).replicas(4).parallel())).build(),
                Scenario.named("ordering: Parallel does not wait for readiness")
                        .parallel()
                        .then("create 3 Parallel broken", a -> a.create(web(a).replicas(3).parallel().image(WebSet.BROKEN))).build(),
                Scenario.named("scale-down: from the highest ordinal, one at a time")
                        .then("create 4", a -> a.create(web(a).replicas(4)))
                        .then("scale to 1", a -> a.scale(1)).build(),
                Scenario.named("scale-down: Parallel removes all condemned pods at once")
                        .parallel()
                        .then("create 4 Parallel", a -> a.create(web(a).replicas(4).parallel()))
                        .then("scale to 1", a -> a.scale(1)).build(),
                Scenario.named("scale-down: waits for a terminating pod before the next")
                        .then("create 3", a -> a.create(web(a).replicas(3)))
                        .then("hold web-2's termination", a -> a.holdTermination("web-2"))
                        .then("scale to 1", a -> a.scale(1))
                        .then("let web-2 terminate", a -> a.releaseTermination("web-2")).build(),
                Scenario.named("scale-down: scale to zero and back")
                        .then("create 2", a -> a.create(web(a).replicas(2)))
                        .then("scale to 0", a -> a.scale(0))
                        .then("scale to 2", a -> a.scale(2)).build(),
                Scenario.named("revisions: a template change makes a new revision and rolls from the top")
                        .then("create 3", a -> a.create(web(a).replicas(3)))
                        .then("image v2", a -> a.image(V2)).build(),
                Scenario.named("revisions: reverting the template reuses the first revision, renumbered")
                        .then("create 2", a -> a.create(web(a).replicas(2)))
                        .then("image v2", a -> a.image(V2))
                        .then("image v1 again", a -> a.image(V1)).build(),
                Scenario.named("revisions: three templates, history kept")
                        .then("create 2", a -> a.create(web(a).replicas(2)))
                        .then("image v2", a -> a.image(V2))
                        .then("image v3", a -> a.image(V3)).build(),
                Scenario.named("partition: pods below the partition keep the old revision")
                        .then("create 3 partition 2", a -> a.create(web(a).replicas(3).partition(2)))
                        .then("image v2", a -> a.image(V2))
                        .then("partition 1", a -> a.partition(1))
                        .then("partition 0", a -> a.partition(0)).build(),
                Scenario.named("partition: a partition above replicas updates nothing")
                        .then("create 2 partition 5", a -> a.create(web(a).replicas(2).partition(5)))
                        .then("image v2", a -> a.image(V2)).build(),
                Scenario.named("maxUnavailable: Parallel rolls two at a time")
                        .parallel()
                        .then("create 4 Parallel maxUnavailable 2", a -> a.create(web(a).replicas(4).parallel().maxUnavailable(2)))
                        .then("image v2", a -> a.image(V2)).build(),
                Scenario.named("maxUnavailable: changed before an update")
                        .parallel()
                        .then("create 3 Parallel", a -> a.create(web(a).replicas(3).parallel()))
                        .then("maxUnavailable 3", a -> a.maxUnavailable(3))
                        .then("image v2", a -> a.image(V2)).build(),
                // 1.36.3 waits while web-0 is unavailable (kubernetes#137409) and rolls once it fails: MAX_UNAVAILABLE_ALWAYS_HONOURED
                Scenario.named("maxUnavailable: an outdated pod that is not ready is replaced at once")
                        .parallel()
                        .then("create 3 Parallel", a -> a.create(web(a).replicas(3).parallel()))
                        .then("web-0 not ready", a -> a.ready("web-0", false))
                        .then("image v2", a -> a.image(V2))
                        .then("web-0 fails", a -> a.failPod("web-0")).build(),
                // 1.36.3 holds for good while web-0 stays not ready; ours has rolled and stays ahead: MAX_UNAVAILABLE_ALWAYS_HONOURED
                Scenario.named("maxUnavailable: an outdated pod that stays not ready does not hold the rollout")
                        .parallel()
                        .then("create 2 Parallel", a -> a.create(web(a).replicas(2).parallel()))
                        .then("web-0 not ready", a -> a.ready("web-0", false))
                        .then("image v2", a -> a.image(V2))
                        .then("scale to 3", a -> a.scale(3)).build(),
                // the budget's edge: an unavailable pod the rollout may not replace is charged, in ours as upstream
                Scenario.named("maxUnavailable: a not-ready pod below the partition holds the rollout above it")
                        .parallel()
                        .then("create 3 Parallel partition 1", a -> a.create(web(a).replicas(3).parallel().partition(1)))
                        .then("web-0 not ready", a -> a.ready("web-0", false))
                        .then("image v2", a -> a.image(V2))
                        .then("web-0 ready", a -> a.ready("web-0", true)).build(),
                Scenario.named("onDelete: a template change replaces no pod by itself")
                        .then("create 2 OnDelete", a -> a.create(web(a).replicas(2).onDelete()))
                        .then("image v2", a -> a.image(V2))
                        .then("delete web-0", a -> a.deletePod("web-0"))
                        .then("delete web-1", a -> a.deletePod("web-1")).build(),
                Scenario.named("onDelete: switching to RollingUpdate rolls the rest")
                        .then("create 3 OnDelete", a -> a.create(web(a).replicas(3).onDelete()))
                        .then("image v2", a -> a.image(V2))
                        .then("switch to RollingUpdate", Actions::rollingUpdate).build(),
                Scenario.named("onDelete: switching from RollingUpdate stops an update")
                        .then("create 2", a -> a.create(web(a).replicas(2)))
                        .then("switch to OnDelete", Actions::onDelete)
                        .then("image v2", a -> a.image(V2)).build(),
                Scenario.named("status: minReadySeconds delays availability")
                        .then("create 2 minReadySeconds 2", a -> a.create(web(a).replicas(2).minReadySeconds(2))).build(),
                Scenario.named("status: a pod that stops being ready is counted unready")
                        .then("create 2", a -> a.create(web(a).replicas(2)))
                        .then("web-1 not ready", a -> a.ready("web-1", false))
                        .then("web-1 ready again", a -> a.ready("web-1", true)).build(),
                Scenario.named("status: a failed pod is replaced")
                        .then("create 2", a -> a.create(web(a).replicas(2)))
                        .then("web-0 fails", a -> a.failPod("web-0")).build(),
                Scenario.named("status: a deleted pod is recreated with the same name and claim")
                        .then("create 2", a -> a.create(web(a).replicas(2)))
                        .then("delete web-0", a -> a.deletePod("web-0")).build(),
                Scenario.named("adoption: a set re-created over orphaned pods adopts them")
                        .then("create 2", a -> a.create(web(a).replicas(2)))
                        .then("delete the set, orphaning", Actions::orphanSet)
                        .then("create it again", a -> a.create(web(a).replicas(2))).build(),
                Scenario.named("events: a broken update is reported and rolled back")
                        .then("create 2", a -> a.create(web(a).replicas(2)))
                        .then("broken image", a -> a.image(WebSet.BROKEN))
                        .then("image v1 again", a -> a.image(V1)).build(),
                Scenario.named("events: a pod the namespace's quota refuses is a FailedCreate Warning in the API server's words, its claim created first")
                        .then("limit the namespace to 1 pod", a -> a.limit("pods", 1))
                        .then("create 2", a -> a.create(web(a).replicas(2))).build());
    }
}
