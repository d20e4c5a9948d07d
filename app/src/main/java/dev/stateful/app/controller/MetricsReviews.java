package dev.stateful.app.controller;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The two API calls behind a {@code /metrics} request, as kube-controller-manager's delegated
 * authentication and authorisation make them: a TokenReview names the bearer, a SubjectAccessReview
 * asks whether that user may {@code get} the nonResourceURL {@code /metrics}. A call that cannot be
 * made throws; {@link CachedMetricsReviewer} caches the answers.
 */
public interface MetricsReviews {

    /** The user the token authenticates, or empty for a token the API server does not accept. */
    Optional<User> authenticate(String token);

    boolean mayGetMetrics(User user);

    /** What a TokenReview says about its bearer, and what a SubjectAccessReview asks about. */
    record User(String name, String uid, List<String> groups, Map<String, List<String>> extra) {
        public User {
            groups = List.copyOf(groups);
            extra = Map.copyOf(extra);
        }
    }
}
