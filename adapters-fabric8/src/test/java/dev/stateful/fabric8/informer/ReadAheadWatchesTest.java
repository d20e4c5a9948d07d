package dev.stateful.fabric8.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.http.WebSocket;
import io.fabric8.kubernetes.client.impl.KubernetesClientImpl;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The informers' WebSockets read up to a limit of watch events ahead of fabric8's decoding, instead
 * of one event per decoding; the events still reach the watcher, all of them and in order.
 */
class ReadAheadWatchesTest {

    /** A WebSocket that counts what it is asked for. */
    static final class CountingSocket implements WebSocket {
        final AtomicInteger requested = new AtomicInteger();

        @Override
        public boolean send(ByteBuffer buffer) {
            return true;
        }

        @Override
        public boolean sendClose(int code, String reason) {
            return true;
        }

        @Override
        public long queueSize() {
            return 0;
        }

        @Override
        public void request() {
            requested.incrementAndGet();
        }
    }

    /** fabric8's side: keeps each message's socket to ask for more once it has "decoded" it. */
    private static final class DecodingLater implements WebSocket.Listener {
        final List<WebSocket> undecoded = new ArrayList<>();
        final List<String> received = new ArrayList<>();

        @Override
        public void onMessage(WebSocket webSocket, String text) {
            received.add(text);
            undecoded.add(webSocket);
        }

        void decodeOne() {
            undecoded.remove(0).request();
        }
    }

    @Test
    void each_message_asks_the_socket_for_the_next_at_once_while_fewer_than_the_limit_are_undecoded() {
        CountingSocket socket = new CountingSocket();
        DecodingLater fabric8 = new DecodingLater();
        var listener = new ReadAheadWatches.ReadingAhead(fabric8, 2);

        listener.onMessage(socket, "1");
        listener.onMessage(socket, "2");
        assertThat(socket.requested).as("read on while two are undecoded").hasValue(2);

        listener.onMessage(socket, "3");
        assertThat(socket.requested).as("the third waits for a decoding").hasValue(2);
        fabric8.decodeOne();
        assertThat(socket.requested).as("the first decoded lets the socket read on").hasValue(3);

        fabric8.decodeOne();
        fabric8.decodeOne();
        assertThat(socket.requested).as("decodings of messages already followed ask for nothing more").hasValue(3);
        assertThat(fabric8.received).containsExactly("1", "2", "3");
    }

    @Test
    void the_socket_is_asked_once_per_message_however_decoding_and_arrival_interleave() {
        for (int seed = 0; seed < 200; seed++) {
            Random random = new Random(seed);
            int ahead = 1 + random.nextInt(4);
            CountingSocket socket = new CountingSocket();
            DecodingLater fabric8 = new DecodingLater();
            var listener = new ReadAheadWatches.ReadingAhead(fabric8, ahead);
            int delivered = 0;
            for (int step = 0; step < 200; step++) {
                // a message can arrive only when the socket was asked for one more than it delivered
                boolean canArrive = socket.requested.get() + 1 > delivered;
                if (canArrive && (fabric8.undecoded.isEmpty() || random.nextBoolean())) {
                    listener.onMessage(socket, Integer.toString(delivered++));
                } else if (!fabric8.undecoded.isEmpty()) {
                    fabric8.decodeOne();
                }
                assertThat(fabric8.undecoded.size()).as("seed %d: never more undecoded than the limit and the one past it", seed)
                        .isLessThanOrEqualTo(ahead + 1);
            }
            while (!fabric8.undecoded.isEmpty()) {
                fabric8.decodeOne();
            }
            assertThat(socket.requested.get()).as("seed %d: one request per message delivered", seed).isEqualTo(delivered);
        }
    }

    @Test
    void the_limit_is_at_least_one() {
        assertThatThrownBy(() -> ReadAheadWatches.of(null, 0, new DecodedPods())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void a_watch_whose_decoding_lags_gets_every_event_in_order() throws Exception {
        KubernetesMockServer server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), new KubernetesCrudDispatcher(), false);
        server.init();
        try (KubernetesClient client = server.createClient()) {
            // a window of 4 against a watcher slower than the creates: reading ahead, then waiting for decodings, many times over
            KubernetesClient informing = new KubernetesClientImpl(ReadAheadWatches.of(client.getHttpClient(), 4, new DecodedPods()), client.getConfiguration());
            int pods = 300;
            List<String> seen = Collections.synchronizedList(new ArrayList<>());
            CountDownLatch all = new CountDownLatch(pods);
            try (Watch watch = informing.pods().inNamespace("test").watch(new Watcher<>() {
                @Override
                public void eventReceived(Action action, io.fabric8.kubernetes.api.model.Pod pod) {
                    sleep(); // slower than the server sends
                    seen.add(pod.getMetadata().getName());
                    all.countDown();
                }

                @Override
                public void onClose(WatcherException cause) {
                }
            })) {
                List<String> created = new ArrayList<>();
                for (int i = 0; i < pods; i++) {
                    String name = "web-" + i;
                    client.pods().inNamespace("test").resource(new PodBuilder().withNewMetadata().withName(name).endMetadata().build()).create();
                    created.add(name);
                }

                assertThat(all.await(60, TimeUnit.SECONDS)).as("every event delivered").isTrue();
                assertThat(seen).containsExactlyElementsOf(created);
            }
        } finally {
            server.destroy();
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
