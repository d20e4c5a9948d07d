package dev.stateful.it.differential;

import java.util.ArrayList;
import java.util.List;

/**
 * A sequence of user actions on one StatefulSet {@code web}, with a settle point after each: what
 * the differential run does once under upstream's controller and once under ours.
 *
 * @param name what the scenario checks, e.g. {@code ordering: scale up waits for each pod}
 * @param parallel whether the set is created Parallel: its writes are then compared per settle point as a multiset
 */
public record Scenario(String name, boolean parallel, List<Step> steps) {

    /** One action, named for the report. */
    public record Step(String description, Action action) {
    }

    @FunctionalInterface
    public interface Action {
        void run(Actions actions);
    }

    public static Builder named(String name) {
        return new Builder(name);
    }

    @Override
    public String toString() {
        return name;
    }

    public static final class Builder {
        private final String name;
        private final List<Step> steps = new ArrayList<>();
        private boolean parallel;

        private Builder(String name) {
            this.name = name;
        }

        public Builder parallel() {
            parallel = true;
            return this;
        }

        public Builder then(String description, Action action) {
            steps.add(new Step(description, action));
            return this;
        }

        public Scenario build() {
            return new Scenario(name, parallel, List.copyOf(steps));
        }
    }
}
