package dev.stateful.fabric8.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.codec.JsonParser;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.fabric8.convert.ProtobufWatchEvent;
import org.junit.jupiter.api.Test;

/** How the protobuf pod watch hands its pods to the informers' deserializer through fabric8's text-only watch. */
class DecodedPodsTest {

    @Test
    void aPodHandedOverIsTakenOnceByTheNumberInItsEventsText() {
        DecodedPods decoded = new DecodedPods();
        Pod pod = pod("web-0");

        Json.Obj object = object(decoded.handOver(new ProtobufWatchEvent.PodEvent("MODIFIED", pod)));

        assertThat(DecodedPods.isHandedOver(object)).isTrue();
        assertThat(DecodedPods.isHandedOver(JsonParser.parseObject("{\"kind\":\"Pod\",\"metadata\":{\"name\":\"web-0\"}}")))
                .as("a pod a JSON watch sent").isFalse();
        assertThat(decoded.take(object)).isSameAs(pod);
        assertThatThrownBy(() -> decoded.take(object)).isInstanceOf(IllegalStateException.class).hasMessageContaining("no longer kept");
    }

    @Test
    void onlyTheLastOnesAreKeptSoAClosedWatchsUnreadEventsDoNotPileUp() {
        DecodedPods decoded = new DecodedPods();
        Json.Obj first = object(decoded.handOver(new ProtobufWatchEvent.PodEvent("ADDED", pod("web-0"))));
        Json.Obj last = first;
        for (int i = 1; i <= DecodedPods.KEPT; i++) {
            last = object(decoded.handOver(new ProtobufWatchEvent.PodEvent("ADDED", pod("web-" + i))));
        }

        assertThat(decoded.kept()).isEqualTo(DecodedPods.KEPT);
        assertThatThrownBy(() -> decoded.take(first)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("only the last " + DecodedPods.KEPT);
        assertThat(decoded.take(last).metadata().name()).isEqualTo("web-" + DecodedPods.KEPT);
    }

    private static Pod pod(String name) {
        return new Pod(ObjectMeta.named("ns", name).withResourceVersion("7"), Json.EMPTY_OBJECT, PodStatus.of(PodStatus.RUNNING));
    }

    private static Json.Obj object(String eventText) {
        return JsonParser.parseObject(eventText).objectOrEmpty("object");
    }
}
