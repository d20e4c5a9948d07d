package dev.stateful.inmemory.simulation;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A complete simulated history: the seed of the cluster (uids, random faults), the set it starts
 * with and the steps. Running a schedule is a pure function of it, so a schedule is its own
 * reproduction.
 */
public record Schedule(long seed, SetConfig config, List<Step> steps) {

    public Schedule {
        steps = List.copyOf(steps);
    }

    public Schedule withSteps(List<Step> value) {
        return new Schedule(seed, config, value);
    }

    public Schedule withConfig(SetConfig value) {
        return new Schedule(seed, value, steps);
    }

    /** The steps, numbered from 1, one per line. */
    public String describe() {
        StringBuilder out = new StringBuilder("  set: ").append(config).append('\n');
        for (int i = 0; i < steps.size(); i++) {
            out.append(String.format("  %2d. %s%n", i + 1, steps.get(i).describe()));
        }
        return out.toString();
    }

    /** The schedule as a Java expression, to paste into a regression test. */
    public String toJava() {
        String body = steps.stream().map(s -> "        " + render(s)).collect(Collectors.joining(",\n"));
        return "new Schedule(" + seed + "L, " + render(config) + ", List.of(\n" + body + "))";
    }

    static String render(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String s) {
            return "\"" + s + "\"";
        }
        if (value instanceof Long l) {
            return l + "L";
        }
        if (value instanceof Enum<?> e) {
            return e.getDeclaringClass().getSimpleName() + "." + e.name();
        }
        if (value instanceof Record r) {
            List<String> args = new ArrayList<>();
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                try {
                    args.add(render(c.getAccessor().invoke(r)));
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
            Class<?> type = r.getClass();
            String name = type.getEnclosingClass() == null ? type.getSimpleName()
                    : type.getEnclosingClass().getSimpleName() + "." + type.getSimpleName();
            return "new " + name + "(" + String.join(", ", args) + ")";
        }
        return String.valueOf(value);
    }
}
