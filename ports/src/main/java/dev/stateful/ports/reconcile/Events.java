package dev.stateful.ports.reconcile;

/**
 * Upstream's event reasons and message formats, in one place: {@code recordPodEvent} and
 * {@code recordClaimEvent} in stateful_pod_control.go, which since 1.36 title-case the verb
 * ("Create Pod web-0 in StatefulSet web successful").
 */
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
        verb = Character.toUpperCase(verb.charAt(0)) + verb.substring(1);
        return error == null
                ? verb + " Pod " + pod + " in StatefulSet " + set + " successful"
                : verb + " Pod " + pod + " in StatefulSet " + set + " failed error: " + error.getMessage();
    }

    public static String claim(String claim, String pod, String set, RuntimeException error) {
        return error == null
                ? "Create Claim " + claim + " Pod " + pod + " in StatefulSet " + set + " success"
                : "Create Claim " + claim + " for Pod " + pod + " in StatefulSet " + set + " failed error: " + error.getMessage();
    }

    /** Ours: a claim of our kind grown to a template's larger storage request ({@code ClaimResize}). */
    public static String resize(String claim, String pod, String set, String storage, RuntimeException error) {
        return error == null
                ? "Resize Claim " + claim + " for Pod " + pod + " in StatefulSet " + set + " to " + storage + " successful"
                : "Resize Claim " + claim + " for Pod " + pod + " in StatefulSet " + set + " to " + storage + " failed error: " + error.getMessage();
    }
}
