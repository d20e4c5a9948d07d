package dev.stateful.fabric8.client;

/** No usable cluster configuration, or the API server cannot be reached. The message is one line for the user. */
public final class ClientConfigException extends RuntimeException {

    public ClientConfigException(String message, Throwable cause) {
        super(message, cause);
    }

    public ClientConfigException(String message) {
        super(message);
    }
}
