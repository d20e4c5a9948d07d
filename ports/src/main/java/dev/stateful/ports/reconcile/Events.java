package dev.stateful.ports.reconcile;

/** Upstream's event reasons and message formats (spec 6.4), in one place. */
public final class Events {

    public static final String SUCCESSFUL_CREATE = "SuccessfulCreate";
    public static final String FAILED_CREATE = "FailedCreate";
    public static final String SUCCESSFUL_UPDATE = "SuccessfulUpdate";
    public static final String FAILED_UPDATE = "FailedUpdate";
    public static final String SUCCESSFUL_DELETE = "SuccessfulDelete";
    public static final String FAILED_DELETE = "FailedDelete";
    /** Ours: the set failed validation (a real API server would have rejected it). */
    public static final String FAILED_VALIDATION = "FailedValidation";

    private Events() {
    }

    public static String pod(String verb, String pod, String set, RuntimeException error) {
        return error == null
                ? verb + " Pod " + pod + " in StatefulSet " + set + " successful"
                : verb + " Pod " + pod + " in StatefulSet " + set + " failed error: " + error.getMessage();
    }

    public static String claim(String claim, String pod, String set, RuntimeException error) {
        return error == null
                ? "create Claim " + claim + " Pod " + pod + " in StatefulSet " + set + " success"
                : "create Claim " + claim + " for Pod " + pod + " in StatefulSet " + set + " failed error: " + error.getMessage();
    }
}
