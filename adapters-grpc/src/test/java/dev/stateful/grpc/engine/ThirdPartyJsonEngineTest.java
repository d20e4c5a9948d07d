package dev.stateful.grpc.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.grpc.remote.client.CallPolicy;
import dev.stateful.grpc.remote.server.RemotePortsServices;
import dev.stateful.grpc.runtime.GrpcServer;
import dev.stateful.grpc.runtime.ServerSettings;
import dev.stateful.grpc.testing.Autopilot;
import dev.stateful.grpc.testing.Daemons;
import dev.stateful.grpc.testing.Eventually;
import dev.stateful.grpc.testing.InMemory;
import dev.stateful.grpc.testing.Manifests;
import dev.stateful.grpc.testing.RemoteEngine;
import dev.stateful.grpc.testing.Sets;
import dev.stateful.grpc.testing.ThirdPartyJson;
import dev.stateful.inmemory.InMemoryCluster;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The engine on the remote ports of a server written by someone else, which sends a set as a normal
 * set although its JSON is what our codec refuses ({@link ThirdPartyJson}): the gRPC client reports
 * it undecodable, so the engine does with it what it does with a set fabric8's caches could not
 * decode (app's UndecodableSetTest): one FailedValidation Warning event per version naming the
 * field, no sync meanwhile (resyncs included), and the set synced once its JSON decodes.
 */
class ThirdPartyJsonEngineTest {

    private static final Duration CONVERGE = Duration.ofSeconds(60);
    private static final ObjectKey NEVER_DECODED = new ObjectKey("default", "never-decoded");

    private final InMemoryCluster cluster = InMemoryCluster.builder().instantKubelet().build();
    private final ThirdPartyJson thirdParty = new ThirdPartyJson();
    private final ScheduledExecutorService executor = Daemons.scheduler(2);
    private final GrpcServer server = GrpcServer.start(ServerSettings.loopback(0).withShutdownGrace(Duration.ofMillis(100)),
            thirdParty.wrap(RemotePortsServices.of(InMemory.ports(cluster), executor)), () -> true);
    private final Autopilot kubelet = Autopilot.kubeletOnly(cluster);
    private RemoteEngine engine;

    @BeforeEach
    void startTheEngine() {
        engine = RemoteEngine.start("localhost:" + server.port(), CallPolicy.defaults());
    }

    @AfterEach
    void close() {
        engine.close();
        kubelet.close();
        server.close();
        executor.shutdownNow();
    }

    @Test
    void aSetWhoseJsonTheClientCannotDecodeGetsOneWarningEventNamingTheFieldIsNotSyncedAndConvergesOnceItDecodes() throws InterruptedException {
        thirdParty.breakSet(Sets.WEB);
        thirdParty.breakSet(NEVER_DECODED);
        cluster.apply(Manifests.web(3, "nginx:1.25"));
        cluster.apply(Manifests.web(1, "nginx:1.25").replace("name: web", "name: never-decoded"));

        Eventually.until(CONVERGE, "FailedValidation events on both", () -> cluster.events().withReason("FailedValidation").size() == 2,
                () -> cluster.events().all().toString());
        Thread.sleep(2500); // two resyncs sync the sets again
        assertThat(cluster.events().withReason("FailedValidation")).allSatisfy(e -> {
            assertThat(e.type()).isEqualTo("Warning");
            assertThat(e.message()).startsWith("invalid StatefulSet: " + ThirdPartyJson.FIELD + ":");
            assertThat(e.count()).as("one event for the one undecodable version").isEqualTo(1);
        }).extracting(e -> e.involvedObject().name()).containsExactlyInAnyOrder("web", "never-decoded");
        assertThat(cluster.stores().pods().list("default")).isEmpty();

        thirdParty.mend(Sets.WEB);
        Sets.setImage(cluster, Sets.WEB, "nginx:1.26"); // a change, so that the watch sends the set again

        Eventually.until(CONVERGE, "web's 3 pods", () -> cluster.stores().pods().list("default").stream()
                .filter(p -> p.name().startsWith("web-")).count() == 3, () -> cluster.stores().pods().list("default").toString());
        assertThat(cluster.stores().pods().list("default")).noneMatch(p -> p.name().startsWith("never-decoded"));
    }
}
