package dev.stateful.inmemory.contract;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.testing.ports.PortsContract;

/** The in-memory cluster's own ports keep the ports contract (in process: no watch to break). */
class InMemoryPortsContractTest extends PortsContract {

    private final InMemoryCluster cluster = InMemoryCluster.create();
    private final Ports ports = InMemoryFixture.portsOf(cluster);
    private final Fixture fixture = new InMemoryFixture(cluster);

    @Override
    protected Ports ports() {
        return ports;
    }

    @Override
    protected Fixture fixture() {
        return fixture;
    }
}
