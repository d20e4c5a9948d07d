package dev.stateful.it;

import dev.stateful.it.support.MockCluster;
import dev.stateful.it.support.TestCluster;

/** The restart scenarios on fabric8's mock API server, a fresh one for each test. */
class ControllerRestartIT extends ControllerRestartScenarios {

    @Override
    protected TestCluster openCluster() {
        return new MockCluster();
    }

    @Override
    protected void closeCluster(TestCluster cluster) throws Exception {
        cluster.close();
    }
}
