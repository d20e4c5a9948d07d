package dev.stateful.app;

/** Process exit codes of the command line. */
public final class ExitCodes {
    public static final int OK = 0;
    public static final int FAILURE = 1;
    /** The input (manifest, flags) is invalid. */
    public static final int INVALID = 2;

    private ExitCodes() {
    }
}
