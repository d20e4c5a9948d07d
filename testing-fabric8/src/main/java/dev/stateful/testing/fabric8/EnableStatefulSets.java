package dev.stateful.testing.fabric8;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Working StatefulSets in every test of the class: before each test a {@link StatefulSetCluster}
 * starts on the test's {@code KubernetesClient} field (the one {@code @EnableKubernetesMockClient}
 * fills; put this annotation after it), and stops after the test. The cluster is injected into a
 * {@code StatefulSetCluster} field or parameter.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(StatefulSetsExtension.class)
public @interface EnableStatefulSets {

    /** Image substrings the kubelet never starts: their pods stay Pending, as with an image that cannot be pulled. */
    String[] unstartableImages() default {"does-not-exist"};
}
