package dev.stateful.it;

import dev.stateful.it.support.MockCluster;
import dev.stateful.it.support.TestCluster;

/** The leader-election scenarios on fabric8's mock API server, a fresh one for each test. */
class LeaderElectionIT extends LeaderElectionScenarios {

    @Override
    protected TestCluster openCluster() {
        return new MockCluster();
    }

    @Override
    protected void closeCluster(TestCluster cluster) throws Exception {
        cluster.close();
    }
}
