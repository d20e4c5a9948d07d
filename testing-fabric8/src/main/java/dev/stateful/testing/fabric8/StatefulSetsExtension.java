package dev.stateful.testing.fabric8;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;

/** The JUnit 5 side of {@link EnableStatefulSets}: one {@link StatefulSetCluster} per test on the test's client. */
public final class StatefulSetsExtension implements BeforeEachCallback, AfterEachCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(StatefulSetsExtension.class);

    @Override
    public void beforeEach(ExtensionContext context) throws IllegalAccessException {
        // a @Nested test's instances, innermost first: its client field and annotation may be on an enclosing class
        List<Object> instances = new ArrayList<>(context.getRequiredTestInstances().getAllInstances());
        Collections.reverse(instances);
        KubernetesClient client = null;
        for (Object instance : instances) {
            Optional<KubernetesClient> found = client(instance);
            if (found.isPresent()) {
                client = found.get();
                break;
            }
        }
        if (client == null) {
            throw new ExtensionConfigurationException("@EnableStatefulSets needs a KubernetesClient field with a client in it before each test "
                    + "(e.g. filled by @EnableKubernetesMockClient, declared before @EnableStatefulSets)");
        }
        requireNoStaticClusterField(instances);
        String[] unstartable = instances.stream().map(i -> AnnotationSupport.findAnnotation(i.getClass(), EnableStatefulSets.class))
                .flatMap(Optional::stream).findFirst().map(EnableStatefulSets::unstartableImages).orElse(new String[0]);
        StatefulSetCluster cluster = StatefulSetCluster.start(client, StatefulSetCluster.Options.defaults().startPodsThat(noImageOf(unstartable)));
        context.getStore(NAMESPACE).put(StatefulSetCluster.class, cluster);
        for (Object instance : instances) {
            for (Field field : fields(instance.getClass())) {
                if (field.getType() == StatefulSetCluster.class && !Modifier.isStatic(field.getModifiers())) {
                    field.setAccessible(true);
                    field.set(instance, cluster);
                }
            }
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        StatefulSetCluster cluster = context.getStore(NAMESPACE).remove(StatefulSetCluster.class, StatefulSetCluster.class);
        if (cluster != null) {
            cluster.close();
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == StatefulSetCluster.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getStore(NAMESPACE).get(StatefulSetCluster.class, StatefulSetCluster.class);
    }

    private static Predicate<Pod> noImageOf(String[] unstartable) {
        return pod -> pod.getSpec().getContainers().stream().noneMatch(c -> {
            for (String image : unstartable) {
                if (c.getImage() != null && c.getImage().contains(image)) {
                    return true;
                }
            }
            return false;
        });
    }

    /** A cluster is started for each test: a static field would be shared by the tests of a class and is not filled. */
    static void requireNoStaticClusterField(List<Object> instances) {
        for (Object instance : instances) {
            for (Field field : fields(instance.getClass())) {
                if (field.getType() == StatefulSetCluster.class && Modifier.isStatic(field.getModifiers())) {
                    throw new ExtensionConfigurationException("@EnableStatefulSets starts a StatefulSetCluster for each test and fills "
                            + "instance fields and parameters only: make " + field.getDeclaringClass().getSimpleName() + "." + field.getName()
                            + " an instance field (it is static)");
                }
            }
        }
    }

    private static Optional<KubernetesClient> client(Object test) throws IllegalAccessException {
        for (Field field : fields(test.getClass())) {
            if (KubernetesClient.class.isAssignableFrom(field.getType())) {
                field.setAccessible(true);
                Object value = field.get(Modifier.isStatic(field.getModifiers()) ? null : test);
                if (value != null) {
                    return Optional.of((KubernetesClient) value);
                }
            }
        }
        return Optional.empty();
    }

    private static List<Field> fields(Class<?> type) {
        List<Field> out = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            out.addAll(List.of(c.getDeclaredFields()));
        }
        return out;
    }
}
