package dev.stateful.fabric8.convert;

import static dev.stateful.fabric8.convert.ProtobufWire.event;
import static dev.stateful.fabric8.convert.ProtobufWire.magic;
import static dev.stateful.fabric8.convert.ProtobufWire.object;
import static dev.stateful.fabric8.convert.ProtobufWire.time;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.stateful.codec.JsonParser;
import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.Json;
import dev.stateful.fabric8.convert.ProtobufWire.Msg;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Watch events in kube-apiserver's protobuf form, written here field by field as k8s.io/api's
 * generated.proto numbers them, read into their pod or Status. The real server's bytes are checked
 * against its JSON in {@code RealControlPlaneBehaviourIT}.
 */
class ProtobufWatchEventTest {

    static final Instant CREATED = Instant.parse("2026-12-04T10:00:00Z");
    static final Instant READY = Instant.parse("2026-12-04T10:00:07Z");

    @Test
    void aPodEventHoldsWhatThePodCacheKeepsAndSkipsTheRest() throws IOException {
        Msg meta = new Msg().str(1, "web-0").str(2, "").str(3, "ns").str(5, "uid-0").str(6, "42").varint(7, 3)
                .msg(8, time(CREATED, 123)).entry(11, "app", "web").entry(11, "apps.kubernetes.io/pod-index", "0")
                .entry(12, "note", "kept").msg(13, new Msg().str(1, "StatefulSet").str(3, "web").str(4, "set-uid")
                        .str(5, "apps/v1").varint(6, 1).varint(7, 1))
                .str(14, "example.com/hold")
                .msg(17, new Msg().str(1, "stateful").str(2, "Update")); // managedFields: not kept
        Msg spec = new Msg()
                .msg(1, new Msg().str(1, "www").msg(2, new Msg().msg(10, new Msg().str(1, "www-web-0").varint(2, 1))))
                .msg(1, new Msg().str(1, "scratch").msg(2, new Msg().msg(2, new Msg())))
                .msg(2, new Msg().str(1, "nginx").str(2, "nginx:1.27")) // a container: not kept
                .str(3, "Always");
        Msg status = new Msg().str(1, "Running")
                .msg(2, new Msg().str(1, "Ready").str(2, "True").msg(3, new Msg()).msg(4, time(READY, 0)).str(5, "").str(6, ""))
                .msg(2, new Msg().str(1, "PodScheduled").str(2, "True").msg(4, new Msg()))
                .str(6, "10.0.0.7");

        ProtobufWatchEvent.PodEvent event = pod(event("MODIFIED", object("v1", "Pod", new Msg().msg(1, meta).msg(2, spec).msg(3, status))));

        assertThat(event.type()).isEqualTo("MODIFIED");
        Pod pod = event.pod();
        assertThat(pod.metadata().name()).isEqualTo("web-0");
        assertThat(pod.metadata().generateName()).as("an empty string is JSON's absent field").isNull();
        assertThat(pod.metadata().namespace()).isEqualTo("ns");
        assertThat(pod.metadata().uid()).isEqualTo("uid-0");
        assertThat(pod.metadata().resourceVersion()).isEqualTo("42");
        assertThat(pod.metadata().generation()).isEqualTo(3);
        assertThat(pod.metadata().creationTimestamp()).as("whole seconds, as in JSON").isEqualTo(CREATED);
        assertThat(pod.metadata().deletionTimestamp()).isNull();
        assertThat(pod.metadata().labels()).isEqualTo(Map.of("app", "web", "apps.kubernetes.io/pod-index", "0"));
        assertThat(pod.metadata().annotations()).isEqualTo(Map.of("note", "kept"));
        assertThat(pod.metadata().ownerReferences()).containsExactly(new OwnerReference("apps/v1", "StatefulSet", "web", "set-uid", true, true));
        assertThat(pod.metadata().finalizers()).containsExactly("example.com/hold");
        assertThat(pod.spec()).isEqualTo(JsonParser.parseObject(
                "{\"volumes\":[{\"name\":\"www\",\"persistentVolumeClaim\":{\"claimName\":\"www-web-0\"}},{\"name\":\"scratch\"}]}"));
        assertThat(pod.status().phase()).isEqualTo("Running");
        assertThat(pod.status().readyCondition()).hasValueSatisfying(c -> {
            assertThat(c.status()).isEqualTo("True");
            assertThat(c.lastTransitionTime()).isEqualTo(READY);
        });
        assertThat(pod.status().conditions()).extracting(c -> c.type() + "=" + c.lastTransitionTime())
                .containsExactly("Ready=" + READY, "PodScheduled=null");
    }

    @Test
    void aTerminatingPodKeepsItsDeletionTimestamp() throws IOException {
        Msg meta = new Msg().str(1, "web-1").str(3, "ns").msg(8, time(CREATED, 0)).msg(9, time(READY, 0)).varint(10, 30);

        Pod pod = pod(event("DELETED", object("v1", "Pod", new Msg().msg(1, meta)))).pod();

        assertThat(pod.isTerminating()).isTrue();
        assertThat(pod.metadata().deletionTimestamp()).isEqualTo(READY);
        assertThat(pod.spec()).isEqualTo(Json.EMPTY_OBJECT);
    }

    @Test
    void aBookmarkKeepsItsResourceVersionAndAnnotations() throws IOException {
        Msg meta = new Msg().str(1, "").str(6, "2578").msg(8, new Msg()).entry(12, "k8s.io/initial-events-end", "true");

        ProtobufWatchEvent.PodEvent event = pod(event("BOOKMARK", object("v1", "Pod", new Msg().msg(1, meta).msg(2, new Msg()).msg(3, new Msg()))));

        assertThat(event.type()).isEqualTo("BOOKMARK");
        assertThat(event.pod().metadata().name()).isEmpty();
        assertThat(event.pod().metadata().resourceVersion()).isEqualTo("2578");
        assertThat(event.pod().metadata().annotations()).isEqualTo(Map.of("k8s.io/initial-events-end", "true"));
    }

    @Test
    void anErrorEventIsTheStatusFabric8ReadsA410From() throws IOException {
        Msg status = new Msg().msg(1, new Msg()).str(2, "Failure").str(3, "too old resource version: 5 (90)").str(4, "Expired")
                .msg(5, new Msg().str(1, "x")).varint(6, 410);

        ProtobufWatchEvent.Event event = read(event("ERROR", object("v1", "Status", status)));

        assertThat(event).isInstanceOf(ProtobufWatchEvent.StatusEvent.class);
        assertThat(JsonParser.parseObject(((ProtobufWatchEvent.StatusEvent) event).json())).isEqualTo(JsonParser.parseObject("{\"type\":\"ERROR\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Status\","
                + "\"status\":\"Failure\",\"message\":\"too old resource version: 5 (90)\",\"reason\":\"Expired\",\"code\":410}}"));
    }

    @Test
    void anythingButAPodWatchEventIsRefused() {
        Msg pod = new Msg().msg(1, new Msg().str(1, "p"));

        assertThatThrownBy(() -> read(event("ADDED", object("v1", "ConfigMap", new Msg()))))
                .isInstanceOf(IOException.class).hasMessageContaining("v1/ConfigMap");
        assertThatThrownBy(() -> read(event("ADDED", new Msg().bytes(1, ByteString.copyFromUtf8("{\"kind\":\"Pod\"}")))))
                .isInstanceOf(IOException.class).hasMessageContaining("k8s\\0");
        assertThatThrownBy(() -> read(event("ADDED", new Msg().bytes(1, magic(new Msg()
                .msg(1, new Msg().str(1, "v1").str(2, "Pod")).bytes(2, pod.toBytes()).str(3, "gzip"))))))
                .isInstanceOf(IOException.class).hasMessageContaining("gzip");
        assertThatThrownBy(() -> read(new Msg().str(1, "ADDED")))
                .isInstanceOf(IOException.class).hasMessageContaining("no object");
        assertThatThrownBy(() -> ProtobufWatchEvent.read(ByteBuffer.wrap("{\"type\":\"ADDED\"}".getBytes())))
                .isInstanceOf(IOException.class);
    }

    static ProtobufWatchEvent.Event read(Msg event) throws IOException {
        return ProtobufWatchEvent.read(ByteBuffer.wrap(event.toBytes().toByteArray()));
    }

    static ProtobufWatchEvent.PodEvent pod(Msg event) throws IOException {
        return (ProtobufWatchEvent.PodEvent) read(event);
    }
}
