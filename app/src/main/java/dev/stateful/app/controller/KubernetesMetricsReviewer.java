package dev.stateful.app.controller;

import io.fabric8.kubernetes.api.model.authentication.TokenReview;
import io.fabric8.kubernetes.api.model.authentication.TokenReviewBuilder;
import io.fabric8.kubernetes.api.model.authentication.UserInfo;
import io.fabric8.kubernetes.api.model.authorization.v1.SubjectAccessReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SubjectAccessReviewBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;

/**
 * {@link MetricsReviewer} through the API server, as kube-controller-manager's
 * {@code DelegatingAuthenticationOptions} and {@code DelegatingAuthorizationOptions} do: a TokenReview
 * names the user, a SubjectAccessReview asks whether that user may {@code get} the nonResourceURL
 * {@code /metrics}. The controller's ClusterRole needs {@code create} on both.
 */
public final class KubernetesMetricsReviewer implements MetricsReviewer {

    private final KubernetesClient client;

    public KubernetesMetricsReviewer(KubernetesClient client) {
        this.client = client;
    }

    @Override
    public Verdict review(String token) {
        TokenReview review = client.authentication().v1().tokenReviews().create(new TokenReviewBuilder()
                .withNewSpec().withToken(token).endSpec().build());
        if (review.getStatus() == null || !Boolean.TRUE.equals(review.getStatus().getAuthenticated())
                || review.getStatus().getUser() == null) {
            return Verdict.UNAUTHENTICATED;
        }
        UserInfo user = review.getStatus().getUser();
        SubjectAccessReview access = client.authorization().v1().subjectAccessReview().create(new SubjectAccessReviewBuilder()
                .withNewSpec()
                .withUser(user.getUsername())
                .withUid(user.getUid())
                .withGroups(user.getGroups() == null ? List.of() : user.getGroups())
                .withExtra(user.getExtra() == null ? Map.of() : user.getExtra())
                .withNewNonResourceAttributes().withPath("/metrics").withVerb("get").endNonResourceAttributes()
                .endSpec().build());
        boolean allowed = access.getStatus() != null && Boolean.TRUE.equals(access.getStatus().getAllowed());
        return allowed ? Verdict.ALLOWED : Verdict.FORBIDDEN;
    }
}
