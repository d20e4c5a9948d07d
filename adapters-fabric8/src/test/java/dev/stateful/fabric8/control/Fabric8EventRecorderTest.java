package dev.stateful.fabric8.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.ports.EventRecorder.Type;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true, https = false)
class Fabric8EventRecorderTest {

    KubernetesClient client;
    MutableClock clock = new MutableClock(Instant.parse("2026-03-01T10:00:00.123456789Z"));
    Fabric8EventRecorder recorder;
    StatefulSet web = Fixtures.statefulSet("web", 3).withMetadata(Fixtures.statefulSet("web", 3).metadata().withResourceVersion("7"));

    @BeforeEach
    void setUp() {
        recorder = new Fabric8EventRecorder(client, clock, Runnable::run);
    }

    List<Event> events() {
        return client.v1().events().inNamespace("default").list().getItems();
    }

    @Test
    void an_event_names_the_set_the_controller_and_what_happened() {
        recorder.record(web, Type.Normal, "SuccessfulCreate", "Create Pod web-0 in StatefulSet web successful");

        assertThat(events()).singleElement().satisfies(e -> {
            assertThat(e.getMetadata().getName()).isEqualTo("web." + Long.toHexString(1_772_359_200_123_456_789L));
            assertThat(e.getInvolvedObject().getKind()).isEqualTo("StatefulSet");
            assertThat(e.getInvolvedObject().getApiVersion()).isEqualTo("apps/v1");
            assertThat(e.getInvolvedObject().getName()).isEqualTo("web");
            assertThat(e.getInvolvedObject().getNamespace()).isEqualTo("default");
            assertThat(e.getInvolvedObject().getUid()).isEqualTo("web-uid");
            assertThat(e.getInvolvedObject().getResourceVersion()).isEqualTo("7");
            assertThat(e.getSource().getComponent()).isEqualTo("statefulset-controller");
            assertThat(e.getType()).isEqualTo("Normal");
            assertThat(e.getReason()).isEqualTo("SuccessfulCreate");
            assertThat(e.getMessage()).isEqualTo("Create Pod web-0 in StatefulSet web successful");
            assertThat(e.getCount()).isEqualTo(1);
            assertThat(e.getFirstTimestamp()).isEqualTo("2026-03-01T10:00:00Z");
            assertThat(e.getLastTimestamp()).isEqualTo("2026-03-01T10:00:00Z");
        });
    }

    @Test
    void a_repeated_event_bumps_count_and_lastTimestamp_of_the_first() {
        recorder.record(web, Type.Warning, "FailedCreate", "Create Pod web-0 in StatefulSet web failed error: quota");
        clock.advance(Duration.ofSeconds(30));
        recorder.record(web, Type.Warning, "FailedCreate", "Create Pod web-0 in StatefulSet web failed error: quota");
        clock.advance(Duration.ofSeconds(30));
        recorder.record(web, Type.Warning, "FailedCreate", "Create Pod web-0 in StatefulSet web failed error: quota");

        assertThat(events()).singleElement().satisfies(e -> {
            assertThat(e.getCount()).isEqualTo(3);
            assertThat(e.getFirstTimestamp()).isEqualTo("2026-03-01T10:00:00Z");
            assertThat(e.getLastTimestamp()).isEqualTo("2026-03-01T10:01:00Z");
        });
    }

    @Test
    void events_that_differ_in_message_are_separate() {
        recorder.record(web, Type.Normal, "SuccessfulCreate", "Create Pod web-0 in StatefulSet web successful");
        clock.advance(Duration.ofMillis(1));
        recorder.record(web, Type.Normal, "SuccessfulCreate", "Create Pod web-1 in StatefulSet web successful");

        assertThat(events()).extracting(Event::getMessage).containsExactlyInAnyOrder(
                "Create Pod web-0 in StatefulSet web successful", "Create Pod web-1 in StatefulSet web successful");
    }

    @Test
    void a_repeat_of_an_event_deleted_meanwhile_is_written_again_with_the_running_count() {
        recorder.record(web, Type.Normal, "SuccessfulDelete", "Delete Pod web-2 in StatefulSet web successful");
        client.v1().events().inNamespace("default").delete();
        clock.advance(Duration.ofSeconds(5));

        recorder.record(web, Type.Normal, "SuccessfulDelete", "Delete Pod web-2 in StatefulSet web successful");

        assertThat(events()).singleElement().satisfies(e -> {
            assertThat(e.getCount()).isEqualTo(2);
            assertThat(e.getLastTimestamp()).isEqualTo("2026-03-01T10:00:05Z");
        });
    }

    @Test
    void recording_never_throws_even_when_the_server_is_unreachable() {
        client.close();

        assertThatCode(() -> recorder.record(web, Type.Normal, "SuccessfulCreate", "Create Pod web-0 in StatefulSet web successful"))
                .doesNotThrowAnyException();
    }

    @Test
    void the_tenth_different_message_of_a_reason_and_those_after_it_are_combined_into_one_event_like_client_go() {
        for (int i = 0; i < 12; i++) {
            clock.advance(Duration.ofMillis(1)); // event names carry the time, as client-go's do
            recorder.record(web, Type.Normal, "SuccessfulCreate", "Create Pod web-" + i + " in StatefulSet web successful");
        }

        assertThat(events()).hasSize(10);
        assertThat(events()).filteredOn(e -> e.getMessage().startsWith("(combined from similar events): ")).singleElement()
                .satisfies(e -> {
                    assertThat(e.getMessage()).isEqualTo("(combined from similar events): Create Pod web-11 in StatefulSet web successful");
                    assertThat(e.getCount()).isEqualTo(3);
                });
    }

    @Test
    void past_a_burst_of_25_per_object_and_type_events_are_dropped_whatever_their_reason_like_client_go() {
        for (int i = 0; i < 30; i++) {
            clock.advance(Duration.ofMillis(1));
            recorder.record(web, Type.Normal, "SuccessfulCreate", "Create Pod web-" + i + " in StatefulSet web successful");
        }
        clock.advance(Duration.ofMillis(1));
        recorder.record(web, Type.Normal, "SuccessfulDelete", "Delete Pod web-29 in StatefulSet web successful");
        recorder.record(web, Type.Warning, "FailedCreate", "Create Pod web-30 in StatefulSet web failed error: quota");

        // 25 tokens: nine events one by one and sixteen into the combined one; the delete finds none left; a Warning has its own
        assertThat(events()).hasSize(11);
        assertThat(events()).filteredOn(e -> e.getMessage().startsWith("(combined")).singleElement()
                .satisfies(e -> assertThat(e.getCount()).isEqualTo(16));
        assertThat(events()).extracting(e -> e.getReason()).doesNotContain("SuccessfulDelete").contains("FailedCreate");
    }

    /**
     * client-go's {@code getSpamKey} has the event type since kubernetes#124747: a scale-up whose
     * creates fail part of the way writes 25 Normal and 25 Warning events (nine each one by one,
     * sixteen more into each combined one), not 25 in all.
     */
    @Test
    void warnings_have_a_burst_of_25_of_their_own_beside_the_normal_events_of_the_same_set() {
        for (int i = 0; i < 40; i++) {
            clock.advance(Duration.ofMillis(1));
            recorder.record(web, Type.Normal, "SuccessfulCreate", "Create Pod web-" + i + " in StatefulSet web successful");
        }
        for (int i = 40; i < 80; i++) {
            clock.advance(Duration.ofMillis(1));
            recorder.record(web, Type.Warning, "FailedCreate", "Create Pod web-" + i + " in StatefulSet web failed error: no stream");
        }

        assertThat(events()).hasSize(20);
        assertThat(events()).filteredOn(e -> e.getMessage().startsWith("(combined")).hasSize(2)
                .allSatisfy(e -> assertThat(e.getCount()).isEqualTo(16))
                .extracting(e -> e.getType()).containsExactlyInAnyOrder("Normal", "Warning");
    }

    @Test
    void by_default_events_are_written_off_the_callers_thread() throws Exception {
        try (Fabric8EventRecorder async = new Fabric8EventRecorder(client, clock)) {
            async.record(web, Type.Normal, "SuccessfulCreate", "Create Pod web-0 in StatefulSet web successful");
        } // close() waits for the queue to drain

        assertThat(events()).hasSize(1);
    }

    /** A clock tests move by hand. */
    static final class MutableClock extends Clock {
        private Instant now;

        MutableClock(Instant start) {
            this.now = start;
        }

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }

    /** client-go's {@code recordToSink}: a write the API server did not answer is tried again; one it answered is not. */
    @Nested
    class WhenTheApiServerDoesNotAnswer {

        final List<Duration> waits = new ArrayList<>();

        KubernetesClient clientOf(int port) {
            return new KubernetesClientBuilder().withConfig(new ConfigBuilder()
                    .withMasterUrl("http://127.0.0.1:" + port).withRequestRetryBackoffLimit(0).withConnectionTimeout(2_000).build()).build();
        }

        int freePort() throws IOException {
            try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                return socket.getLocalPort();
            }
        }

        @Test
        void an_event_is_written_once_the_server_answers_again() throws Exception {
            int port = freePort();
            KubernetesMockServer server = new KubernetesMockServer(false);
            server.expect().post().withPath("/api/v1/namespaces/default/events").andReturn(201, "{}").once();
            try (KubernetesClient unreachable = clientOf(port)) {
                Fabric8EventRecorder retrying = new Fabric8EventRecorder(unreachable, clock, Runnable::run, wait -> {
                    waits.add(wait);
                    clock.advance(wait);
                    if (waits.size() == 2) {
                        server.init(InetAddress.getLoopbackAddress(), port);
                    }
                });

                retrying.record(web, Type.Normal, "SuccessfulCreate", "Create Pod web-0 in StatefulSet web successful");

                assertThat(waits).hasSize(2);
                assertThat(waits.get(0)).isLessThanOrEqualTo(Fabric8EventRecorder.RETRY_SLEEP);
                assertThat(waits.get(1)).isEqualTo(Fabric8EventRecorder.RETRY_SLEEP);
                assertThat(server.getRequestCount()).isEqualTo(1);
                assertThat(server.takeRequest().getBody().readUtf8()).contains("Create Pod web-0 in StatefulSet web successful")
                        .as("the event of the first try, its name and time unchanged")
                        .contains("\"name\":\"web." + Long.toHexString(1_772_359_200_123_456_789L) + "\"")
                        .contains("\"firstTimestamp\":\"2026-03-01T10:00:00Z\"");
            } finally {
                server.destroy();
            }
        }

        @Test
        void it_is_dropped_after_twelve_tries() throws Exception {
            try (KubernetesClient unreachable = clientOf(freePort())) {
                Fabric8EventRecorder retrying = new Fabric8EventRecorder(unreachable, clock, Runnable::run, waits::add);

                assertThatCode(() -> retrying.record(web, Type.Warning, "FailedCreate", "quota")).doesNotThrowAnyException();

                assertThat(waits).hasSize(Fabric8EventRecorder.MAX_TRIES - 1);
            }
        }

        @Test
        void an_answer_refusing_it_is_not_retried() {
            KubernetesMockServer server = new KubernetesMockServer(false);
            server.expect().post().withPath("/api/v1/namespaces/default/events").andReturn(500, "{}").always();
            server.init();
            try (KubernetesClient answering = clientOf(server.getPort())) {
                new Fabric8EventRecorder(answering, clock, Runnable::run, waits::add)
                        .record(web, Type.Warning, "FailedCreate", "quota");

                assertThat(waits).isEmpty();
                assertThat(server.getRequestCount()).isEqualTo(1);
            } finally {
                server.destroy();
            }
        }
    }
}
