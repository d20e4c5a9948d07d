package dev.stateful.it.differential;

/**
 * One way the two runs of a scenario differ at one settle point.
 *
 * @param step the step after which it showed, numbered from 1
 * @param aspect what differs: {@code pods}, {@code claims}, {@code revisions}, {@code status}, {@code writes} or {@code events}
 * @param upstream what kube-controller-manager's StatefulSet controller left or did
 * @param ours what ours left or did
 */
public record Difference(int step, String description, String aspect, String upstream, String ours) {

    @Override
    public String toString() {
        return "after step " + step + " (" + description + "), " + aspect + ":\n    upstream: " + upstream + "\n    ours:     " + ours;
    }
}
