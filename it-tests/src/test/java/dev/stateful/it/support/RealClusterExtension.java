package dev.stateful.it.support;

import dev.stateful.testsupport.controlplane.ControlPlane;
import dev.stateful.testsupport.controlplane.ControlPlaneExtension;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A {@link RealCluster} on a fresh control plane for one test class (no controller running yet):
 *
 * <pre>{@code
 * @RegisterExtension
 * static final RealClusterExtension real = new RealClusterExtension();
 * }</pre>
 */
public final class RealClusterExtension implements BeforeAllCallback, AfterAllCallback {

    private final ControlPlaneExtension plane;
    private RealCluster cluster;

    /** With kube-controller-manager's StatefulSet controller off: ours is the one under test. */
    public RealClusterExtension() {
        this("", RealCluster.options());
    }

    /** @param label names the logs' folder, for a class with two clusters */
    public RealClusterExtension(String label, ControlPlane.Options options) {
        this.plane = new ControlPlaneExtension(label, options);
    }

    public RealCluster get() {
        if (cluster == null) {
            throw new IllegalStateException("the cluster runs only while its test class does");
        }
        return cluster;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        plane.beforeAll(context);
        cluster = new RealCluster(plane.get());
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        try {
            if (cluster != null) {
                cluster.close();
                cluster = null;
            }
        } finally {
            plane.afterAll(context);
        }
    }
}
