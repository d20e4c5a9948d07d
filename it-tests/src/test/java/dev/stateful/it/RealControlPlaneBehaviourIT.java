package dev.stateful.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.codec.JsonParser;
import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.Json;
import dev.stateful.fabric8.convert.ProtobufWatchEvent;
import dev.stateful.fabric8.convert.SlimPod;
import dev.stateful.it.support.Pods;
import dev.stateful.it.support.RealCluster;
import dev.stateful.it.support.RealClusterExtension;
import dev.stateful.it.support.WebSet;
import dev.stateful.it.support.Workload;
import dev.stateful.testsupport.api.ApiWrite;
import dev.stateful.testsupport.kubelet.SimulatedKubelet;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What only a real API server shows, with the controller running as deploy/'s service account:
 * the real garbage collector under each retention policy, orphaning and re-adoption, apps/v1
 * defaulting and validation, resourceVersion conflicts on {@code /status}, and watches that end
 * with 410 Gone.
 */
class RealControlPlaneBehaviourIT {

    static final Duration TIMEOUT = Duration.ofSeconds(60);

    @RegisterExtension
    static final RealClusterExtension real = new RealClusterExtension();
    static RealCluster cluster;

    String namespace;
    Workload web;

    @BeforeAll
    static void startController() {
        cluster = real.get();
        cluster.startController(RealCluster.CONTROLLER);
    }

    @BeforeEach
    void freshNamespace() {
        namespace = cluster.newNamespace();
        web = new Workload(cluster.client(), namespace, "web", TIMEOUT);
    }

    // ---------------------------------------------------------------- retention with the real garbage collector

    @Test
    void whenScaledDeleteLetsTheGarbageCollectorTakeOnlyTheClaimsOfRemovedPods() {
        web.create(WebSet.in(namespace).replicas(3).deleteClaimsWhenScaled());
        web.awaitRolledOut(3);

        web.scale(1);
        web.awaitRolledOut(1);
        web.await("the claims of web-1 and web-2 collected", () -> web.claimNames().equals(List.of("www-web-0")));
        web.scale(2);
        web.awaitRolledOut(2);

        assertThat(web.claimNames()).containsExactly("www-web-0", "www-web-1");
        assertNoClaimDeletedWhileItsPodLived();
        web.delete();
        web.await("the pods collected with the set", () -> web.pods().isEmpty());
        assertThat(web.claimNames()).as("whenDeleted: Retain").containsExactly("www-web-0", "www-web-1");
        assertThat(web.claims()).allSatisfy(c -> assertThat(c.getMetadata().getOwnerReferences()).isNullOrEmpty());
    }

    @Test
    void whenDeletedDeleteLetsTheGarbageCollectorTakeEveryClaimWithTheSet() {
        web.create(WebSet.in(namespace).replicas(2).deleteClaims());
        web.awaitRolledOut(2);

        web.delete();

        // the collector takes the pods and the claims at once, in no particular order: both go with the set
        web.await("pods, claims and revisions collected with the set", () -> web.pods().isEmpty() && web.claims().isEmpty()
                && web.revisions().isEmpty());
    }

    /**
     * Each claim deletion so far in the audit log comes after the deletion of its pod, and no pod
     * of that name was created in between (while the set exists: deleting it under whenDeleted
     * Delete takes pods and claims together).
     */
    void assertNoClaimDeletedWhileItsPodLived() {
        List<ApiWrite> writes = cluster.writes(w -> w.namespace().equals(namespace) && w.succeeded()
                && (w.resource().equals("pods") || w.resource().equals("persistentvolumeclaims")) && !w.subresource().equals("status"));
        for (ApiWrite claimDelete : writes.stream().filter(w -> w.resource().equals("persistentvolumeclaims") && w.method().equals("DELETE")).toList()) {
            String pod = claimDelete.name().substring("www-".length());
            boolean podAlive = false;
            for (ApiWrite w : writes) {
                if (w.sequence() >= claimDelete.sequence()) {
                    break;
                }
                if (w.resource().equals("pods") && w.name().equals(pod)) {
                    podAlive = w.method().equals("POST") || (podAlive && !w.method().equals("DELETE"));
                }
            }
            assertThat(podAlive).as(claimDelete + " deleted while " + pod + " existed").isFalse();
        }
    }

    // ---------------------------------------------------------------- orphaning and adoption

    @Test
    void aSetDeletedWithOrphanPropagationLeavesItsPodsAndClaimsAndANewSetAdoptsThemWithoutARestart() {
        StatefulSet first = web.create(WebSet.in(namespace).replicas(2));
        String revision = web.awaitRolledOut(2).getStatus().getUpdateRevision();
        Map<String, String> uids = uids();
        // the garbage collector orphans only the dependents its own informers have seen: a pod it has
        // not seen yet when the set goes is deleted later as the dependent of an absent owner
        cluster.awaitQuiet(namespace, Duration.ofSeconds(1));

        cluster.client().apps().statefulSets().inNamespace(namespace).withName("web").withPropagationPolicy(
                io.fabric8.kubernetes.api.model.DeletionPropagation.ORPHAN).delete();
        web.await("the garbage collector orphaning the pods", () -> cluster.client().apps().statefulSets().inNamespace(namespace)
                .withName("web").get() == null && web.pods().size() == 2 && web.pods().stream().allMatch(p -> controllerOf(p) == null));
        StatefulSet second = web.create(WebSet.in(namespace).replicas(2));
        web.awaitRolledOut(2);

        assertThat(second.getMetadata().getUid()).isNotEqualTo(first.getMetadata().getUid());
        assertThat(uids()).as("the same pods, adopted, not replaced").isEqualTo(uids);
        assertThat(web.pods()).allSatisfy(p -> assertThat(controllerOf(p)).isEqualTo(second.getMetadata().getUid()));
        assertThat(web.revisions()).extracting(r -> r.getMetadata().getName()).containsExactly(revision);
        assertThat(web.revisions()).allSatisfy(r -> assertThat(controllerOf(r)).isEqualTo(second.getMetadata().getUid()));
        assertThat(web.claimNames()).containsExactly("www-web-0", "www-web-1");
    }

    // ---------------------------------------------------------------- who wrote it

    @Test
    void everythingTheControllerWritesIsRecordedUnderItsOwnFieldManagerAsUpstreamsIsUnderKubeControllerManager() {
        web.create(WebSet.in(namespace).replicas(1));
        StatefulSet set = web.awaitRolledOut(1);

        // kube-apiserver names a write's field manager after its User-Agent up to the first '/'
        // (managerOrUserAgent): ours is "stateful/<version> (<os>/<arch>) statefulset-controller"
        // the pod's status is the simulated kubelet's and the set's spec the test's (both fabric8 clients):
        // what is asserted is the controller's own writes, each under "stateful" alone
        assertThat(managers(web.pod("web-0"))).filteredOn(m -> m.endsWith("(Update)")).containsExactly("stateful (Update)");
        assertThat(managers(web.claims().get(0))).containsExactly("stateful (Update)");
        assertThat(managers(web.revisions().get(0))).containsExactly("stateful (Update)");
        assertThat(managers(set)).filteredOn(m -> m.endsWith("status)")).containsExactly("stateful (Update status)");
    }

    static List<String> managers(HasMetadata object) {
        return object.getMetadata().getManagedFields().stream()
                .map(f -> f.getManager() + " (" + f.getOperation() + (f.getSubresource() == null ? "" : " " + f.getSubresource()) + ")")
                .toList();
    }

    // ---------------------------------------------------------------- defaulting and validation

    @Test
    void aSetWithoutTheFieldsTheServerDefaultsIsDefaultedAndRolledOut() {
        StatefulSet minimal = new StatefulSetBuilder().withNewMetadata().withName("web").endMetadata().withNewSpec()
                .withNewSelector().addToMatchLabels("app", "web").endSelector()
                .withNewTemplate().withNewMetadata().addToLabels("app", "web").endMetadata()
                    .withNewSpec().addNewContainer().withName("pause").withImage(WebSet.V1).endContainer().endSpec().endTemplate()
                .endSpec().build();

        StatefulSet created = cluster.client().apps().statefulSets().inNamespace(namespace).resource(minimal).create();
        web.awaitRolledOut(1);

        assertThat(created.getSpec().getReplicas()).isEqualTo(1);
        assertThat(created.getSpec().getPodManagementPolicy()).isEqualTo("OrderedReady");
        assertThat(created.getSpec().getUpdateStrategy().getType()).isEqualTo("RollingUpdate");
        assertThat(created.getSpec().getRevisionHistoryLimit()).isEqualTo(10);
        assertThat(web.podNames()).containsExactly("web-0");
    }

    @Test
    void theServerRejectsASetWhoseSelectorDoesNotMatchItsTemplate() {
        StatefulSet invalid = new StatefulSetBuilder(WebSet.in(namespace).build()).editSpec().editTemplate().editMetadata()
                .withLabels(Map.of("app", "other")).endMetadata().endTemplate().endSpec().build();

        assertThatThrownBy(() -> cluster.client().apps().statefulSets().inNamespace(namespace).resource(invalid).create())
                .isInstanceOfSatisfying(KubernetesClientException.class, e -> {
                    assertThat(e.getCode()).isEqualTo(422);
                    assertThat(e.getMessage()).contains("spec.template.metadata.labels").contains("does not match");
                });
    }

    @Test
    void aSetTheServerAcceptsButTheControllerCannotRunGetsAnEventAndAConditionAndNoPods() {
        String name = "a".repeat(60); // a valid object name, but its pods' controller-revision-hash label could not be written
        Workload longName = new Workload(cluster.client(), namespace, name, TIMEOUT);
        longName.create(WebSet.in(namespace).named(name).replicas(1));

        longName.await("a FailedValidation event", () -> longName.eventMessages().stream().anyMatch(m -> m.contains("52")));
        StatefulSet set = longName.await("an InvalidSpec condition", longName::set, s -> s.getStatus() != null
                && s.getStatus().getConditions() != null && s.getStatus().getConditions().stream().anyMatch(c -> c.getType().equals("InvalidSpec")));
        assertThat(set.getStatus().getConditions()).anySatisfy(c -> assertThat(c.getStatus()).isEqualTo("True"));
        assertThat(cluster.client().pods().inNamespace(namespace).list().getItems()).isEmpty();
    }

    // ---------------------------------------------------------------- conflicts and relists

    @Test
    void aStatusWriteFromAStaleCopyConflictsAndTheControllerRetriesUntilTheStatusIsRight() {
        web.create(WebSet.in(namespace).replicas(1));
        StatefulSet settled = web.awaitRolledOut(1);
        StatefulSet stale = new StatefulSetBuilder(settled).build();
        web.scale(1); // a no-op update still moves the resourceVersion
        cluster.client().apps().statefulSets().inNamespace(namespace).resource(annotated(web.set(), "touch", "1")).update();
        assertThatThrownBy(() -> cluster.client().apps().statefulSets().inNamespace(namespace).resource(stale).updateStatus())
                .as("the real server checks resourceVersion on /status (fabric8's mock does not)")
                .isInstanceOfSatisfying(KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(409));

        // the controller's status writes race a stream of metadata changes until one of them conflicts;
        // the stream then stops (a stream that never stopped would starve any status updater, upstream's too)
        CompletableFuture<Void> toucher = CompletableFuture.runAsync(() -> {
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            for (int i = 0; controllerStatusConflicts() == 0 && System.nanoTime() < deadline; i++) {
                cluster.client().apps().statefulSets().inNamespace(namespace).withName("web").patch(PatchContext.of(PatchType.JSON_MERGE),
                        "{\"metadata\":{\"annotations\":{\"touch\":\"" + i + "\"}}}");
                pause(Duration.ofMillis(10));
            }
        });
        for (int replicas = 4; !toucher.isDone(); replicas = replicas == 4 ? 1 : 4) {
            web.scale(replicas);
            web.awaitRolledOut(replicas);
        }
        toucher.join();
        web.scale(2);
        StatefulSet done = web.awaitRolledOut(2);

        assertThat(controllerStatusConflicts()).isPositive();
        assertThat(done.getStatus().getObservedGeneration()).isEqualTo(done.getMetadata().getGeneration());
    }

    static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    long controllerStatusConflicts() {
        return cluster.writes(w -> w.user().equals(RealCluster.CONTROLLER) && w.namespace().equals(namespace)
                && w.resource().equals("statefulsets") && w.subresource().equals("status") && w.code() == 409).size();
    }

    @Test
    void afterTheApiServerRestartsAWatchFromBeforeIsGoneAndTheInformersRelist() throws Exception {
        web.create(WebSet.in(namespace).replicas(2));
        web.awaitRolledOut(2);
        String before = cluster.client().apps().statefulSets().inNamespace(namespace).list().getMetadata().getResourceVersion();
        cluster.client().configMaps().inNamespace(namespace).resource(new ConfigMapBuilder().withNewMetadata().withName("later")
                .endMetadata().build()).create(); // etcd moves on past what the informers saw

        cluster.plane().restartApiServer();
        try {
            web.scale(3); // while the controller's watches are down

            assertThat(watchFrom(before)).as("a watch resumed from before the restart").isEqualTo(410);
            web.awaitRolledOut(3);
            web.setImage(WebSet.V2);
            web.awaitRolledOut(3);
            assertThat(web.pods()).allSatisfy(p -> assertThat(Pods.image(p)).isEqualTo(WebSet.V2));
        } finally {
            // the tests after this one rely on the garbage collector seeing their pods at once
            cluster.plane().restartControllerManager();
        }
    }

    /** The HTTP code a watch of the namespace's sets from {@code resourceVersion} ends with, or 0 if it stays open. */
    int watchFrom(String resourceVersion) throws Exception {
        CompletableFuture<Integer> closed = new CompletableFuture<>();
        try (Watch ignored = cluster.client().apps().statefulSets().inNamespace(namespace).withResourceVersion(resourceVersion)
                .watch(new Watcher<StatefulSet>() {
                    @Override
                    public void eventReceived(Action action, StatefulSet set) {
                    }

                    @Override
                    public void onClose(WatcherException cause) {
                        closed.complete(cause.isHttpGone() ? 410 : -1);
                    }
                })) {
            return closed.get(20, TimeUnit.SECONDS);
        } catch (KubernetesClientException e) {
            return e.getCode();
        } catch (java.util.concurrent.TimeoutException stillOpen) {
            return 0;
        }
    }

    // ---------------------------------------------------------------- pods in protobuf

    /**
     * The pod cache's watch reads protobuf ({@code ProtobufPodWatches}): the same pods watched in
     * both forms from this API server must give the same records, for pods with everything the
     * cache keeps (claim and other volumes, owner references, labels, annotations, finalizers, a
     * deletion timestamp, the kubelet's phase and conditions).
     */
    @Test
    void aPodWatchReadInProtobufGivesTheRecordsTheJsonWatchGives() throws Exception {
        web.create(WebSet.in(namespace).replicas(2));
        web.awaitRolledOut(2);
        // The two watches read one after the other, so "held" must not change between them: the simulated
        // kubelet binds and starts it first, and its annotation stops the kubelet ending its termination
        // (a delete with grace period 0, which moves deletionTimestamp).
        var held = cluster.plane().admin().pods().inNamespace(namespace).withName("held"); // the test's own user may not watch pods
        cluster.client().pods().inNamespace(namespace).resource(new PodBuilder().withNewMetadata().withName("held").addToLabels("app", "held")
                .addToAnnotations("note", "kept").addToAnnotations(SimulatedKubelet.HOLD_TERMINATION, "true")
                .addToFinalizers("example.com/hold").endMetadata()
                .withNewSpec().addNewContainer().withName("c").withImage("busybox").endContainer()
                .addNewVolume().withName("scratch").withNewEmptyDir().endEmptyDir().endVolume()
                .addNewVolume().withName("data").withNewPersistentVolumeClaim("data-held", true).endVolume()
                .endSpec().build()).create();
        List<String> names = List.of("held", "web-0", "web-1");
        try {
            held.waitUntilCondition(p -> p != null && "Running".equals(p.getStatus().getPhase()), 30, TimeUnit.SECONDS);
            held.delete(); // kept by its finalizer, now terminating
            held.waitUntilCondition(p -> p != null && p.getMetadata().getDeletionTimestamp() != null, 30, TimeUnit.SECONDS);
            Map<String, dev.stateful.domain.model.Pod> json = podsWatched(null, names);
            Map<String, dev.stateful.domain.model.Pod> protobuf = podsWatched("application/vnd.kubernetes.protobuf", names);

            assertThat(json.get("held").isTerminating()).isTrue();
            assertThat(json.get("web-0").metadata().controllerRef()).isPresent();
            assertThat(json.get("web-0").status().phase()).isEqualTo("Running");
            assertThat(protobuf).containsOnlyKeys(names).isEqualTo(json);
        } finally {
            held.edit(p -> new PodBuilder(p).editMetadata().withFinalizers(List.of())
                    .removeFromAnnotations(SimulatedKubelet.HOLD_TERMINATION).endMetadata().build());
        }
    }

    /**
     * The namespace's pods as the cache keeps them ({@code SlimPod}), from the ADDED events of a
     * watch from resourceVersion 0 asking for {@code accept} (null: fabric8's JSON).
     */
    Map<String, dev.stateful.domain.model.Pod> podsWatched(String accept, List<String> names) throws Exception {
        Map<String, dev.stateful.domain.model.Pod> pods = new java.util.concurrent.ConcurrentHashMap<>();
        CompletableFuture<Void> all = new CompletableFuture<>();
        KubernetesClient admin = cluster.plane().admin(); // the test's own user may not watch pods
        String server = admin.getMasterUrl().toString().replaceAll("/$", "");
        // an Origin, as fabric8's watch sends: Go's websocket.Handler refuses a handshake without one (403)
        io.fabric8.kubernetes.client.http.WebSocket.Builder builder = admin.getHttpClient().newWebSocketBuilder().header("Origin", server)
                .uri(java.net.URI.create(server
                        + "/api/v1/namespaces/" + namespace + "/pods?watch=true&resourceVersion=0"));
        if (accept != null) {
            builder.setHeader("Accept", accept);
        }
        io.fabric8.kubernetes.client.http.WebSocket socket = builder.buildAsync(new io.fabric8.kubernetes.client.http.WebSocket.Listener() {
            @Override
            public void onMessage(io.fabric8.kubernetes.client.http.WebSocket ws, String text) {
                Json.Obj event = JsonParser.parseObject(text);
                add(event.string("type").orElse(""), () -> ModelCodec.pod(event.objectOrEmpty("object")));
                ws.request();
            }

            @Override
            public void onMessage(io.fabric8.kubernetes.client.http.WebSocket ws, java.nio.ByteBuffer bytes) {
                try {
                    if (ProtobufWatchEvent.read(bytes) instanceof ProtobufWatchEvent.PodEvent event) {
                        add(event.type(), event::pod);
                    }
                } catch (java.io.IOException | RuntimeException e) {
                    all.completeExceptionally(e);
                }
                ws.request();
            }

            private void add(String type, java.util.function.Supplier<dev.stateful.domain.model.Pod> read) {
                if (type.equals("ADDED")) {
                    dev.stateful.domain.model.Pod pod = SlimPod.of(read.get());
                    pods.put(pod.name(), pod);
                }
                if (pods.keySet().containsAll(names)) {
                    all.complete(null);
                }
            }
        }).get(20, TimeUnit.SECONDS);
        try {
            all.get(20, TimeUnit.SECONDS);
        } finally {
            socket.sendClose(1000, "done");
        }
        return Map.copyOf(pods);
    }

    // ---------------------------------------------------------------- helpers

    static StatefulSet annotated(StatefulSet set, String key, String value) {
        return new StatefulSetBuilder(set).editMetadata().addToAnnotations(key, value).endMetadata().build();
    }

    Map<String, String> uids() {
        return web.pods().stream().collect(Collectors.toMap(p -> p.getMetadata().getName(), p -> p.getMetadata().getUid()));
    }

    static String controllerOf(HasMetadata object) {
        List<OwnerReference> refs = object.getMetadata().getOwnerReferences();
        return refs == null ? null : refs.stream().filter(r -> Boolean.TRUE.equals(r.getController()))
                .map(OwnerReference::getUid).findFirst().orElse(null);
    }

}
