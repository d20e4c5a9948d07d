package dev.stateful.fabric8.client;

/** {@code --context} names a context the kubeconfig does not have: a usage error, never a fallback to the current context. */
public final class UnknownContextException extends RuntimeException {

    public UnknownContextException(String context) {
        // kubectl's words (clientcmd's ErrNoContext)
        super("context \"" + context + "\" was not found");
    }
}
