package dev.stateful.fabric8.informer;

import static dev.stateful.fabric8.convert.ProtobufWire.event;
import static dev.stateful.fabric8.convert.ProtobufWire.object;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.codec.JsonParser;
import dev.stateful.domain.json.Json;
import dev.stateful.fabric8.convert.ProtobufWire.Msg;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.WebSocket;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Which watches ask for protobuf, and what the pod watch's listener passes on to fabric8's. */
class ProtobufPodWatchesTest {

    @Test
    void onlyThePodInformersWatchesAskForProtobuf() {
        assertThat(ProtobufPodWatches.isPodWatch(URI.create("https://h:6443/api/v1/pods?allowWatchBookmarks=true&resourceVersion=7&watch=true"))).isTrue();
        assertThat(ProtobufPodWatches.isPodWatch(URI.create("https://h:6443/api/v1/namespaces/web/pods?watch=true&labelSelector=a%3Db"))).isTrue();
        assertThat(ProtobufPodWatches.isPodWatch(URI.create("https://h:6443/api/v1/namespaces/web/pods?limit=500"))).as("a list").isFalse();
        assertThat(ProtobufPodWatches.isPodWatch(URI.create("https://h:6443/api/v1/persistentvolumeclaims?watch=true"))).isFalse();
        assertThat(ProtobufPodWatches.isPodWatch(URI.create("https://h:6443/apis/apps/v1/statefulsets?watch=true"))).isFalse();
        assertThat(ProtobufPodWatches.isPodWatch(URI.create("https://h:6443/api/v1/namespaces/web/pods/web-0/exec?watch=true"))).isFalse();
        assertThat(ProtobufPodWatches.isPodWatch(null)).isFalse();
    }

    @Test
    void aTextMessageFromAServerThatAnswersInJsonPassesAsItIs() {
        Recording fabric8 = new Recording();
        var socket = new ReadAheadWatchesTest.CountingSocket();

        ProtobufPodWatches.decoding(fabric8, () -> { }, new DecodedPods()).onMessage(socket, "{\"type\":\"ADDED\",\"object\":{}}");

        assertThat(fabric8.seen).containsExactly("text {\"type\":\"ADDED\",\"object\":{}}");
        assertThat(socket.requested).as("fabric8's listener asks for the next message itself").hasValue(0);
    }

    @Test
    void aBinaryPodEventReachesFabric8AsTextThatHandsItsPodOver() throws Exception {
        Recording fabric8 = new Recording();
        DecodedPods decoded = new DecodedPods();
        var meta = new Msg().str(1, "web-0").str(3, "ns").str(5, "uid-0").str(6, "9");
        byte[] frame = event("ADDED", object("v1", "Pod", new Msg().msg(1, meta))).toBytes().toByteArray();
        AtomicInteger undecodable = new AtomicInteger();

        ProtobufPodWatches.decoding(fabric8, undecodable::incrementAndGet, decoded).onMessage(new ReadAheadWatchesTest.CountingSocket(), ByteBuffer.wrap(frame));

        assertThat(fabric8.seen).singleElement().asString().startsWith("text ");
        Json.Obj event = JsonParser.parseObject(fabric8.seen.get(0).substring("text ".length()));
        assertThat(event.string("type")).contains("ADDED");
        Json.Obj pod = event.objectOrEmpty("object");
        assertThat(pod.string("kind")).as("fabric8 picks the class by kind").contains("Pod");
        assertThat(pod.objectOrEmpty("metadata")).as("what fabric8 reads of the metadata: its store key and where to resume")
                .isEqualTo(JsonParser.parseObject("{\"namespace\":\"ns\",\"name\":\"web-0\",\"uid\":\"uid-0\",\"resourceVersion\":\"9\"}"));
        assertThat(decoded.take(pod).metadata().name()).isEqualTo("web-0");
        assertThat(decoded.kept()).isZero();
        assertThat(undecodable).hasValue(0);
    }

    @Test
    void anErrorEventReachesFabric8AsTheJsonOfItsStatusSoA410MakesItListAgain() {
        Recording fabric8 = new Recording();
        DecodedPods decoded = new DecodedPods();
        byte[] frame = event("ERROR", object("v1", "Status", new Msg().str(2, "Failure").str(4, "Expired").varint(6, 410)))
                .toBytes().toByteArray();

        ProtobufPodWatches.decoding(fabric8, () -> { }, decoded).onMessage(new ReadAheadWatchesTest.CountingSocket(), ByteBuffer.wrap(frame));

        assertThat(fabric8.seen).containsExactly("text {\"type\":\"ERROR\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Status\","
                + "\"status\":\"Failure\",\"reason\":\"Expired\",\"code\":410}}");
        assertThat(decoded.kept()).isZero();
    }

    @Test
    void anUndecodableBinaryMessageEndsTheWatchAsAnErrorAfterMarkingItRead() {
        Recording fabric8 = new Recording();
        var socket = new ReadAheadWatchesTest.CountingSocket();

        AtomicInteger undecodable = new AtomicInteger();

        ProtobufPodWatches.decoding(fabric8, undecodable::incrementAndGet, new DecodedPods()).onMessage(socket, ByteBuffer.wrap("not protobuf".getBytes(StandardCharsets.UTF_8)));

        assertThat(fabric8.seen).singleElement().asString().startsWith("error java.io.IOException: undecodable protobuf watch event");
        assertThat(socket.requested).as("read ahead counts it decoded").hasValue(1);
        assertThat(undecodable).hasValue(1);
    }

    /** The JSON path keeps one bad object from failing the watch; in protobuf the same event would fail each new watch. */
    @Test
    void afterAnEventThatCannotBeReadTheInformersClientWatchesPodsInJson() {
        List<Map<String, String>> headers = new ArrayList<>();
        List<WebSocket.Listener> listeners = new ArrayList<>();
        HttpClient transport = proxy(HttpClient.class, (self, method, args) -> {
            if (!method.getName().equals("newWebSocketBuilder")) {
                throw new UnsupportedOperationException(method.getName());
            }
            Map<String, String> sent = new HashMap<>();
            headers.add(sent);
            return proxy(WebSocket.Builder.class, (builder, m, a) -> switch (m.getName()) {
                case "header", "setHeader" -> {
                    sent.put((String) a[0], (String) a[1]);
                    yield builder;
                }
                case "buildAsync" -> {
                    listeners.add((WebSocket.Listener) a[0]);
                    yield CompletableFuture.completedFuture(null);
                }
                default -> builder;
            });
        });
        HttpClient informing = ReadAheadWatches.of(transport, new DecodedPods());
        URI pods = URI.create("https://h:6443/api/v1/pods?watch=true");

        informing.newWebSocketBuilder().uri(pods).buildAsync(new Recording());
        listeners.get(0).onMessage(new ReadAheadWatchesTest.CountingSocket(), ByteBuffer.wrap("not protobuf".getBytes(StandardCharsets.UTF_8)));
        informing.newWebSocketBuilder().uri(pods).buildAsync(new Recording());

        assertThat(headers).extracting(h -> h.get("Accept")).containsExactly(ProtobufPodWatches.MEDIA_TYPE, null);
    }

    static <T> T proxy(Class<T> type, InvocationHandler handler) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
    }

    static final class Recording implements WebSocket.Listener {
        final List<String> seen = new ArrayList<>();

        @Override
        public void onMessage(WebSocket webSocket, String text) {
            seen.add("text " + text);
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            seen.add("error " + error);
        }
    }
}
