package dev.stateful.bench.upstream;

import java.util.List;
import java.util.Locale;

/**
 * The client-side rate limit both controllers get: kube-controller-manager's {@code
 * --kube-api-qps/--kube-api-burst} and our {@code --qps/--burst}. "Off" is a limit no run comes
 * near ({@value #OFF} per second), since our flags must be positive.
 */
record RateLimit(String name, double qps, int burst) {

    static final int OFF = 100_000;

    /** kube-controller-manager's defaults, and ours. */
    static RateLimit defaults() {
        return new RateLimit("client rate limits 20 qps / burst 30", 20, 30);
    }

    static RateLimit off() {
        return new RateLimit("client rate limits off", OFF, OFF);
    }

    String qpsText() {
        return String.format(Locale.ROOT, "%.0f", qps);
    }

    List<String> controllerManagerFlags() {
        return List.of("--kube-api-qps=" + qpsText(), "--kube-api-burst=" + burst);
    }
}
