package dev.stateful.app.cli;

import dev.stateful.grpc.v1.RolloutEvent;
import dev.stateful.grpc.v1.RolloutPodEvent;
import java.io.PrintWriter;

/** A rollout's events as kubectl-style lines: status lines flush left, pod changes and waits indented. */
final class RolloutPrinter {

    private final PrintWriter out;
    private String lastLine = "";

    RolloutPrinter(PrintWriter out) {
        this.out = out;
    }

    void print(RolloutEvent event) {
        switch (event.getEventCase()) {
            case PROGRESS -> line(event.getProgress().getMessage());
            case POD -> out.println("  " + describe(event.getPod()));
            case WAITING -> out.println("  " + event.getWaiting().getReason());
            case DONE -> line(event.getDone().getMessage());
            default -> {
                // stuck is reported by the command; unknown events from a newer server are skipped
            }
        }
        out.flush();
    }

    /** kubectl's status line, once per change. */
    private void line(String message) {
        if (!message.isEmpty() && !message.equals(lastLine)) {
            out.println(message);
            lastLine = message;
        }
    }

    private static String describe(RolloutPodEvent event) {
        String pod = "pod " + event.getPod().getName();
        return switch (event.getType()) {
            case POD_CHANGE_TYPE_CREATED -> pod + " created" + (event.getPod().getRevision().isEmpty() ? "" : " (revision " + event.getPod().getRevision() + ")");
            case POD_CHANGE_TYPE_TERMINATING -> pod + " terminating";
            case POD_CHANGE_TYPE_DELETED -> pod + " deleted";
            case POD_CHANGE_TYPE_READY -> pod + " is Running and Ready";
            case POD_CHANGE_TYPE_NOT_READY -> pod + " is no longer Ready";
            case POD_CHANGE_TYPE_TERMINATED -> pod + " is " + event.getPod().getPhase();
            default -> pod + " changed";
        };
    }
}
