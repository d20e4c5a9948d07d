package dev.stateful.inmemory.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.faults.ApiError;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The example the README gives test authors, kept compiling and true. */
@ExtendWith(InMemoryClusterExtension.class)
@ClusterConfig(seed = 42, instantKubelet = true)
class ReadmeExampleTest {

    @Test
    void webComesUp(InMemoryCluster cluster, ControllerDriver driver) throws IOException {
        cluster.apply(Files.readString(Path.of("../examples/web.yaml")));
        cluster.faults().on(Verb.CREATE, Kind.PODS).nth(2).fail(ApiError.UNAVAILABLE);
        driver.settle();
        assertThat(cluster.stores().pods().list("default")).hasSize(3);
        assertThat(cluster.audit().query().by(Actor.CONTROLLER).kind(Kind.PODS).verb(Verb.CREATE).count()).isEqualTo(4);
    }

    @Test
    void theExtensionHandsOneClusterAndItsDriverToATest(InMemoryCluster cluster, ControllerDriver driver) {
        assertThat(driver.cluster()).isSameAs(cluster);
    }
}
