package dev.stateful.domain.update;

import dev.stateful.domain.model.IntOrString;

/**
 * How many pods a RollingUpdate may take down at once (KEP-961, upstream
 * {@code getStatefulSetMaxUnavailable}). Absent means 1; a percentage of {@code spec.replicas} is
 * rounded <em>down</em> (the user docs say "up", the code does not); the result is at least 1 so that a
 * small percentage of a small set still makes progress.
 */
public final class MaxUnavailable {

    private MaxUnavailable() {
    }

    /**
     * @param value    {@code rollingUpdate.maxUnavailable}, or null when absent
     * @param replicas {@code spec.replicas}
     * @throws IllegalArgumentException for a string that is not an integer followed by '%'
     *         (validation rejects such values before the controller sees them)
     */
    public static int resolve(IntOrString value, int replicas) {
        return Math.max(1, scaled(value == null ? IntOrString.of(1) : value, replicas));
    }

    /** {@code intstr.GetScaledValueFromIntOrPercent(value, total, roundUp=false)}. */
    private static int scaled(IntOrString value, int total) {
        if (value.isInt()) {
            return value.intValue();
        }
        String text = value.stringValue() == null ? "" : value.stringValue();
        if (!text.endsWith("%")) {
            throw new IllegalArgumentException("invalid type: string is not a percentage: \"" + text + "\"");
        }
        long percent;
        try {
            percent = Long.parseLong(text.substring(0, text.length() - 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("invalid value for IntOrString: invalid value \"" + text + "\"", e);
        }
        // float64 arithmetic as in Go: math.Floor(float64(percent) * float64(total) / 100)
        double floored = Math.floor((double) percent * (double) total / 100);
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, floored));
    }
}
