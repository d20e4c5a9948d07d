package dev.stateful.app.cli;

/**
 * The JDK runs a {@code CompletableFuture} stage that names no executor on ForkJoinPool's common
 * pool only when that pool's parallelism is at least 2; below that (one or two CPUs, the usual
 * container CPU limit: the parallelism is the CPU count minus one) it starts a new thread for every
 * such stage. The JDK HTTP client, the controller's before fabric8's Vert.x transport, completed
 * each response through one, so on two CPUs the controller started about a thousand threads a
 * minute during a rollout; fabric8's own stages still do. Asking for a common pool
 * of two, before anything creates it, makes those stages queue on two threads instead.
 */
final class CommonPool {

    static final String PARALLELISM = "java.util.concurrent.ForkJoinPool.common.parallelism";

    private CommonPool() {
    }

    /** At least two threads for the common pool, unless the operator chose (-D...parallelism=N). */
    static void atLeastTwoThreads() {
        if (System.getProperty(PARALLELISM) == null && Runtime.getRuntime().availableProcessors() < 3) {
            System.setProperty(PARALLELISM, "2");
        }
    }
}
