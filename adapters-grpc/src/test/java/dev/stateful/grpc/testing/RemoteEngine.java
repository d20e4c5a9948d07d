package dev.stateful.grpc.testing;

import dev.stateful.grpc.engine.SyncLoop;
import dev.stateful.grpc.remote.PortSet;
import dev.stateful.grpc.remote.client.CallPolicy;
import dev.stateful.grpc.remote.client.RemotePorts;
import dev.stateful.grpc.runtime.ClientSettings;
import dev.stateful.ports.reconcile.ReconcileListener;
import dev.stateful.ports.reconcile.StatefulSetReconciler;
import java.time.Clock;
import java.time.Duration;

/**
 * The engine as {@code stateful engine} runs it, the reconciler and its sync loop (every set synced
 * again each second), on the ports of a gRPC client of a remote-ports server.
 */
public final class RemoteEngine implements AutoCloseable {

    private final RemotePorts remote;
    private final SyncLoop loop;

    private RemoteEngine(RemotePorts remote) {
        this.remote = remote;
        PortSet ports = remote.ports();
        StatefulSetReconciler reconciler = new StatefulSetReconciler(ports.reader(), ports.pods(), ports.claims(), ports.revisions(),
                ports.status(), ports.events(), Clock.systemUTC(), Runnable::run, ReconcileListener.NONE);
        this.loop = new SyncLoop(ports.reader(), ports.clusterEvents(), reconciler, Duration.ofSeconds(1), Clock.systemUTC()).start();
    }

    /** @param target the server's host:port, plaintext */
    public static RemoteEngine start(String target, CallPolicy policy) {
        return new RemoteEngine(RemotePorts.connect(ClientSettings.plaintext(target), policy));
    }

    @Override
    public void close() {
        loop.close();
        remote.close();
    }
}
