package dev.stateful.fabric8.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.json.Json;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodList;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.WatchEvent;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * What the informers' serialisation makes of the JSON the API server sends: watch events and list
 * items of the kinds the caches keep become blank objects with fabric8's identity fields carrying the
 * decoded record; everything else binds as fabric8 binds it.
 */
class RecordSerializationTest {

    static final String POD = """
            {"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-0","namespace":"default","uid":"u-1","resourceVersion":"42",
             "labels":{"app":"nginx"},"annotations":{"a":"b"},
             "managedFields":[{"manager":"kubelet","operation":"Update","apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":{"f:status":{}}}]},
             "spec":{"containers":[{"name":"nginx","image":"nginx:1.25"}],
                     "volumes":[{"name":"www","persistentVolumeClaim":{"claimName":"www-web-0"}}]},
             "status":{"phase":"Running","podIP":"10.0.0.7",
                       "conditions":[{"type":"Initialized","status":"True"},{"type":"Ready","status":"True"}]}}""";

    static <T> T watched(String type, String object, Class<T> kind) {
        WatchEvent event = OffTheWire.read("{\"type\":\"" + type + "\",\"object\":" + object + "}", WatchEvent.class);
        assertThat(event.getObject()).isInstanceOf(kind);
        return kind.cast(event.getObject());
    }

    static Object record(HasMetadata carrier) {
        return DomainStore.carried(carrier);
    }

    @Test
    void a_watched_pod_is_fabric8s_identity_carrying_the_slim_record_and_no_fabric8_model() {
        var pod = watched("MODIFIED", POD, io.fabric8.kubernetes.api.model.Pod.class);

        assertThat(pod.getMetadata().getNamespace()).isEqualTo("default");
        assertThat(pod.getMetadata().getName()).isEqualTo("web-0");
        assertThat(pod.getMetadata().getUid()).isEqualTo("u-1");
        assertThat(pod.getMetadata().getResourceVersion()).isEqualTo("42");
        assertThat(pod.getMetadata().getLabels()).isEmpty();
        assertThat(pod.getSpec()).isNull();
        assertThat(pod.getStatus()).isNull();
        Pod record = (Pod) record(pod);
        assertThat(record.metadata().labels()).containsEntry("app", "nginx");
        assertThat(record.metadata().annotations()).as("slim: nobody reads a pod's annotations").isEmpty();
        assertThat(record.status().conditions()).extracting(PodStatus.PodCondition::type).containsExactly("Ready");
        assertThat(record.spec().array("volumes")).hasSize(1);
    }

    @Test
    void a_lists_items_are_read_the_same_way_and_its_resource_version_as_fabric8_reads_it() {
        PodList list = OffTheWire.read("{\"apiVersion\":\"v1\",\"kind\":\"PodList\",\"metadata\":{\"resourceVersion\":\"50\"},\"items\":["
                + POD + "," + POD.replace("web-0", "web-1") + "]}", PodList.class);

        assertThat(list.getMetadata().getResourceVersion()).isEqualTo("50");
        assertThat(list.getItems()).extracting(p -> ((Pod) record(p)).name()).containsExactly("web-0", "web-1");
    }

    @Test
    void an_object_that_cannot_be_decoded_carries_the_reason_and_spoils_nothing_else_in_its_list() {
        String broken = POD.replace("\"resourceVersion\":\"42\"", "\"resourceVersion\":\"42\",\"creationTimestamp\":\"yesterday\"");

        PodList list = OffTheWire.read("{\"kind\":\"PodList\",\"apiVersion\":\"v1\",\"metadata\":{},\"items\":["
                + broken + "," + POD.replace("web-0", "web-1") + "]}", PodList.class);

        assertThat(list.getItems().get(0).getMetadata().getResourceVersion()).isEqualTo("42");
        assertThat(record(list.getItems().get(0))).isInstanceOfSatisfying(DomainStore.Undecodable.class,
                u -> assertThat(u.reason()).contains("creationTimestamp"));
        assertThat(record(list.getItems().get(1))).isInstanceOf(Pod.class);
    }

    /** fabric8's informer relists on a 410 Gone, which it reads from the event's Status. */
    @Test
    void an_error_event_still_binds_fabric8s_status() {
        var status = watched("ERROR", """
                {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"too old resource version: 1 (50)",
                 "reason":"Expired","code":410}""", Status.class);

        assertThat(status.getCode()).isEqualTo(410);
    }

    /** JSON is read from the text itself; anything else still takes fabric8's route, which reads YAML. */
    @Test
    void json_is_read_straight_from_the_text_and_yaml_still_as_fabric8_reads_it() {
        var json = OffTheWire.read(" {\"kind\":\"Status\",\"apiVersion\":\"v1\",\"code\":410,\"reason\":\"Expired\"}", Status.class);
        var yaml = OffTheWire.read("kind: Status\napiVersion: v1\ncode: 410\nreason: Expired\n", Status.class);

        assertThat(json).isEqualTo(yaml);
        assertThat(json.getCode()).isEqualTo(410);
        assertThatThrownBy(() -> OffTheWire.read("{\"kind\":", Status.class)).isInstanceOf(KubernetesClientException.class);
    }

    /** A bookmark's object has no spec: it cannot be decoded, but its resourceVersion is what fabric8 resumes from. */
    @Test
    void a_bookmark_carries_its_resource_version() {
        var bookmark = watched("BOOKMARK", """
                {"kind":"Pod","apiVersion":"v1","metadata":{"resourceVersion":"77","annotations":{"k8s.io/initial-events-end":"true"}}}""",
                io.fabric8.kubernetes.api.model.Pod.class);

        assertThat(bookmark.getMetadata().getResourceVersion()).isEqualTo("77");
    }

    @Test
    void claims_revisions_and_sets_of_both_kinds_are_read_into_their_records() {
        var claim = watched("ADDED", """
                {"apiVersion":"v1","kind":"PersistentVolumeClaim","metadata":{"name":"www-web-0","namespace":"default","resourceVersion":"3"},
                 "spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"1Gi"}},"volumeName":"pv-1"},
                 "status":{"phase":"Bound","capacity":{"storage":"1Gi"}}}""", io.fabric8.kubernetes.api.model.PersistentVolumeClaim.class);
        // data as a Go client writes it (keys sorted, escapes, number spelling): kept byte for byte
        String data = "{\"spec\":{\"template\":{\"$patch\":\"replace\",\"spec\":{\"n\":1.5e+21,\"x\":\"\\u003c\"}}}}";
        var revision = watched("ADDED", """
                {"apiVersion":"apps/v1","kind":"ControllerRevision","metadata":{"name":"web-abc","namespace":"default","resourceVersion":"4"},
                 "data":%s,"revision":2}""".formatted(data), io.fabric8.kubernetes.api.model.apps.ControllerRevision.class);
        String set = """
                {"apiVersion":"%s","kind":"StatefulSet","metadata":{"name":"web","namespace":"default","resourceVersion":"5","generation":1},
                 "spec":{"replicas":2,"serviceName":"web","selector":{"matchLabels":{"app":"nginx"}},
                         "template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.25"}]}}}}""";
        var appsSet = watched("ADDED", set.formatted("apps/v1"), io.fabric8.kubernetes.api.model.apps.StatefulSet.class);
        var ourSet = watched("ADDED", set.formatted(SetKind.STATEFUL_DEV.apiVersion()), GenericKubernetesResource.class);

        assertThat(((PersistentVolumeClaim) record(claim)).phase()).isEqualTo("Bound");
        assertThat(((PersistentVolumeClaim) record(claim)).spec().fields()).as("slim: no volumeName").doesNotContainKey("volumeName");
        assertThat(((ControllerRevision) record(revision)).data()).isEqualTo(data);
        assertThat(((ControllerRevision) record(revision)).revision()).isEqualTo(2);
        assertThat(((StatefulSet) record(appsSet)).spec().replicas()).isEqualTo(2);
        assertThat(((StatefulSet) record(ourSet)).kind()).isEqualTo(SetKind.STATEFUL_DEV);
        assertThat(((StatefulSet) record(ourSet)).spec().template().objectOrEmpty("spec").array("containers").get(0).asObject().orElseThrow()
                .string("imagePullPolicy")).as("defaulted as apps/v1 would be").contains("IfNotPresent");
    }

    @Test
    void a_watched_set_of_our_kind_keeps_its_templates_sixty_four_bit_integers_exactly() {
        // the schema stores any int64, and a list (fabric8's own binding) reads it exactly: a watch event must read the same set
        var ourSet = watched("ADDED", """
                {"apiVersion":"%s","kind":"StatefulSet","metadata":{"name":"web","namespace":"default","resourceVersion":"5","generation":1},
                 "spec":{"replicas":1,"serviceName":"web","selector":{"matchLabels":{"app":"nginx"}},
                         "template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"terminationGracePeriodSeconds":9223372036854775807,
                           "securityContext":{"runAsUser":9007199254740993},"containers":[{"name":"nginx","image":"nginx:1.25"}]}}}}"""
                .formatted(SetKind.STATEFUL_DEV.apiVersion()), GenericKubernetesResource.class);

        var podSpec = ((StatefulSet) record(ourSet)).spec().template().objectOrEmpty("spec");
        assertThat(podSpec.get("terminationGracePeriodSeconds")).contains(new Json.Num(new java.math.BigDecimal("9223372036854775807")));
        assertThat(podSpec.objectOrEmpty("securityContext").get("runAsUser")).contains(new Json.Num(new java.math.BigDecimal("9007199254740993")));
    }

    @Test
    void the_informers_client_sends_through_the_shared_http_client_and_so_its_rate_limit() {
        KubernetesMockServer server = new KubernetesMockServer();
        server.init();
        AtomicInteger intercepted = new AtomicInteger();
        Interceptor counting = new Interceptor() {
            @Override
            public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
                intercepted.incrementAndGet();
            }
        };
        server.expect().get().withPath("/api/v1/namespaces/test/pods").andReturn(200, new PodList()).always();
        try (KubernetesClient plain = server.createClient();
                KubernetesClient client = new KubernetesClientBuilder().withConfig(plain.getConfiguration())
                        .withHttpClientBuilderConsumer(http -> http.addOrReplaceInterceptor("counting", counting)).build()) {
            KubernetesClient informing = RecordSerialization.forCaches(RecordSerialization.Decoders.CODEC).clientSharing(client);

            informing.pods().inNamespace("test").list();

            assertThat(intercepted).as("the shared client's interceptors (rate limit, metrics) saw the request").hasValue(1);
            assertThat(informing.getMasterUrl()).isEqualTo(client.getMasterUrl());
        } finally {
            server.destroy();
        }
    }
}
