package dev.stateful.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.app.Version;
import dev.stateful.it.support.ControllerProcess;
import dev.stateful.it.support.RealCluster;
import dev.stateful.it.support.RealClusterExtension;
import dev.stateful.it.support.WebSet;
import dev.stateful.it.support.Workload;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * When the API server goes away and comes back, {@code stateful controller} (its own process, its
 * own logging) says so in a line, not in a stack trace per watch, and carries on.
 */
class ApiServerOutageLogIT {

    @RegisterExtension
    static final RealClusterExtension real = new RealClusterExtension();

    @TempDir
    Path dir;

    @Test
    void anApiServerRestartIsOneLineInTheControllersLogAndTheControllerCarriesOn() {
        RealCluster cluster = real.get();
        try (ControllerProcess controller = ControllerProcess.start(cluster.kubeconfig(RealCluster.CONTROLLER), dir.resolve("controller.log"),
                "--leader-elect=false")) {
            controller.awaitReady(Duration.ofSeconds(120));
            // as kube-controller-manager's first line says "Starting" version="v1.36.3"
            assertThat(lines(controller)).anySatisfy(line -> assertThat(line).contains("\"Starting\" version=\"" + Version.current() + "\""));
            String namespace = cluster.newNamespace();
            Workload web = new Workload(cluster.client(), namespace, "web", Duration.ofSeconds(60));
            web.create(WebSet.in(namespace).replicas(1));
            web.awaitRolledOut(1);
            int before = lines(controller).size();

            cluster.plane().restartApiServer();
            web.scale(2);
            web.awaitRolledOut(2);

            List<String> outage = lines(controller).subList(before, lines(controller).size());
            assertThat(outage).as("what the controller logged while the API server restarted").noneMatch(l -> l.startsWith("\tat "));
            assertThat(outage).filteredOn(l -> l.contains("API server") || l.contains("watch") || l.contains("WebSocket"))
                    .as("lines about the lost connection:\n" + String.join("\n", outage)).singleElement()
                    .satisfies(line -> assertThat(line).contains("lost the watch of the API server"));
        }
    }

    static List<String> lines(ControllerProcess process) {
        return Arrays.asList(process.log().split("\n"));
    }
}
