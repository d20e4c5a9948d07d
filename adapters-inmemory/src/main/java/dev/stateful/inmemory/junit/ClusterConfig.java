package dev.stateful.inmemory.junit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Configures the cluster {@link InMemoryClusterExtension} creates. */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface ClusterConfig {

    /** Seeds uids and random faults. */
    long seed() default 0;

    /** Pods become Running and Ready on the next tick instead of after the default delays. */
    boolean instantKubelet() default false;
}
