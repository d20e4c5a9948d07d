package dev.stateful.inmemory.simulation;

import dev.stateful.inmemory.simulation.InvariantChecker.Rule;
import java.util.ArrayList;
import java.util.List;

/**
 * Shrinks a failing schedule to a minimal one that still breaks the same rule: first it drops the
 * steps after the failing one, then delta debugging (ddmin) removes ever smaller chunks of steps,
 * then the set and each step's arguments are simplified (fewer replicas, smaller numbers, certain
 * instead of random faults), and the step removal is tried once more. Every candidate is a full
 * deterministic run; the search stops after a budget of runs.
 */
final class Shrinker {

    private final Mutant mutant;
    private final int budget;
    private int runs;

    Shrinker(Mutant mutant, int budget) {
        this.mutant = mutant;
        this.budget = budget;
    }

    /** Runs spent so far. */
    int runs() {
        return runs;
    }

    Schedule shrink(SimulationRun.Result failing) {
        Rule rule = failing.violation().orElseThrow().rule();
        Schedule schedule = failing.schedule();
        int step = failing.violation().get().step();
        if (step >= 0 && step < schedule.steps().size()) {
            Schedule truncated = schedule.withSteps(schedule.steps().subList(0, step));
            if (fails(truncated, rule)) {
                schedule = truncated;
            }
        }
        for (int round = 0; round < 3; round++) {
            Schedule before = schedule;
            schedule = removeSteps(schedule, rule);
            schedule = simplifyConfig(schedule, rule);
            schedule = simplifySteps(schedule, rule);
            if (schedule.equals(before)) {
                break;
            }
        }
        return schedule;
    }

    /** ddmin over the steps: remove chunks (halves, quarters, ... single steps) while the rule still breaks. */
    private Schedule removeSteps(Schedule schedule, Rule rule) {
        List<Step> steps = schedule.steps();
        int n = 2;
        while (steps.size() >= 2) {
            List<List<Step>> complements = complements(steps, n);
            boolean reduced = false;
            for (List<Step> complement : complements) {
                if (fails(schedule.withSteps(complement), rule)) {
                    steps = complement;
                    n = Math.max(n - 1, 2);
                    reduced = true;
                    break;
                }
            }
            if (!reduced) {
                if (n >= steps.size()) {
                    break;
                }
                n = Math.min(steps.size(), n * 2);
            }
        }
        if (steps.size() == 1 && fails(schedule.withSteps(List.of()), rule)) {
            steps = List.of();
        }
        return schedule.withSteps(steps);
    }

    /** The steps without each of {@code n} consecutive chunks. */
    private static List<List<Step>> complements(List<Step> steps, int n) {
        List<List<Step>> out = new ArrayList<>();
        int size = steps.size();
        for (int i = 0; i < n; i++) {
            int from = i * size / n;
            int to = (i + 1) * size / n;
            if (from == to) {
                continue;
            }
            List<Step> complement = new ArrayList<>(steps.subList(0, from));
            complement.addAll(steps.subList(to, size));
            out.add(complement);
        }
        return out;
    }

    private Schedule simplifyConfig(Schedule schedule, Rule rule) {
        boolean changed = true;
        while (changed) {
            changed = false;
            for (SetConfig simpler : schedule.config().simpler()) {
                if (fails(schedule.withConfig(simpler), rule)) {
                    schedule = schedule.withConfig(simpler);
                    changed = true;
                    break;
                }
            }
        }
        return schedule;
    }

    private Schedule simplifySteps(Schedule schedule, Rule rule) {
        List<Step> steps = new ArrayList<>(schedule.steps());
        for (int i = 0; i < steps.size(); i++) {
            boolean changed = true;
            while (changed) {
                changed = false;
                for (Step simpler : steps.get(i).simpler()) {
                    List<Step> candidate = new ArrayList<>(steps);
                    candidate.set(i, simpler);
                    if (fails(schedule.withSteps(candidate), rule)) {
                        steps = candidate;
                        changed = true;
                        break;
                    }
                }
            }
        }
        return schedule.withSteps(steps);
    }

    private boolean fails(Schedule candidate, Rule rule) {
        if (runs >= budget) {
            return false;
        }
        runs++;
        SimulationRun.Result result = new SimulationRun(candidate, mutant, false).execute();
        return result.violation().map(v -> v.rule() == rule).orElse(false);
    }
}
