package dev.stateful.inmemory.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Configures the cluster {@link InMemoryClusterExtension} creates: the one on the test method wins, then the
 * test class's (or a superclass's), then an enclosing class's for a {@code @Nested} test. It registers that
 * extension itself; an {@code @ExtendWith(InMemoryClusterExtension.class)} beside it changes nothing.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@ExtendWith(InMemoryClusterExtension.class)
public @interface ClusterConfig {

    /** Seeds uids and random faults. */
    long seed() default 0;

    /** Pods become Running and Ready on the next tick instead of after the default delays. */
    boolean instantKubelet() default false;
}
