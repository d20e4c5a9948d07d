package dev.stateful.it;

import dev.stateful.it.support.MockCluster;
import dev.stateful.it.support.TestCluster;
import dev.stateful.it.support.WriteChecks;

/**
 * The leader-election scenarios on fabric8's mock API server, a fresh one for each test; afterwards no
 * controller create was answered AlreadyExists and no status went back ({@link WriteChecks}).
 */
class LeaderElectionIT extends LeaderElectionScenarios {

    @Override
    protected TestCluster openCluster() {
        return new MockCluster();
    }

    @Override
    protected void closeCluster(TestCluster cluster) throws Exception {
        ((MockCluster) cluster).closeAfterWriteChecks();
    }
}
