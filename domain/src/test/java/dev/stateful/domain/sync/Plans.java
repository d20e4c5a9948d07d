package dev.stateful.domain.sync;

import java.util.List;
import java.util.Optional;

/** Read-only views of a {@link Plan}: which pods it creates and deletes, and in which phase. */
final class Plans {

    private Plans() {
    }

    static <T extends Operation> List<T> ops(Plan plan, Class<T> type) {
        return plan.operations().stream().filter(type::isInstance).map(type::cast).toList();
    }

    /** Names of the pods the plan creates, in execution order. */
    static List<String> creates(Plan plan) {
        return ops(plan, Operation.CreatePod.class).stream().map(Operation::podName).toList();
    }

    /** Names of the pods the plan deletes, for any reason, in execution order. */
    static List<String> deletes(Plan plan) {
        return ops(plan, Operation.DeletePod.class).stream().map(Operation::podName).toList();
    }

    static List<String> deletes(Plan plan, Operation.DeletePod.Cause cause) {
        return ops(plan, Operation.DeletePod.class).stream().filter(d -> d.cause() == cause).map(Operation::podName).toList();
    }

    static Optional<Phase> phase(Plan plan, Phase.Name name) {
        return plan.phases().stream().filter(p -> p.name() == name).findFirst();
    }

    /** Everything the plan's waits say, one reason per line, for assertions on wording. */
    static String waits(Plan plan) {
        return String.join("\n", plan.waits().stream().map(Wait::reason).toList());
    }
}
