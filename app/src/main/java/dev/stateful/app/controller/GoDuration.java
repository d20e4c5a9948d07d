package dev.stateful.app.controller;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations written as Kubernetes flags write them: {@code 15s}, {@code 500ms}, {@code 1m30s}, {@code 1.5h}. */
public final class GoDuration {

    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)");

    private GoDuration() {
    }

    public static Duration parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("a duration is required, e.g. 15s or 500ms");
        }
        Matcher m = PART.matcher(text.strip());
        BigDecimal nanos = BigDecimal.ZERO;
        int end = 0;
        while (m.find() && m.start() == end) {
            nanos = nanos.add(new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unitNanos(m.group(2)))));
            end = m.end();
        }
        if (end == 0 || end != text.strip().length()) {
            throw new IllegalArgumentException("invalid duration '" + text + "': use a number and a unit (ms, s, m, h), e.g. 15s or 1m30s");
        }
        return Duration.ofNanos(nanos.longValue());
    }

    private static long unitNanos(String unit) {
        switch (unit) {
            case "ms":
                return 1_000_000L;
            case "s":
                return 1_000_000_000L;
            case "m":
                return 60_000_000_000L;
            default:
                return 3_600_000_000_000L;
        }
    }
}
