package dev.stateful.bench;

/**
 * One line of the table: a figure, our number, the baseline measured in the same run, their
 * ratio and whether the goal was met.
 *
 * @param id short figure id ("1a", "3b", ...), stable across sizes so the smoke test can check rows
 * @param ratio ours / baseline, or NaN when there is none
 */
public record Row(String id, String figure, String ours, String baseline, double ratio, String goal, Verdict verdict) {

    /** met / missed against the goal, info (no goal, shown for context), or not measured yet. */
    public enum Verdict {
        MET("met"), MISSED("MISSED"), INFO("info"), NOT_MEASURED("not measured yet"), FAILED("FAILED (harness error)");

        private final String text;

        Verdict(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }

        public static Verdict of(boolean met) {
            return met ? MET : MISSED;
        }
    }

    /** A figure whose harness does not exist yet: printed, never invented. */
    public static Row notMeasured(String id, String figure, String goal) {
        return new Row(id, figure, "-", "-", Double.NaN, goal, Verdict.NOT_MEASURED);
    }

    /** A harness that threw: the table says so instead of dropping the figure. */
    public static Row failed(String id, String figure, Throwable error) {
        String message = error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
        return new Row(id, figure + " (" + message.lines().findFirst().orElse("") + ")", "-", "-", Double.NaN, "-", Verdict.FAILED);
    }

    public String ratioText() {
        return Double.isNaN(ratio) ? "-" : String.format(java.util.Locale.ROOT, "%.2fx", ratio);
    }
}
