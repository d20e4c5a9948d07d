package dev.stateful.app.controller;

/**
 * Decides whether the bearer of a token may read {@code /metrics}: kube-controller-manager's delegated
 * authentication (a TokenReview) followed by delegated authorisation (a SubjectAccessReview for
 * nonResourceURL {@code /metrics}, verb {@code get}).
 */
@FunctionalInterface
public interface MetricsReviewer {

    /** The verdict for {@code token}, the bearer token of the request (never null or empty). */
    Verdict review(String token);

    /** The outcome of a review: what the server answers. */
    enum Verdict {
        /** The token is valid and its user may get /metrics: 200. */
        ALLOWED,
        /** No valid token: 401, as the API server answers an unauthenticated request. */
        UNAUTHENTICATED,
        /** A valid token whose user may not get /metrics: 403. */
        FORBIDDEN
    }
}
