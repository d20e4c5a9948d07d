package dev.stateful.fabric8.loop;

/**
 * A fatal JVM error (out of memory) in a worker ends the process with one clear line and exit code
 * 70 (EX_SOFTWARE): the heap may be in any state, and a restarted process (Kubernetes restarts the
 * container) lists afresh. {@code halt}, not {@code exit}: shutdown hooks could need the memory that ran out.
 */
public final class FatalErrors {

    public static final int EXIT_CODE = 70;

    private FatalErrors() {
    }

    public static void exit(Error fatal) {
        System.err.println("fatal: " + fatal + " in " + Thread.currentThread().getName()
                + "; exiting so that the process is restarted");
        System.err.flush();
        Runtime.getRuntime().halt(EXIT_CODE);
    }
}
