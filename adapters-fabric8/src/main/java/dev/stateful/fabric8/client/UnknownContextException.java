package dev.stateful.fabric8.client;

/**
 * {@code --context}, or else the kubeconfig's current-context, names a context the kubeconfig does not have: a usage
 * error, never a fallback to another context (fabric8 would keep the current one, or take the next file's).
 */
public final class UnknownContextException extends RuntimeException {

    public UnknownContextException(String context) {
        // kubectl's words (clientcmd's ErrNoContext)
        super("context \"" + context + "\" was not found");
    }
}
