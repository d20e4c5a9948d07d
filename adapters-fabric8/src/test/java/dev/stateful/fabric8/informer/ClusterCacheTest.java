package dev.stateful.fabric8.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.consistency.OwnWrite;
import dev.stateful.domain.consistency.ResourceVersions;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.fabric8.convert.Fabric8Codec;
import dev.stateful.ports.ClusterEvents;
import dev.stateful.ports.StatefulSetList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ClusterCacheTest {

    static final String DATA = "{\"spec\":{\"template\":{\"$patch\":\"replace\",\"metadata\":{\"labels\":{\"app\":\"nginx\"}},\"spec\":{\"x\":\"\\u003c\"}}}}";

    KubernetesMockServer server;
    KubernetesClient client;
    ClusterCache cache;

    @BeforeEach
    void mockApi() {
        server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), new KubernetesCrudDispatcher(), false);
        server.init();
        client = server.createClient();
    }

    @AfterEach
    void tearDown() {
        if (cache != null) {
            cache.close();
        }
        client.close();
        try {
            server.destroy();
        } catch (IllegalStateException slowShutdown) {
            // The informers' watch connections outlive close() on JDK 17 (its HttpClient cannot be
            // closed), so the mock's shutdown can time out. The assertions have run; nothing leaks
            // into other tests, each of which gets its own server.
        }
    }

    ClusterCache started(String namespace) throws InterruptedException {
        cache = new ClusterCache(client, namespace, Duration.ZERO).start();
        eventually(cache::hasSynced);
        return cache;
    }

    static void eventually(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 10s");
            }
            Thread.sleep(10);
        }
    }

    StatefulSet createSet(String namespace, String name, int replicas) {
        StatefulSet set = Fixtures.statefulSet(name, replicas);
        set = set.withMetadata(set.metadata().withNamespace(namespace).withUid(null).withCreationTimestamp(null));
        return Fabric8Codec.toDomain(client.apps().statefulSets().inNamespace(namespace).resource(Fabric8Codec.toFabric8(set)).create());
    }

    Pod createPod(String namespace, String name) {
        Pod pod = new Pod(ObjectMeta.named(namespace, name).withLabels(Map.of("app", "nginx")),
                Json.object("containers", Json.array(Json.object("name", "nginx", "image", "nginx:1.25"))), PodStatus.of(PodStatus.PENDING));
        return Fabric8Codec.toDomain(client.pods().inNamespace(namespace).resource(Fabric8Codec.toFabric8(pod)).create());
    }

    /** What lets the reconciler tell its own create was seen even after someone deleted the pod. */
    @Test
    void the_observed_version_reaches_that_of_a_write_once_the_cache_holds_it_and_stays_past_it_after_a_delete() throws Exception {
        started("default");
        Pod created = createPod("default", "web-0");

        // fabric8 moves the version just after the store took the event, so the two meet shortly
        eventually(() -> cache.pods("default").stream().anyMatch(p -> p.metadata().uid().equals(created.metadata().uid()))
                && ResourceVersions.atLeast(cache.observedVersion(OwnWrite.Kind.POD), created.metadata().resourceVersion()));

        client.pods().inNamespace("default").withName("web-0").delete();
        eventually(() -> cache.pods("default").isEmpty());
        assertThat(ResourceVersions.atLeast(cache.observedVersion(OwnWrite.Kind.POD), created.metadata().resourceVersion())).isTrue();
    }

    @Test
    void the_connection_is_opened_by_a_small_request_before_any_list() throws Exception {
        int before = server.getRequestCount();

        started("default");

        for (int i = 0; i < before; i++) {
            server.takeRequest();
        }
        assertThat(server.takeRequest().getPath()).isEqualTo("/version");
    }

    /** As kube-controller-manager reads pods; fabric8's mock answers in JSON anyway, which is read as before. */
    @Test
    void the_pod_watch_asks_for_protobuf_and_the_other_watches_do_not() throws Exception {
        started("default");
        createPod("default", "web-0");
        eventually(() -> !cache.pods("default").isEmpty());

        Map<String, String> acceptByWatch = new HashMap<>();
        for (int i = server.getRequestCount(); i > 0; i--) {
            var request = server.takeRequest();
            if (request.getPath().contains("watch=true")) {
                acceptByWatch.put(request.getPath().replaceAll("\\?.*", ""), String.valueOf(request.getHeader("Accept")));
            }
        }
        assertThat(acceptByWatch).containsEntry("/api/v1/namespaces/default/pods", "application/vnd.kubernetes.protobuf")
                .containsKeys("/apis/apps/v1/namespaces/default/statefulsets", "/api/v1/namespaces/default/persistentvolumeclaims");
        assertThat(acceptByWatch).allSatisfy((path, accept) -> assertThat(accept.contains("protobuf")).as(path).isEqualTo(path.endsWith("/pods")));
    }

    @Test
    void the_caches_answer_reads_for_all_four_kinds() throws Exception {
        StatefulSet web = createSet("default", "web", 2);
        createPod("default", "web-1");
        createPod("default", "web-0");
        createPod("other", "db-0");
        PersistentVolumeClaim claim = Fixtures.claimTemplate("www").withMetadata(ObjectMeta.named("default", "www-web-0"));
        client.persistentVolumeClaims().inNamespace("default").resource(Fabric8Codec.toFabric8(claim)).create();
        client.apps().controllerRevisions().inNamespace("default")
                .resource(Fabric8Codec.toFabric8(ModelCodec.controllerRevision(ObjectMeta.named("default", "web-abc"), DATA, 1))).create();

        started("");

        assertThat(cache.statefulSet(new ObjectKey("default", "web"))).contains(web);
        assertThat(cache.statefulSets("")).extracting(StatefulSet::name).containsExactly("web");
        assertThat(cache.statefulSetsNamed(new ObjectKey("default", "web"))).containsExactly(web);
        assertThat(cache.statefulSetsNamed(new ObjectKey("other", "web"))).isEmpty();
        assertThat(cache.pods("default")).extracting(Pod::name).containsExactly("web-0", "web-1");
        assertThat(cache.pods("")).extracting(Pod::name).containsExactly("web-0", "web-1", "db-0");
        assertThat(cache.claim("default", "www-web-0")).map(PersistentVolumeClaim::spec).contains(claim.spec());
        assertThat(cache.claims("default")).hasSize(1);
        assertThat(cache.revisions("default")).singleElement().extracting(ControllerRevision::data).isEqualTo(DATA);
    }

    @Test
    void a_namespaced_cache_sees_only_its_namespace() throws Exception {
        createPod("default", "web-0");
        createPod("other", "db-0");

        started("other");

        assertThat(cache.pods("")).extracting(Pod::name).containsExactly("db-0");
        assertThat(cache.pods("default")).isEmpty();
    }

    @Test
    void the_caches_follow_changes() throws Exception {
        started("");

        createPod("default", "web-0");
        eventually(() -> cache.pods("default").size() == 1);
        client.pods().inNamespace("default").withName("web-0").delete();
        eventually(() -> cache.pods("default").isEmpty());
    }

    final List<String> changes = new ArrayList<>();
    final ResourceEventHandler<String> reporting = ClusterCache.reporting(String::toUpperCase, (o, n) -> changes.add(o + " -> " + n));

    @Test
    void adds_updates_and_deletes_become_old_new_pairs_of_domain_records() {
        reporting.onAdd("a");
        reporting.onUpdate("a", "b");
        reporting.onDelete("b", false);

        assertThat(changes).containsExactly("null -> A", "A -> B", "B -> null");
    }

    @Test
    void a_deletion_seen_only_on_relist_reports_the_last_known_state() {
        reporting.onDelete("last", true);

        assertThat(changes).containsExactly("LAST -> null");
    }

    @Test
    void a_failing_handler_does_not_break_the_informer() {
        ResourceEventHandler<String> failing = ClusterCache.reporting(s -> s, (o, n) -> {
            throw new IllegalStateException("handler bug");
        });

        assertThatCode(() -> failing.onAdd("a")).doesNotThrowAnyException();
    }

    @Test
    void an_undecodable_latest_state_goes_to_its_own_callback_and_an_undecodable_old_one_arrives_as_none() {
        List<String> undecodable = new ArrayList<>();
        ResourceEventHandler<String> handler = ClusterCache.reporting(String::toUpperCase, (o, n) -> changes.add(o + " -> " + n),
                obj -> !obj.startsWith("bad"), undecodable::add);

        handler.onAdd("bad1");
        handler.onUpdate("bad1", "bad1"); // a resync
        handler.onUpdate("bad1", "good");
        handler.onUpdate("good", "bad2");
        handler.onDelete("bad2", false);

        assertThat(undecodable).containsExactly("bad1", "bad1", "bad2", "bad2");
        assertThat(changes).containsExactly("null -> GOOD");
    }

    /** A set of our kind with that {@code maxUnavailable} (the mock stores anything, an int-or-string beyond 32 bits included). */
    void writeCustomSet(String name, Object maxUnavailable, boolean create) {
        var set = Fabric8Codec.object(dev.stateful.codec.CustomKindCodec.encode(Fixtures.statefulSet(name, 1)
                .as(dev.stateful.domain.model.SetKind.STATEFUL_DEV, dev.stateful.domain.model.SetExtensions.NONE)),
                io.fabric8.kubernetes.api.model.GenericKubernetesResource.class);
        set.getMetadata().setUid(null);
        set.getMetadata().setResourceVersion(null);
        set.getAdditionalProperties().remove("status");
        @SuppressWarnings("unchecked")
        Map<String, Object> spec = (Map<String, Object>) set.getAdditionalProperties().get("spec");
        spec.put("updateStrategy", Map.of("type", "RollingUpdate", "rollingUpdate", Map.of("maxUnavailable", maxUnavailable)));
        var api = client.genericKubernetesResources(dev.stateful.fabric8.convert.CustomKindConvert.CONTEXT).inNamespace("default");
        if (create) {
            api.resource(set).create();
        } else {
            set.getMetadata().setResourceVersion(api.withName(name).get().getMetadata().getResourceVersion());
            api.resource(set).update();
        }
    }

    /**
     * Listed before the informer synced (fabric8 defers the additions of its first list until then, and
     * reports what its store gives back), watched, fixed, broken again and deleted: the handler hears
     * each, and the reader tells the undecodable state until one decodes or the set is gone.
     */
    @Test
    void an_undecodable_set_of_our_kind_is_reported_from_the_first_list_to_its_deletion() throws Exception {
        writeCustomSet("web", 3000000000L, true);
        cache = new ClusterCache(client, "default", Duration.ZERO, java.util.Set.of(dev.stateful.domain.model.SetKind.STATEFUL_DEV)).start();
        // subscribed once synced, the handler hears the first list once, from the store: subscribed while the informer
        // is still listing, it can hear it twice (the store's replay to a new handler, then the deferred addition)
        eventually(cache::hasSynced);
        List<String> seen = new CopyOnWriteArrayList<>();
        cache.subscribe(new ClusterEvents.Handler() {
            @Override
            public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
                seen.add("set " + describe(oldSet == null ? null : oldSet.name(), newSet == null ? null : newSet.name()));
            }

            @Override
            public void statefulSetUndecodable(ObjectKey key) {
                seen.add("undecodable " + key.name());
            }

            @Override
            public void podChanged(Pod oldPod, Pod newPod) {
            }
        });
        ObjectKey web = new ObjectKey("default", "web");
        eventually(() -> seen.contains("undecodable web"));
        assertThat(cache.undecodableStatefulSet(web)).hasValueSatisfying(u -> {
            assertThat(u.kind()).isEqualTo(dev.stateful.domain.model.SetKind.STATEFUL_DEV);
            assertThat(u.metadata().uid()).isNotEmpty();
            assertThat(u.reason()).contains("spec.updateStrategy.rollingUpdate.maxUnavailable").contains("3000000000");
        });
        assertThat(cache.statefulSet(web)).isEmpty();
        assertThat(cache.undecodableStatefulSets("")).singleElement().isEqualTo(cache.undecodableStatefulSet(web).orElseThrow());
        assertThat(cache.undecodableStatefulSets("default")).hasSize(1);
        assertThat(cache.undecodableStatefulSets("other")).isEmpty();
        assertThat(cache.statefulSetList("default")).isEqualTo(new StatefulSetList(List.of(), cache.undecodableStatefulSets("")));

        writeCustomSet("web", 1, false);
        eventually(() -> seen.contains("set null -> web"));
        assertThat(cache.undecodableStatefulSet(web)).isEmpty();
        assertThat(cache.undecodableStatefulSets("")).isEmpty();
        assertThat(cache.statefulSet(web)).isPresent();

        writeCustomSet("web", 3000000000L, false);
        eventually(() -> seen.size() == 3);
        assertThat(cache.undecodableStatefulSet(web)).isPresent();
        assertThat(cache.statefulSet(web)).as("the last state decoded, for the domain reads").isPresent();
        assertThat(cache.statefulSetList("")).isEqualTo(new StatefulSetList(cache.statefulSets(""), cache.undecodableStatefulSets("")));
        assertThat(cache.statefulSetList("").undecodable()).singleElement().isEqualTo(cache.undecodableStatefulSet(web).orElseThrow());

        client.genericKubernetesResources(dev.stateful.fabric8.convert.CustomKindConvert.CONTEXT).inNamespace("default").withName("web").delete();
        eventually(() -> seen.size() == 4);
        assertThat(seen).containsExactly("undecodable web", "set null -> web", "undecodable web", "undecodable web");
        assertThat(cache.undecodableStatefulSet(web)).isEmpty();
        assertThat(cache.undecodableStatefulSets("")).isEmpty();
        assertThat(cache.statefulSet(web)).isEmpty();
    }

    @Test
    void set_and_pod_changes_reach_the_handler_as_old_and_new_records() throws Exception {
        started("");
        List<String> seen = new CopyOnWriteArrayList<>();
        cache.subscribe(new ClusterEvents.Handler() {
            @Override
            public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
                seen.add("set " + describe(oldSet == null ? null : oldSet.spec().replicas(), newSet == null ? null : newSet.spec().replicas()));
            }

            @Override
            public void podChanged(Pod oldPod, Pod newPod) {
                seen.add("pod " + describe(oldPod == null ? null : oldPod.metadata().labels().get("v"),
                        newPod == null ? null : newPod.metadata().labels().get("v")));
            }
        });

        createSet("default", "web", 2);
        eventually(() -> seen.contains("set null -> 2"));
        client.apps().statefulSets().inNamespace("default").withName("web").edit(s -> {
            s.getSpec().setReplicas(5);
            return s;
        });
        eventually(() -> seen.contains("set 2 -> 5"));
        client.apps().statefulSets().inNamespace("default").withName("web").delete();
        eventually(() -> seen.contains("set 5 -> null"));

        Pod pod = createPod("default", "web-0");
        eventually(() -> seen.contains("pod null -> null"));
        Pod labelled = pod.withMetadata(pod.metadata().withLabel("v", "1"));
        client.pods().inNamespace("default").resource(Fabric8Codec.toFabric8(labelled)).update();
        eventually(() -> seen.contains("pod null -> 1"));
        client.pods().inNamespace("default").withName("web-0").delete();
        eventually(() -> seen.contains("pod 1 -> null"));

        assertThat(seen).containsExactly("set null -> 2", "set 2 -> 5", "set 5 -> null", "pod null -> null", "pod null -> 1", "pod 1 -> null");
    }

    /** The pod decodes the informers ask for, by pod name and resourceVersion. */
    static final class CountingDecoders implements RecordSerialization.Decoders {
        final List<String> pods = new CopyOnWriteArrayList<>();

        @Override
        public Pod pod(Json.Obj pod) {
            Json.Obj meta = pod.objectOrEmpty("metadata");
            pods.add(meta.string("name").orElse("") + "@" + meta.string("resourceVersion").orElse(""));
            return RecordSerialization.Decoders.super.pod(pod);
        }
    }

    @Test
    void a_pod_update_decodes_the_new_object_once_and_the_handler_gets_the_records_the_cache_keeps() throws Exception {
        CountingDecoders decoders = new CountingDecoders();
        cache = new ClusterCache(client, "default", Duration.ZERO, decoders).start();
        eventually(cache::hasSynced);
        List<Pod[]> changes = new CopyOnWriteArrayList<>();
        cache.subscribe(new ClusterEvents.Handler() {
            @Override
            public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
            }

            @Override
            public void podChanged(Pod oldPod, Pod newPod) {
                changes.add(new Pod[] {oldPod, newPod});
            }
        });
        Pod pod = createPod("default", "web-0");
        eventually(() -> changes.size() == 1);
        decoders.pods.clear();

        Pod labelled = pod.withMetadata(pod.metadata().withLabel("v", "1"));
        String version = client.pods().inNamespace("default").resource(Fabric8Codec.toFabric8(labelled)).update()
                .getMetadata().getResourceVersion();
        eventually(() -> changes.size() == 2);

        assertThat(decoders.pods).as("decodes for one update event").containsExactly("web-0@" + version);
        Pod[] update = changes.get(1);
        assertThat(update[0].metadata().resourceVersion()).isEqualTo(pod.metadata().resourceVersion());
        assertThat(update[0].metadata().labels()).doesNotContainKey("v");
        assertThat(update[1].metadata().labels()).containsEntry("v", "1");
        assertThat(update[1]).isSameAs(cache.pods("default").get(0));
    }

    @Test
    void a_handler_that_unsubscribed_hears_nothing_more() throws Exception {
        started("");
        List<Pod> seen = new CopyOnWriteArrayList<>();
        AutoCloseable subscription = cache.subscribe(new ClusterEvents.Handler() {
            @Override
            public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
            }

            @Override
            public void podChanged(Pod oldPod, Pod newPod) {
                seen.add(newPod);
            }
        });
        createPod("default", "web-0");
        eventually(() -> seen.size() == 1);

        subscription.close();
        createPod("default", "web-1");
        eventually(() -> cache.pods("default").size() == 2);
        Thread.sleep(100);

        assertThat(seen).hasSize(1);
    }

    @Test
    void controlled_reads_answer_from_the_owner_index_and_follow_owner_changes() throws Exception {
        StatefulSet web = createSet("default", "web", 2);
        StatefulSet db = createSet("default", "db", 1);
        Pod web0 = owned(createPod("default", "web-0"), web);
        Pod orphan = createPod("default", "web-1");
        owned(createPod("default", "db-0"), db);
        ControllerRevision webRevision = ModelCodec.controllerRevision(ObjectMeta.named("default", "web-abc"), DATA, 1);
        client.apps().controllerRevisions().inNamespace("default").resource(Fabric8Codec.toFabric8(webRevision.withMetadata(
                webRevision.metadata().withOwnerReferences(List.of(controllerRef(db)))))).create();
        client.apps().controllerRevisions().inNamespace("default")
                .resource(Fabric8Codec.toFabric8(ModelCodec.controllerRevision(ObjectMeta.named("default", "db-abc"), DATA, 1))).create();

        started("");

        String uid = web.metadata().uid();
        assertThat(cache.controlledPods("default", uid)).extracting(Pod::name).containsExactly("web-0", "web-1");
        assertThat(cache.controlledPods("default", db.metadata().uid())).extracting(Pod::name).containsExactly("db-0", "web-1");
        // the orphan db-abc, and web-abc for its name although db controls it
        assertThat(cache.controlledRevisions("default", uid, "web-")).extracting(ControllerRevision::name).containsExactly("db-abc", "web-abc");

        owned(orphan, db);
        client.pods().inNamespace("default").withName(web0.name()).delete();
        eventually(() -> cache.controlledPods("default", uid).isEmpty());
        assertThat(cache.controlledPods("default", db.metadata().uid())).extracting(Pod::name).containsExactly("db-0", "web-1");
    }

    @Test
    void the_claims_a_set_controls_are_read_from_the_owner_index_and_follow_owner_changes() throws Exception {
        StatefulSet web = createSet("default", "web", 2);
        StatefulSet db = createSet("default", "db", 1);
        createClaim("www-web-0", web);
        createClaim("www-web-1", null);
        createClaim("www-db-0", db);

        started("");

        String uid = web.metadata().uid();
        assertThat(cache.claimsControlledBy("default", uid)).extracting(PersistentVolumeClaim::name).containsExactly("www-web-0");
        assertThat(cache.claimsControlledBy("other", uid)).isEmpty();

        PersistentVolumeClaim released = cache.claim("default", "www-web-0").orElseThrow();
        client.persistentVolumeClaims().inNamespace("default").resource(Fabric8Codec.toFabric8(
                released.withMetadata(released.metadata().withOwnerReferences(List.of())))).update();
        eventually(() -> cache.claimsControlledBy("default", uid).isEmpty());
        assertThat(cache.claimsControlledBy("default", db.metadata().uid())).extracting(PersistentVolumeClaim::name).containsExactly("www-db-0");
    }

    private void createClaim(String name, StatefulSet owner) {
        PersistentVolumeClaim claim = Fixtures.claimTemplate("www").withMetadata(ObjectMeta.named("default", name)
                .withOwnerReferences(owner == null ? List.of() : List.of(controllerRef(owner))));
        client.persistentVolumeClaims().inNamespace("default").resource(Fabric8Codec.toFabric8(claim)).create();
    }

    private Pod owned(Pod pod, StatefulSet owner) {
        Pod changed = pod.withMetadata(pod.metadata().withOwnerReferences(List.of(controllerRef(owner))));
        return Fabric8Codec.toDomain(client.pods().inNamespace(pod.namespace()).resource(Fabric8Codec.toFabric8(changed)).update());
    }

    private static dev.stateful.domain.model.OwnerReference controllerRef(StatefulSet owner) {
        return dev.stateful.domain.model.OwnerReference.controllerRef(dev.stateful.domain.model.OwnerReference.STATEFUL_SET_API_VERSION,
                dev.stateful.domain.model.OwnerReference.STATEFUL_SET_KIND, owner.metadata());
    }

    private static String describe(Object before, Object after) {
        return before + " -> " + after;
    }
}
