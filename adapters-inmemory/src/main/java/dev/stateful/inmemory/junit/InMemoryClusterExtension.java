package dev.stateful.inmemory.junit;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Hands a test a fresh {@link InMemoryCluster} and a {@link ControllerDriver} on it (the same
 * cluster within one test). Configure with {@link ClusterConfig} on the test method or class.
 *
 * <pre>{@code
 * @ExtendWith(InMemoryClusterExtension.class)
 * class MyTest {
 *     @Test void scalesUp(InMemoryCluster cluster, ControllerDriver driver) { ... }
 * }
 * }</pre>
 */
public final class InMemoryClusterExtension implements ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(InMemoryClusterExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == InMemoryCluster.class || type == ControllerDriver.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        ControllerDriver driver = context.getStore(NAMESPACE)
                .getOrComputeIfAbsent("driver", k -> new ControllerDriver(newCluster(context)), ControllerDriver.class);
        return parameter.getParameter().getType() == InMemoryCluster.class ? driver.cluster() : driver;
    }

    private static InMemoryCluster newCluster(ExtensionContext context) {
        ClusterConfig config = context.getTestMethod().flatMap(m -> AnnotationSupport.findAnnotation(m, ClusterConfig.class))
                .or(() -> context.getTestClass().flatMap(InMemoryClusterExtension::onClassOrEnclosing))
                .orElse(null);
        InMemoryCluster.Builder builder = InMemoryCluster.builder();
        if (config != null) {
            builder.seed(config.seed());
            if (config.instantKubelet()) {
                builder.instantKubelet();
            }
        }
        return builder.build();
    }

    /** On {@code type}, a superclass, or (a {@code @Nested} test's) an enclosing class, the nearest first. */
    private static java.util.Optional<ClusterConfig> onClassOrEnclosing(Class<?> type) {
        for (Class<?> c = type; c != null; c = java.lang.reflect.Modifier.isStatic(c.getModifiers()) ? null : c.getEnclosingClass()) {
            java.util.Optional<ClusterConfig> found = AnnotationSupport.findAnnotation(c, ClusterConfig.class);
            if (found.isPresent()) {
                return found;
            }
        }
        return java.util.Optional.empty();
    }
}
