package dev.stateful.fabric8.control;

import dev.stateful.ports.ApiException;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Maps fabric8 failures onto the port error contract. The HTTP code decides, not the status
 * reason: 409 means AlreadyExists on create but a stale resourceVersion on update, and fake servers
 * do not always fill in the reason.
 */
public final class ApiErrors {

    /** What the failed request was trying to do; it decides what a 409 means. */
    public enum Verb { GET, CREATE, UPDATE, PATCH, DELETE }

    private ApiErrors() {
    }

    /**
     * How often a request the HTTP/2 connection had no stream for is sent again ({@link #notSent}):
     * 5 ms, 10 ms, ... up to 50 ms apart, about 5 s in all, as long as a loaded API server may take to
     * answer the calls that hold the streams.
     */
    static final int STREAM_RETRIES = 100;
    private static final long STREAM_RETRY_MILLIS = 5;
    private static final long STREAM_RETRY_MAX_MILLIS = 50;

    public static <T> T call(Verb verb, String target, Supplier<T> request) {
        for (int attempt = 0; ; attempt++) {
            try {
                return request.get();
            } catch (KubernetesClientException e) {
                if (attempt >= STREAM_RETRIES || !notSent(e)) {
                    throw translate(verb, target, e);
                }
            }
            pause(attempt);
        }
    }

    /**
     * The JDK 17 HTTP client's refusal to open one more stream on a full HTTP/2 connection
     * ({@code IOException: too many concurrent streams}; the controller's Vert.x transport opens
     * another connection instead, but a client lent to {@code StatefulSetCluster} may be the JDK's):
     * the request never left, so sending it again
     * is safe for any verb, and it is what Go's transport does in effect (it queues or opens another
     * connection). Anything else is the caller's to handle: the work queue retries failed syncs.
     */
    static boolean notSent(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof java.io.IOException && "too many concurrent streams".equals(t.getMessage())) {
                return true;
            }
        }
        return false;
    }

    private static void pause(int attempt) {
        try {
            Thread.sleep(Math.min(STREAM_RETRY_MAX_MILLIS, STREAM_RETRY_MILLIS * (attempt + 1)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public static void run(Verb verb, String target, Runnable request) {
        call(verb, target, () -> {
            request.run();
            return null;
        });
    }

    /**
     * The port error for a failed request. An answer the API server gave is told in its own words,
     * the Status's message and nothing else, as client-go's {@code StatusError.Error()} tells it: the
     * pod and claim events carry this text ({@code recordPodEvent}, {@code recordClaimEvent}), and
     * they read as kube-controller-manager's. A request with no answer is told with what it was.
     */
    public static ApiException translate(Verb verb, String target, KubernetesClientException e) {
        int code = e.getCode();
        String message = answered(e) ? e.getStatus().getMessage() : verb.name().toLowerCase() + " " + target + ": " + noAnswer(e);
        if (code == 404) {
            return new ApiException.NotFound(message);
        }
        if (code == 409) {
            if (verb == Verb.CREATE) {
                return new ApiException.AlreadyExists(message);
            }
            // A failed uid precondition: the object with that name is not the one we meant.
            return verb == Verb.DELETE ? new ApiException.NotFound(message) : new ApiException.Conflict(message);
        }
        if (code == 401 || code == 403) {
            return new ApiException.Forbidden(message);
        }
        if (code == 429 || code >= 500 || code <= 0 || code == 408) {
            // code 0 or -1: no HTTP answer at all (connection refused, timeout, interrupted).
            return new ApiException.Unavailable(message, e);
        }
        // 400, 422 and the other client errors (405, 415...): sending it again cannot help.
        return new ApiException.Invalid(message, causes(e));
    }

    /** The fields a refusal names, its Status's {@code details.causes} (apierrors.NewInvalid fills them). */
    private static List<ApiException.Invalid.Cause> causes(KubernetesClientException e) {
        if (e.getStatus() == null || e.getStatus().getDetails() == null || e.getStatus().getDetails().getCauses() == null) {
            return List.of();
        }
        return e.getStatus().getDetails().getCauses().stream()
                .map(c -> new ApiException.Invalid.Cause(Objects.toString(c.getField(), ""), Objects.toString(c.getMessage(), "")))
                .toList();
    }

    /**
     * Whether a failed request got no answer from the API server at all (connection refused or reset, a
     * timeout): client-go's event recorder tries such a write again, and drops one the server answered.
     */
    public static boolean unanswered(ApiException e) {
        return e instanceof ApiException.Unavailable && e.getCause() instanceof KubernetesClientException k && k.getCode() <= 0;
    }

    private static boolean answered(KubernetesClientException e) {
        return e.getStatus() != null && e.getStatus().getMessage() != null && !e.getStatus().getMessage().isEmpty();
    }

    private static String noAnswer(KubernetesClientException e) {
        Throwable cause = e.getCause();
        return cause != null && cause.getMessage() != null ? cause.toString() : String.valueOf(e.getMessage());
    }
}
