package dev.stateful.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.it.support.MockApiServer;
import dev.stateful.it.support.PodTimeline;
import dev.stateful.it.support.Pods;
import dev.stateful.it.support.WebSet;
import dev.stateful.it.support.Workload;
import dev.stateful.it.support.WriteChecks;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The StatefulSet behaviours the controller must show on any API server, each in a namespace of
 * its own, observed only through the API (pods, claims, revisions, status, events). Subclasses
 * provide the cluster, with the controller running against it.
 */
abstract class CoreScenarios {

    /** A cluster with the controller running. */
    interface Environment {
        KubernetesClient client();

        /** How long a scenario step may take on this cluster. */
        Duration timeout();

        /** A fresh namespace, created if the cluster needs that. */
        String newNamespace();

        /** Lets owner-reference garbage collection happen in {@code namespace}: the real collector or a played one. */
        void collectGarbage(String namespace);

        /**
         * Checks the controller's writes to {@code namespace} where the server lets a test see them
         * ({@link WriteChecks}): on the mock, every request; a real API server shows none.
         */
        default Optional<MockApiServer> recordingServer() {
            return Optional.empty();
        }
    }

    protected abstract Environment environment();

    protected String namespace;
    protected PodTimeline timeline;
    protected Workload web;

    @BeforeEach
    void freshNamespace() {
        namespace = environment().newNamespace();
        timeline = PodTimeline.watch(environment().client(), namespace);
        web = new Workload(environment().client(), namespace, "web", environment().timeout());
    }

    @AfterEach
    void stopWatching() {
        timeline.close();
        environment().recordingServer().ifPresent(server -> WriteChecks.assertControllerWritesConsistent(server, namespace));
    }

    @Test
    void orderedReadyCreatesEachPodWithItsClaimOnlyAfterThePreviousOneIsReady() {
        StatefulSet created = web.create(WebSet.in(namespace).replicas(3));

        web.awaitRolledOut(3);

        assertThat(timeline.creations()).containsExactly("web-0", "web-1", "web-2");
        assertThat(timeline.createdBeforePredecessorWasReady("web")).isEmpty();
        assertThat(web.claimNames()).containsExactly("www-web-0", "www-web-1", "www-web-2");
        for (Pod pod : web.pods()) {
            String name = pod.getMetadata().getName();
            assertThat(controllerOf(pod)).as(name + " is controlled by the set").isEqualTo(created.getMetadata().getUid());
            assertThat(pod.getSpec().getVolumes()).as(name + " mounts its own claim")
                    .anySatisfy(v -> assertThat(v.getPersistentVolumeClaim().getClaimName()).isEqualTo("www-" + name));
            assertThat(pod.getMetadata().getLabels()).containsEntry("statefulset.kubernetes.io/pod-name", name);
        }
        StatefulSet set = web.set();
        StatefulSetStatus status = set.getStatus();
        assertThat(status.getObservedGeneration()).isEqualTo(set.getMetadata().getGeneration());
        assertThat(List.of(status.getReplicas(), status.getReadyReplicas(), status.getAvailableReplicas(),
                status.getCurrentReplicas(), status.getUpdatedReplicas())).containsOnly(3);
        assertThat(web.revisions()).extracting(r -> r.getMetadata().getName()).containsExactly(status.getUpdateRevision());
        web.await("an event for every claim and pod created", () -> web.eventMessages().containsAll(List.of(
                "Create Claim www-web-0 Pod web-0 in StatefulSet web success", "Create Pod web-0 in StatefulSet web successful",
                "Create Claim www-web-1 Pod web-1 in StatefulSet web success", "Create Pod web-1 in StatefulSet web successful",
                "Create Claim www-web-2 Pod web-2 in StatefulSet web success", "Create Pod web-2 in StatefulSet web successful")));
    }

    @Test
    void parallelCreatesEveryPodAtOnceWithoutWaitingForReadiness() {
        web.create(WebSet.in(namespace).replicas(3).parallel().image(WebSet.BROKEN));

        web.await("three pods", () -> web.pods().size() == 3);
        StatefulSetStatus status = web.await("status counting three unready pods", web::status,
                s -> s.getReplicas() != null && s.getReplicas() == 3);

        assertThat(web.pods()).noneMatch(Pods::isReady);
        assertThat(status.getReadyReplicas() == null ? 0 : status.getReadyReplicas()).isZero();
    }

    @Test
    void scalesUpInOrderAndDownFromTheHighestOrdinalKeepingTheClaims() {
        web.create(WebSet.in(namespace).replicas(1));
        web.awaitRolledOut(1);

        web.scale(3);
        web.awaitRolledOut(3);
        assertThat(timeline.creations()).containsExactly("web-0", "web-1", "web-2");
        assertThat(timeline.createdBeforePredecessorWasReady("web")).isEmpty();

        web.scale(1);
        web.awaitRolledOut(1);
        assertThat(timeline.deletions()).containsExactly("web-2", "web-1");
        assertThat(web.claimNames()).as("whenScaled: Retain").containsExactly("www-web-0", "www-web-1", "www-web-2");
        web.await("an event for every pod deleted", () -> web.eventMessages().containsAll(List.of(
                "Delete Pod web-2 in StatefulSet web successful", "Delete Pod web-1 in StatefulSet web successful")));
    }

    @Test
    void aRollingUpdateStopsAtThePartitionAndFinishesWhenItIsLowered() {
        web.create(WebSet.in(namespace).replicas(3).partition(2));
        String first = web.awaitRolledOut(3).getStatus().getUpdateRevision();

        web.setImage(WebSet.V2);
        StatefulSetStatus canary = web.await("web-2 updated and Ready", web::status, s -> s.getUpdatedReplicas() != null
                && s.getUpdatedReplicas() == 1 && s.getReadyReplicas() == 3 && !first.equals(s.getUpdateRevision()));

        assertThat(Pods.image(web.pod("web-2"))).isEqualTo(WebSet.V2);
        assertThat(web.pods().subList(0, 2)).allSatisfy(p -> {
            assertThat(Pods.image(p)).isEqualTo(WebSet.V1);
            assertThat(Pods.revision(p)).isEqualTo(first);
        });
        assertThat(canary.getCurrentRevision()).isEqualTo(first);
        assertThat(canary.getCurrentReplicas()).isEqualTo(2);

        web.setPartition(0);
        StatefulSetStatus done = web.awaitRolledOut(3).getStatus();

        assertThat(timeline.deletions()).containsExactly("web-2", "web-1", "web-0");
        assertThat(web.pods()).allSatisfy(p -> assertThat(Pods.image(p)).isEqualTo(WebSet.V2));
        assertThat(done.getCurrentRevision()).isEqualTo(canary.getUpdateRevision());
    }

    @Test
    void onDeleteLeavesPodsAloneUntilTheyAreDeleted() {
        web.create(WebSet.in(namespace).replicas(2).onDelete());
        web.awaitRolledOut(2);
        Map<String, String> uids = uids();

        web.setImage(WebSet.V2);
        StatefulSetStatus pending = web.await("a new update revision", web::status,
                s -> s.getUpdateRevision() != null && !s.getUpdateRevision().equals(s.getCurrentRevision()));
        assertThat(uids()).as("no pod replaced").isEqualTo(uids);
        assertThat(timeline.deletions()).isEmpty();

        web.deletePod("web-1");
        Pod replaced = web.await("web-1 recreated and Ready", () -> web.pods().stream()
                .filter(p -> p.getMetadata().getName().equals("web-1")).findFirst().orElse(null),
                p -> p != null && !p.getMetadata().getUid().equals(uids.get("web-1")) && Pods.isReady(p));

        assertThat(Pods.image(replaced)).isEqualTo(WebSet.V2);
        assertThat(Pods.revision(replaced)).isEqualTo(pending.getUpdateRevision());
        assertThat(web.pod("web-0").getMetadata().getUid()).isEqualTo(uids.get("web-0"));
        assertThat(Pods.image(web.pod("web-0"))).isEqualTo(WebSet.V1);
        web.await("status counting one updated replica", () -> web.status().getUpdatedReplicas() == 1);
    }

    @Test
    void revertingTheTemplateRollsBackToTheEarlierRevisionRenumbered() {
        web.create(WebSet.in(namespace).replicas(3));
        String a = web.awaitRolledOut(3).getStatus().getUpdateRevision();
        web.setImage(WebSet.V2);
        String b = web.awaitRolledOut(3).getStatus().getUpdateRevision();

        web.setImage(WebSet.V1);
        StatefulSetStatus status = web.awaitRolledOut(3).getStatus();

        assertThat(status.getUpdateRevision()).isEqualTo(a);
        assertThat(status.getCurrentRevision()).isEqualTo(a);
        assertThat(web.revisions()).extracting(r -> r.getMetadata().getName() + "@" + r.getRevision())
                .containsExactly(b + "@2", a + "@3");
        assertThat(web.pods()).allSatisfy(p -> {
            assertThat(Pods.image(p)).isEqualTo(WebSet.V1);
            assertThat(Pods.revision(p)).isEqualTo(a);
        });
    }

    @Test
    void claimsFollowTheRetentionPolicyOnScaleDownAndOnDeletion() {
        StatefulSet created = web.create(WebSet.in(namespace).replicas(3).deleteClaims());
        web.awaitRolledOut(3);
        assertThat(web.claims()).allSatisfy(c -> assertThat(c.getMetadata().getOwnerReferences())
                .extracting(OwnerReference::getUid).containsExactly(created.getMetadata().getUid()));

        web.scale(1);
        web.awaitRolledOut(1);
        environment().collectGarbage(namespace);
        web.await("the claims of the removed pods collected", () -> web.claimNames().equals(List.of("www-web-0")));

        web.delete();
        environment().collectGarbage(namespace);
        web.await("pods and claims collected with the set", () -> web.pods().isEmpty() && web.claims().isEmpty());
    }

    @Test
    void anOrphanPodThatMatchesIsAdoptedNotReplaced() {
        Pod orphan = environment().client().pods().inNamespace(namespace).resource(WebSet.in(namespace).orphanPod("web-0")).create();

        StatefulSet created = web.create(WebSet.in(namespace).replicas(1).onDelete());

        Pod adopted = web.await("web-0 adopted", () -> web.pod("web-0"), p -> created.getMetadata().getUid().equals(controllerOf(p)));
        assertThat(adopted.getMetadata().getUid()).isEqualTo(orphan.getMetadata().getUid());
        web.await("status counting the adopted pod", () -> web.status().getReplicas() != null && web.status().getReplicas() == 1);
        assertThat(timeline.creations()).containsExactly("web-0");
    }

    /**
     * A claim still owned by a deleted earlier set of the name is not reused (README: a claim of a gone owner is
     * never reused); once it is gone the pod starts on a fresh one, although a claim's deletion enqueues no set.
     * A finalizer of the test's holds the claim until the test lets it go, so the garbage collector of a real
     * API server cannot take it before the controller has seen it.
     */
    @Test
    void aClaimOfADeletedEarlierSetHoldsBackThePodUntilItIsGoneAndThenAFreshOneIsMade() {
        KubernetesClient client = environment().client();
        PersistentVolumeClaim doomed = client.persistentVolumeClaims().inNamespace(namespace).resource(new PersistentVolumeClaimBuilder()
                .withNewMetadata().withName("www-web-0").addToLabels("app", "web").addToFinalizers("stateful.dev/held-by-test")
                    .addNewOwnerReference().withApiVersion("apps/v1").withKind("StatefulSet").withName("web")
                        .withUid("00000000-0000-0000-0000-00000000dead").withController(true).withBlockOwnerDeletion(true)
                    .endOwnerReference()
                .endMetadata()
                .withNewSpec().withAccessModes("ReadWriteOnce").withNewResources().addToRequests("storage", new Quantity("1Mi"))
                    .endResources().endSpec()
                .build()).create();

        web.create(WebSet.in(namespace).replicas(1));
        web.await("the set synced", () -> Long.valueOf(1).equals(web.status().getObservedGeneration()));
        assertThat(web.podNames()).as("no pod on a claim the garbage collector is to delete").isEmpty();

        // a merge patch, not an edit of the version read before: the garbage collector is deleting the claim (its owner
        // does not exist) and may write it between the read and the write, which then conflicts
        client.persistentVolumeClaims().inNamespace(namespace).withName("www-web-0")
                .patch(PatchContext.of(PatchType.JSON_MERGE), "{\"metadata\":{\"finalizers\":null}}");
        client.persistentVolumeClaims().inNamespace(namespace).withName("www-web-0").delete();

        web.awaitRolledOut(1);
        assertThat(web.claims()).singleElement()
                .satisfies(c -> assertThat(c.getMetadata().getUid()).isNotEqualTo(doomed.getMetadata().getUid()));
    }

    protected Map<String, String> uids() {
        return web.pods().stream().collect(Collectors.toMap(p -> p.getMetadata().getName(), p -> p.getMetadata().getUid()));
    }

    protected static String controllerOf(Pod pod) {
        List<OwnerReference> refs = pod.getMetadata().getOwnerReferences();
        return refs == null ? null : refs.stream().filter(r -> Boolean.TRUE.equals(r.getController()))
                .map(OwnerReference::getUid).findFirst().orElse(null);
    }
}
