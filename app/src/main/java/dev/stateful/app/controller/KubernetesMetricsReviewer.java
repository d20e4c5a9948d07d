package dev.stateful.app.controller;

import io.fabric8.kubernetes.api.model.authentication.TokenReview;
import io.fabric8.kubernetes.api.model.authentication.TokenReviewBuilder;
import io.fabric8.kubernetes.api.model.authentication.UserInfo;
import io.fabric8.kubernetes.api.model.authorization.v1.SubjectAccessReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SubjectAccessReviewBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@link MetricsReviews} through the API server, as kube-controller-manager's
 * {@code DelegatingAuthenticationOptions} and {@code DelegatingAuthorizationOptions} do: a TokenReview
 * names the user, a SubjectAccessReview asks whether that user may {@code get} the nonResourceURL
 * {@code /metrics}. The controller's ClusterRole needs {@code create} on both.
 */
public final class KubernetesMetricsReviewer implements MetricsReviews {

    private final KubernetesClient client;

    public KubernetesMetricsReviewer(KubernetesClient client) {
        this.client = client;
    }

    @Override
    public Optional<User> authenticate(String token) {
        TokenReview review = client.authentication().v1().tokenReviews().create(new TokenReviewBuilder()
                .withNewSpec().withToken(token).endSpec().build());
        if (review.getStatus() == null || !Boolean.TRUE.equals(review.getStatus().getAuthenticated())
                || review.getStatus().getUser() == null) {
            return Optional.empty();
        }
        UserInfo user = review.getStatus().getUser();
        return Optional.of(new User(user.getUsername(), user.getUid(), user.getGroups() == null ? List.of() : user.getGroups(),
                user.getExtra() == null ? Map.of() : user.getExtra()));
    }

    @Override
    public boolean mayGetMetrics(User user) {
        SubjectAccessReview access = client.authorization().v1().subjectAccessReview().create(new SubjectAccessReviewBuilder()
                .withNewSpec()
                .withUser(user.name())
                .withUid(user.uid())
                .withGroups(user.groups())
                .withExtra(user.extra())
                .withNewNonResourceAttributes().withPath("/metrics").withVerb("get").endNonResourceAttributes()
                .endSpec().build());
        return access.getStatus() != null && Boolean.TRUE.equals(access.getStatus().getAllowed());
    }
}
