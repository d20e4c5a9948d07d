package dev.stateful.inmemory.contract;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.faults.ApiError;
import dev.stateful.inmemory.store.DeleteOptions;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import dev.stateful.testing.ports.PortsContract;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The ports contract's fixture over an in-memory cluster: sets written as its user, failures
 * injected by its fault rules. Open to extension: behind the remote ports, the watch can also break.
 */
public class InMemoryFixture implements PortsContract.Fixture {

    private final InMemoryCluster cluster;

    public InMemoryFixture(InMemoryCluster cluster) {
        this.cluster = cluster;
    }

    /** The cluster's own ports, in process. */
    public static PortsContract.Ports portsOf(InMemoryCluster cluster) {
        return new PortsContract.Ports(cluster.reader(), cluster.clusterEvents(), cluster.podControl(), cluster.claimControl(),
                cluster.revisionControl(), cluster.statusWriter());
    }

    @Override
    public StatefulSet createSet(StatefulSet set) {
        return cluster.user().statefulSets().create(set);
    }

    @Override
    public void deleteSet(ObjectKey key) {
        cluster.user().statefulSets().delete(key, DeleteOptions.DEFAULT);
    }

    @Override
    public Optional<Consumer<Runnable>> unavailablePodCreates() {
        return Optional.of(calls -> {
            cluster.faults().on(Verb.CREATE, Kind.PODS).fail(ApiError.UNAVAILABLE);
            try {
                calls.run();
            } finally {
                cluster.faults().clear();
            }
        });
    }
}
