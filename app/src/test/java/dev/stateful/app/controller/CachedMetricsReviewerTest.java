package dev.stateful.app.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.app.controller.MetricsReviewer.Verdict;
import dev.stateful.app.controller.MetricsReviews.User;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** kube-controller-manager's delegated authn/authz caches: TokenReviews 10 s, SubjectAccessReviews 10 s allowed, 10 s denied. */
class CachedMetricsReviewerTest {

    static final User PROMETHEUS = new User("system:serviceaccount:monitoring:prometheus", "uid-1", List.of("system:serviceaccounts"), Map.of());
    static final User NOSY = new User("system:serviceaccount:default:nosy", "uid-2", List.of(), Map.of());

    final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    final List<String> calls = new ArrayList<>();
    final Map<String, User> tokens = new HashMap<>(Map.of("prom-a", PROMETHEUS, "prom-b", PROMETHEUS, "nosy", NOSY));
    final Set<User> allowed = new HashSet<>(Set.of(PROMETHEUS));
    boolean apiDown;

    final MetricsReviews api = new MetricsReviews() {
        @Override
        public Optional<User> authenticate(String token) {
            calls.add("TokenReview " + token);
            if (apiDown) {
                throw new IllegalStateException("connection refused");
            }
            return Optional.ofNullable(tokens.get(token));
        }

        @Override
        public boolean mayGetMetrics(User user) {
            calls.add("SubjectAccessReview " + user.name());
            return allowed.contains(user);
        }
    };
    final CachedMetricsReviewer reviewer = new CachedMetricsReviewer(api, nanos::get, 3);

    void advance(Duration d) {
        nanos.addAndGet(d.toNanos());
    }

    @Test
    void anAllowedTokenIsReviewedOncePerTenSeconds() {
        assertThat(reviewer.review("prom-a")).isEqualTo(Verdict.ALLOWED);
        advance(Duration.ofMillis(9_999));
        assertThat(reviewer.review("prom-a")).isEqualTo(Verdict.ALLOWED);
        assertThat(calls).containsExactly("TokenReview prom-a", "SubjectAccessReview " + PROMETHEUS.name());

        advance(Duration.ofMillis(1));
        assertThat(reviewer.review("prom-a")).isEqualTo(Verdict.ALLOWED);
        assertThat(calls).hasSize(4);
    }

    @Test
    void aTokenTheApiServerRejectsIsRememberedForTenSecondsToo() {
        assertThat(reviewer.review("forged")).isEqualTo(Verdict.UNAUTHENTICATED);
        assertThat(reviewer.review("forged")).isEqualTo(Verdict.UNAUTHENTICATED);
        assertThat(calls).containsExactly("TokenReview forged");

        tokens.put("forged", NOSY);
        advance(CachedMetricsReviewer.AUTHENTICATION_TTL);
        assertThat(reviewer.review("forged")).isEqualTo(Verdict.FORBIDDEN);
    }

    @Test
    void aDeniedUserIsDeniedFromTheCacheUntilTheDenialExpiresThenTheNewRbacRuleCounts() {
        assertThat(reviewer.review("nosy")).isEqualTo(Verdict.FORBIDDEN);
        allowed.add(NOSY);
        advance(Duration.ofSeconds(5));
        assertThat(reviewer.review("nosy")).isEqualTo(Verdict.FORBIDDEN);

        advance(Duration.ofSeconds(5));
        assertThat(reviewer.review("nosy")).isEqualTo(Verdict.ALLOWED);
        assertThat(calls).filteredOn(c -> c.startsWith("SubjectAccessReview")).hasSize(2);
    }

    @Test
    void twoTokensOfOneUserShareItsSubjectAccessReview() {
        reviewer.review("prom-a");
        reviewer.review("prom-b");

        assertThat(calls).containsExactly("TokenReview prom-a", "SubjectAccessReview " + PROMETHEUS.name(), "TokenReview prom-b");
    }

    @Test
    void aReviewThatCannotBeMadeIsNotCached() {
        apiDown = true;
        assertThatThrownBy(() -> reviewer.review("prom-a")).isInstanceOf(IllegalStateException.class);
        apiDown = false;

        assertThat(reviewer.review("prom-a")).isEqualTo(Verdict.ALLOWED);
        assertThat(calls).containsExactly("TokenReview prom-a", "TokenReview prom-a", "SubjectAccessReview " + PROMETHEUS.name());
    }

    @Test
    void theCacheIsBoundedTheLeastRecentlyUsedTokenGoingFirst() {
        for (String token : List.of("t1", "t2", "t3", "t4")) {
            reviewer.review(token);
        }
        reviewer.review("t4");
        reviewer.review("t1");

        assertThat(calls).containsExactly("TokenReview t1", "TokenReview t2", "TokenReview t3", "TokenReview t4", "TokenReview t1");
    }
}
