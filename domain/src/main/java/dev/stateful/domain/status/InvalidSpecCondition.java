package dev.stateful.domain.status;

import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.validation.Violation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The status condition our controller sets on a StatefulSet it refuses to sync because the spec
 * is invalid (a real API server would have rejected it; a mock or an old object may not have).
 * It names every offending field and disappears once the spec is valid again. Upstream sets no
 * conditions; conditions written by others are left alone.
 */
public final class InvalidSpecCondition {

    public static final String TYPE = "InvalidSpec";
    public static final String REASON = "FailedValidation";

    private InvalidSpecCondition() {
    }

    public static String message(List<Violation> violations) {
        return violations.stream().map(Violation::toString).collect(Collectors.joining("; "));
    }

    /** The status with our condition set to True for these violations (transition time kept if unchanged). */
    public static StatefulSetStatus set(StatefulSetStatus status, List<Violation> violations, Instant now) {
        String message = message(violations);
        List<StatefulSetStatus.Condition> out = new ArrayList<>();
        boolean found = false;
        for (StatefulSetStatus.Condition c : status.conditions()) {
            if (TYPE.equals(c.type())) {
                found = true;
                Instant since = "True".equals(c.status()) ? c.lastTransitionTime() : now;
                out.add(new StatefulSetStatus.Condition(TYPE, "True", since, REASON, message));
            } else {
                out.add(c);
            }
        }
        if (!found) {
            out.add(new StatefulSetStatus.Condition(TYPE, "True", now, REASON, message));
        }
        return status.withConditions(out);
    }

    /** The status without our condition. */
    public static StatefulSetStatus clear(StatefulSetStatus status) {
        return status.withConditions(status.conditions().stream().filter(c -> !TYPE.equals(c.type())).toList());
    }

    public static boolean isSet(StatefulSetStatus status) {
        return status.conditions().stream().anyMatch(c -> TYPE.equals(c.type()));
    }
}
