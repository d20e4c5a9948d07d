package dev.stateful.fabric8.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.http.AsyncBody;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.http.Interceptor;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.vertx.core.Context;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@EnableKubernetesMockClient(crud = true, https = false)
class ClientFactoryTest {

    KubernetesMockServer server;
    @TempDir
    Path dir;

    Path kubeconfig(Path file, String serverUrl, String namespace) throws IOException {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, """
                apiVersion: v1
                kind: Config
                clusters:
                - name: test
                  cluster:
                    server: %s
                users:
                - name: tester
                  user:
                    token: secret
                contexts:
                - name: test
                  context:
                    cluster: test
                    user: tester
                    namespace: %s
                - name: other
                  context:
                    cluster: test
                    user: tester
                    namespace: elsewhere
                current-context: test
                """.formatted(serverUrl, namespace));
    }

    String mockUrl() {
        return server.url("/").replaceAll("/$", "");
    }

    @Test
    void the_kubeconfig_flag_comes_first() throws Exception {
        Path flag = kubeconfig(dir.resolve("flag/config"), mockUrl(), "from-flag");
        Path env = kubeconfig(dir.resolve("env/config"), mockUrl(), "from-env");
        kubeconfig(dir.resolve("home/.kube/config"), mockUrl(), "from-home");

        try (KubernetesClient client = ClientFactory.create(ClientFactory.Options.defaults().withKubeconfig(flag),
                Map.of("KUBECONFIG", env.toString()), dir.resolve("home"))) {
            assertThat(client.getNamespace()).isEqualTo("from-flag");
            assertThat(client.pods().list().getItems()).isEmpty();
        }
    }

    @Test
    void then_the_first_existing_file_named_by_KUBECONFIG() throws Exception {
        Path env = kubeconfig(dir.resolve("env/config"), mockUrl(), "from-env");
        kubeconfig(dir.resolve("home/.kube/config"), mockUrl(), "from-home");
        String list = dir.resolve("missing").toString() + java.io.File.pathSeparator + env;

        try (KubernetesClient client = ClientFactory.create(ClientFactory.Options.defaults(), Map.of("KUBECONFIG", list), dir.resolve("home"))) {
            assertThat(client.getNamespace()).isEqualTo("from-env");
        }
    }

    @Test
    void a_KUBECONFIG_list_is_merged_as_kubectl_merges_it_the_first_file_naming_an_entry_wins() throws Exception {
        // the context and the current context in one file, the cluster and user it names in another (and a second
        // definition of the context, which the first file's shadows)
        Path contexts = Files.writeString(dir.resolve("contexts"), """
                apiVersion: v1
                kind: Config
                contexts:
                - name: prod
                  context: {cluster: shared, user: me, namespace: from-the-first-file}
                current-context: prod
                """);
        Path clusters = Files.writeString(dir.resolve("clusters"), """
                apiVersion: v1
                kind: Config
                clusters:
                - name: shared
                  cluster: {server: %s}
                users:
                - name: me
                  user: {token: secret}
                contexts:
                - name: prod
                  context: {cluster: shared, user: me, namespace: from-the-second-file}
                - name: staging
                  context: {cluster: shared, user: me, namespace: staging}
                current-context: staging
                """.formatted(mockUrl()));
        String list = contexts + java.io.File.pathSeparator + dir.resolve("missing") + java.io.File.pathSeparator + clusters;

        try (KubernetesClient client = ClientFactory.create(ClientFactory.Options.defaults(), Map.of("KUBECONFIG", list), dir.resolve("home"))) {
            assertThat(client.getNamespace()).isEqualTo("from-the-first-file");
            assertThat(client.getMasterUrl().toString()).startsWith(mockUrl());
            assertThat(client.pods().list().getItems()).isEmpty();
        }
        try (KubernetesClient client = ClientFactory.create(ClientFactory.Options.defaults().withContext("staging"), Map.of("KUBECONFIG", list),
                dir.resolve("home"))) {
            assertThat(client.getNamespace()).isEqualTo("staging");
        }
    }

    @Test
    void an_empty_file_in_a_KUBECONFIG_list_is_read_as_an_empty_kubeconfig() throws Exception {
        Path env = kubeconfig(dir.resolve("env/config"), mockUrl(), "from-env");
        Path empty = Files.writeString(dir.resolve("empty"), "");
        String list = env + java.io.File.pathSeparator + empty;

        try (KubernetesClient client = ClientFactory.create(ClientFactory.Options.defaults(), Map.of("KUBECONFIG", list), dir.resolve("home"))) {
            assertThat(client.getNamespace()).isEqualTo("from-env");
        }
    }

    @Test
    void a_current_context_no_file_has_is_refused_as_kubectl_refuses_it_not_taken_from_the_next_file() throws Exception {
        Path first = Files.writeString(dir.resolve("first"), "apiVersion: v1\nkind: Config\ncurrent-context: prod\n");
        Path second = kubeconfig(dir.resolve("second/config"), mockUrl(), "staging");
        String list = first + java.io.File.pathSeparator + second;

        assertThatThrownBy(() -> ClientFactory.create(ClientFactory.Options.defaults(), Map.of("KUBECONFIG", list), dir.resolve("home")))
                .isInstanceOf(UnknownContextException.class).hasMessage("context \"prod\" was not found");
    }

    @Test
    void then_the_kubeconfig_in_the_home_directory() throws Exception {
        kubeconfig(dir.resolve("home/.kube/config"), mockUrl(), "from-home");

        try (KubernetesClient client = ClientFactory.create(ClientFactory.Options.defaults(), Map.of(), dir.resolve("home"))) {
            assertThat(client.getNamespace()).isEqualTo("from-home");
        }
    }

    @Test
    void every_request_carries_the_user_agent_given_not_the_client_librarys() throws Exception {
        Path flag = kubeconfig(dir.resolve("flag/config"), mockUrl(), "default");
        String agent = UserAgent.of("9.9.9", "statefulset-controller");

        try (KubernetesClient client = ClientFactory.create(ClientFactory.Options.defaults().withKubeconfig(flag).withUserAgent(agent), Map.of(), dir)) {
            client.pods().list();
            client.configMaps().resource(new io.fabric8.kubernetes.api.model.ConfigMapBuilder().withNewMetadata().withName("c").endMetadata().build())
                    .create();
        }

        assertThat(server.getRequestCount()).isGreaterThanOrEqualTo(2);
        for (int i = server.getRequestCount(); i > 0; i--) {
            assertThat(server.takeRequest(5, TimeUnit.SECONDS).getHeader("User-Agent")).isEqualTo(agent);
        }
    }

    @Test
    void requests_go_through_fabric8s_vertx_transport_on_netty() throws Exception {
        Path flag = kubeconfig(dir.resolve("flag/config"), mockUrl(), "default");

        try (KubernetesClient client = ClientFactory.create(ClientFactory.Options.defaults().withKubeconfig(flag), Map.of(), dir)) {
            assertThat(client.getHttpClient().getClass().getName()).startsWith("io.fabric8.kubernetes.client.vertx5.");
        }
    }

    @Test
    void calls_from_several_threads_are_all_answered_on_the_clients_one_event_loop() throws Exception {
        Path flag = kubeconfig(dir.resolve("flag/config"), mockUrl(), "default");

        try (KubernetesClient client = ClientFactory.create(ClientFactory.Options.defaults().withKubeconfig(flag), Map.of(), dir)) {
            assertThat(answeringLoops(client, 8)).singleElement()
                    .satisfies(thread -> assertThat(thread.getName()).startsWith(NettyTransport.EVENT_LOOP_PREFIX));
        }
    }

    @Test
    void a_clients_event_loop_ends_when_the_client_closes() throws Exception {
        Path flag = kubeconfig(dir.resolve("flag/config"), mockUrl(), "default");
        KubernetesClient client = ClientFactory.create(ClientFactory.Options.defaults().withKubeconfig(flag), Map.of(), dir);
        Thread loop = answeringLoops(client, 8).iterator().next();

        client.close();

        loop.join(Duration.ofSeconds(20).toMillis());
        assertThat(loop.isAlive()).as("%s alive 20 s after its client was closed", loop.getName()).isFalse();
    }

    /**
     * The Vert.x event loops that {@code calls} GETs, each from a thread of its own, were answered on.
     * The server holds each answer 100 ms, so that fabric8 has chained the interceptors' stage before
     * the answer comes (a stage chained to an answer already complete runs on the chaining thread,
     * which says nothing about where answers are read), and only event-loop threads are counted.
     */
    private Set<Thread> answeringLoops(KubernetesClient client, int calls) throws Exception {
        server.expect().get().delay(100, TimeUnit.MILLISECONDS).withPath("/api/v1/namespaces/default/pods")
                .andReturn(200, "{\"kind\":\"PodList\",\"apiVersion\":\"v1\",\"metadata\":{},\"items\":[]}").always();
        Set<Thread> answeredOn = ConcurrentHashMap.newKeySet();
        HttpClient probe = client.getHttpClient().newBuilder().addOrReplaceInterceptor("answered-on", new Interceptor() {
            @Override
            public void after(HttpRequest request, HttpResponse<?> response, AsyncBody.Consumer<List<ByteBuffer>> consumer) {
                if (Context.isOnEventLoopThread()) {
                    answeredOn.add(Thread.currentThread());
                }
            }
        }).build();
        String url = client.getConfiguration().getMasterUrl().replaceAll("/$", "") + "/api/v1/namespaces/default/pods";
        for (int i = 0; i < calls; i++) {
            Thread caller = new Thread(() -> probe.sendAsync(probe.newHttpRequestBuilder().uri(url).build(), String.class).join());
            caller.start();
            caller.join();
        }
        return answeredOn;
    }

    @Test
    void a_named_context_overrides_the_current_one() throws Exception {
        Path flag = kubeconfig(dir.resolve("flag/config"), mockUrl(), "from-flag");

        try (KubernetesClient client = ClientFactory.create(ClientFactory.Options.defaults().withKubeconfig(flag).withContext("other"),
                Map.of(), dir)) {
            assertThat(client.getNamespace()).isEqualTo("elsewhere");
        }
    }

    @Test
    void no_configuration_at_all_is_one_clear_line() {
        assertThatThrownBy(() -> ClientFactory.create(ClientFactory.Options.defaults(), Map.of(), dir.resolve("home")))
                .isInstanceOf(ClientConfigException.class)
                .hasMessage("no Kubernetes configuration found: pass --kubeconfig, set KUBECONFIG, create ~/.kube/config or run inside a cluster");
    }

    @Test
    void a_kubeconfig_flag_naming_a_missing_file_says_so() {
        Path missing = dir.resolve("nope");

        assertThatThrownBy(() -> ClientFactory.create(ClientFactory.Options.defaults().withKubeconfig(missing), Map.of(), dir))
                .isInstanceOf(ClientConfigException.class)
                .hasMessage("kubeconfig " + missing + " does not exist");
    }

    @Test
    void an_unreachable_api_server_is_one_line_naming_it() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        Path config = kubeconfig(dir.resolve("config"), "http://127.0.0.1:" + closedPort, "default");

        try (KubernetesClient client = ClientFactory.create(ClientFactory.Options.defaults().withKubeconfig(config).withRequestTimeout(Duration.ofSeconds(5)), Map.of(), dir)) {
            assertThatThrownBy(() -> ClientFactory.verifyReachable(client))
                    .isInstanceOf(ClientConfigException.class)
                    .hasMessage("cannot reach the Kubernetes API server at http://127.0.0.1:" + closedPort + "/: connection refused");
        }
    }

    @Test
    void requests_are_held_to_the_configured_rate() throws Exception {
        assertTenPerSecond(ClientFactory.Options.defaults().withRateLimit(10, 1));
    }

    /** {@code options} hold requests to 10 per second with a burst of one. */
    private void assertTenPerSecond(ClientFactory.Options options) throws IOException {
        Path config = kubeconfig(dir.resolve("config"), mockUrl(), "default");

        try (KubernetesClient client = ClientFactory.create(options.withKubeconfig(config), Map.of(), dir)) {
            client.pods().list(); // warm up; afterwards at most the one token of the burst is saved up
            long start = System.nanoTime();
            for (int i = 0; i < 5; i++) {
                client.pods().list();
            }
            // 5 requests at 10 per second: at least 4 gaps of 100 ms.
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(400));
        }
    }

    @Test
    void requests_share_one_connection() throws Exception {
        assertThat(connectionsUsedBy(8, ClientFactory.Options.defaults().withRateLimit(1000, 100),
                client -> client.raw("/api/v1/namespaces/default/pods", "POST", "{}"))).hasSize(1);
    }

    /** The client ports a plain HTTP server saw {@code requests} calls of {@code call}, one after the other, come from. */
    private Set<Integer> connectionsUsedBy(int requests, ClientFactory.Options options, Consumer<KubernetesClient> call) throws IOException {
        Set<Integer> ports = ConcurrentHashMap.newKeySet();
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        http.createContext("/", exchange -> {
            ports.add(exchange.getRemoteAddress().getPort());
            answerJson(exchange, "{\"kind\":\"PodList\",\"apiVersion\":\"v1\",\"metadata\":{},\"items\":[]}", false);
        });
        http.start();
        try {
            Path config = kubeconfig(dir.resolve("plain/config"), "http://127.0.0.1:" + http.getAddress().getPort(), "default");
            try (KubernetesClient client = ClientFactory.create(options.withKubeconfig(config), Map.of(), dir)) {
                for (int i = 0; i < requests; i++) {
                    call.accept(client);
                }
            }
        } finally {
            http.stop(0);
        }
        return ports;
    }

    @Test
    void a_watch_the_server_ends_is_opened_again_within_a_fraction_of_a_second() throws Exception {
        // client-go's reflector watches again at once; fabric8 by itself waits a second
        AtomicLong firstEvent = new AtomicLong();
        List<Long> watches = streamedWatchesAt(2, firstEvent);
        // from the first watch's event handed on, if that came later: Vert.x reads a stream's end only
        // once the event before it is decoded, and this JVM's first decode is cold (seconds on a busy machine)
        long from = Math.max(watches.get(0), firstEvent.get());
        assertThat(Duration.ofNanos(watches.get(1) - from)).isLessThan(Duration.ofMillis(600));
    }

    /**
     * The arrival times (nanoTime) of a pod watch's first {@code count} streamed watch requests at a
     * server that answers each with one event and then ends the response, as kube-apiserver ends a
     * watch at its timeout. It has no WebSockets (fabric8's first choice, which then falls back to a
     * streamed watch), so a gap between two streamed watches is the client's own wait before
     * watching again, and its decoding of the event before. {@code firstEvent} gets the time the
     * watcher was handed its first event.
     */
    private List<Long> streamedWatchesAt(int count, AtomicLong firstEvent) throws Exception {
        List<Long> watches = new CopyOnWriteArrayList<>();
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        http.createContext("/", exchange -> {
            String query = String.valueOf(exchange.getRequestURI().getQuery());
            if (query.contains("watch=true")) {
                // a WebSocket handshake answered 200: fabric8 then watches with a streamed response instead
                if (!"websocket".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Upgrade"))) {
                    watches.add(System.nanoTime());
                }
                answerJson(exchange, "{\"type\":\"ADDED\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":"
                        + "{\"name\":\"web-0\",\"namespace\":\"default\",\"resourceVersion\":\"2\"}}}\n", true);
            } else {
                answerJson(exchange, "{\"kind\":\"PodList\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"1\"},\"items\":[]}", false);
            }
        });
        http.start();
        try {
            Path config = kubeconfig(dir.resolve("watch/config"), "http://127.0.0.1:" + http.getAddress().getPort(), "default");
            try (KubernetesClient client = ClientFactory.create(ClientFactory.Options.defaults().withKubeconfig(config), Map.of(), dir);
                 Watch ignored = client.pods().inNamespace("default").watch(new Watcher<Pod>() {
                     @Override
                     public void eventReceived(Action action, Pod pod) {
                         firstEvent.compareAndSet(0, System.nanoTime());
                     }

                     @Override
                     public void onClose(WatcherException cause) {
                     }
                 })) {
                long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                while (watches.size() < count && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
            }
        } finally {
            http.stop(0);
        }
        assertThat(watches).as("watch requests within 10 s").hasSizeGreaterThanOrEqualTo(count);
        return watches.subList(0, count);
    }

    /** Answers {@code json}; a streamed answer (a watch's) has no length and ends with the exchange. */
    private static void answerJson(HttpExchange exchange, String json, boolean streamed) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, streamed ? 0 : body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }
}
