package dev.stateful.it;

import dev.stateful.it.support.RealCluster;
import dev.stateful.it.support.TestCluster;
import dev.stateful.testsupport.controlplane.ControlPlaneExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The restart scenarios on the real control plane, with deploy/'s service account; each test in a namespace of its own. */
class RealControlPlaneControllerRestartIT extends ControllerRestartScenarios {

    @RegisterExtension
    static final ControlPlaneExtension controlPlane = new ControlPlaneExtension(RealCluster.options());
    static RealCluster real;

    @BeforeAll
    static void startCluster() {
        real = new RealCluster(controlPlane.get());
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (real != null) {
            real.close();
        }
    }

    @Override
    protected TestCluster openCluster() {
        return real;
    }

    @Override
    protected void closeCluster(TestCluster cluster) {
        cluster.stopControllers();
    }
}
