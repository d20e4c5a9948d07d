package dev.stateful.fabric8.election;

import dev.stateful.ports.leadership.LeadershipGate;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaderElectionRecord;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.Lock;

/** A lock that tells the gate about every successful write of our own lease record. */
final class RenewalTrackingLock implements Lock {

    private final Lock delegate;
    private final LeadershipGate gate;

    RenewalTrackingLock(Lock delegate, LeadershipGate gate) {
        this.delegate = delegate;
        this.gate = gate;
    }

    @Override
    public LeaderElectionRecord get(KubernetesClient client) {
        return delegate.get(client);
    }

    @Override
    public void create(KubernetesClient client, LeaderElectionRecord record) {
        long sentAt = gate.now();
        delegate.create(client, record);
        noteIfOurs(record, sentAt);
    }

    @Override
    public void update(KubernetesClient client, LeaderElectionRecord record) {
        long sentAt = gate.now();
        delegate.update(client, record);
        noteIfOurs(record, sentAt);
    }

    private void noteIfOurs(LeaderElectionRecord record, long sentAt) {
        if (identity().equals(record.getHolderIdentity())) {
            gate.renewed(sentAt);
        }
    }

    @Override
    public String identity() {
        return delegate.identity();
    }

    @Override
    public String describe() {
        return delegate.describe();
    }
}
