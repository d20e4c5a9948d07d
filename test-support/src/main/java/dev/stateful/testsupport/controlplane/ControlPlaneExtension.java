package dev.stateful.testsupport.controlplane;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A fresh {@link ControlPlane} for one test class, started before its first test and stopped
 * after its last, also when a test or the start fails:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final ControlPlaneExtension controlPlane = new ControlPlaneExtension(ControlPlane.Options.defaults());
 * }</pre>
 *
 * Test methods and constructors may also take the {@link ControlPlane} as a parameter.
 */
public final class ControlPlaneExtension implements BeforeAllCallback, AfterAllCallback, ParameterResolver {

    private final ControlPlane.Options options;
    private ControlPlane plane;

    public ControlPlaneExtension(ControlPlane.Options options) {
        this.options = options;
    }

    public ControlPlaneExtension() {
        this(ControlPlane.Options.defaults());
    }

    /** The running control plane; only between the class's start and end. */
    public ControlPlane get() {
        if (plane == null) {
            throw new IllegalStateException("the control plane runs only while its test class does");
        }
        return plane;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        plane = ControlPlane.start(context.getRequiredTestClass().getSimpleName(), options);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (plane != null) {
            plane.close();
            plane = null;
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == ControlPlane.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return get();
    }
}
