package dev.stateful.app.controller;

import dev.stateful.app.controller.MetricsReviews.User;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * {@link MetricsReviewer} over {@link MetricsReviews}, caching their answers as kube-controller-manager's
 * delegated authentication and authorisation do (their defaults, upstream's
 * {@code DelegatingAuthenticationOptions.CacheTTL} and {@code DelegatingAuthorizationOptions}'
 * {@code AllowCacheTTL}/{@code DenyCacheTTL}, as {@code TestAddFlags} in kube-controller-manager's
 * options expects them): a token's TokenReview, accepted or not, for 10 s; a user's
 * SubjectAccessReview, allowed or denied, for 10 s, shared by every token of that user. So a
 * scraper every 15 s costs two reviews a scrape at most, and a flood of requests with one token two
 * reviews per 10 s, not two per request. A review that fails is not cached. Tokens are kept only
 * as their SHA-256. Each cache holds at most {@link #MAX_ENTRIES}, the least recently used going
 * first.
 */
public final class CachedMetricsReviewer implements MetricsReviewer {

    public static final Duration AUTHENTICATION_TTL = Duration.ofSeconds(10);
    public static final Duration ALLOWED_TTL = Duration.ofSeconds(10);
    public static final Duration DENIED_TTL = Duration.ofSeconds(10);
    static final int MAX_ENTRIES = 4096;

    private record Entry<V>(V value, long expiresAt) {
    }

    private final MetricsReviews reviews;
    private final LongSupplier nanoTime;
    private final Map<String, Entry<Optional<User>>> tokens;
    private final Map<User, Entry<Boolean>> decisions;

    public CachedMetricsReviewer(MetricsReviews reviews) {
        this(reviews, System::nanoTime, MAX_ENTRIES);
    }

    CachedMetricsReviewer(MetricsReviews reviews, LongSupplier nanoTime, int maxEntries) {
        this.reviews = reviews;
        this.nanoTime = nanoTime;
        this.tokens = lru(maxEntries);
        this.decisions = lru(maxEntries);
    }

    private static <K, V> Map<K, V> lru(int max) {
        return new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > max;
            }
        };
    }

    @Override
    public Verdict review(String token) {
        Optional<User> user = cached(tokens, sha256(token), () -> reviews.authenticate(token), u -> AUTHENTICATION_TTL);
        if (user.isEmpty()) {
            return Verdict.UNAUTHENTICATED;
        }
        boolean allowed = cached(decisions, user.get(), () -> reviews.mayGetMetrics(user.get()), a -> a ? ALLOWED_TTL : DENIED_TTL);
        return allowed ? Verdict.ALLOWED : Verdict.FORBIDDEN;
    }

    private <K, V> V cached(Map<K, Entry<V>> cache, K key, java.util.function.Supplier<V> review,
                            java.util.function.Function<V, Duration> ttl) {
        long now = nanoTime.getAsLong();
        synchronized (cache) {
            Entry<V> entry = cache.get(key);
            if (entry != null && now - entry.expiresAt() < 0) {
                return entry.value();
            }
        }
        // outside the lock: a slow review must not hold up requests answered from the cache
        V value = review.get();
        synchronized (cache) {
            cache.put(key, new Entry<>(value, now + ttl.apply(value).toNanos()));
        }
        return value;
    }

    private static String sha256(String token) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
