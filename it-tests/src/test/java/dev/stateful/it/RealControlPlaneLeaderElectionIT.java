package dev.stateful.it;

import dev.stateful.it.support.RealClusterExtension;
import dev.stateful.it.support.TestCluster;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The leader-election scenarios on the real control plane, with deploy/'s service account; each test in a namespace of its own. */
class RealControlPlaneLeaderElectionIT extends LeaderElectionScenarios {

    @RegisterExtension
    static final RealClusterExtension real = new RealClusterExtension();

    @Override
    protected TestCluster openCluster() {
        return real.get();
    }

    @Override
    protected void closeCluster(TestCluster cluster) {
        cluster.stopControllers();
    }
}
