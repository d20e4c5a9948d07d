package dev.stateful.fabric8.client;

import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;

/**
 * Holds every request (watches included, as in client-go) until the token bucket allows it. fabric8
 * 8.0 has no QPS/burst setting of its own, only a cap on concurrent requests.
 */
final class RateLimitInterceptor implements Interceptor {

    static final String NAME = "stateful-client-rate-limit";

    private final TokenBucket bucket;

    RateLimitInterceptor(TokenBucket bucket) {
        this.bucket = bucket;
    }

    @Override
    public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
        try {
            bucket.acquire();
        } catch (InterruptedException e) {
            // Let the request go and leave the interrupt for the caller to see.
            Thread.currentThread().interrupt();
        }
    }
}
