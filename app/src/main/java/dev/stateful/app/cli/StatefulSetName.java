package dev.stateful.app.cli;

import picocli.CommandLine;

/** A StatefulSet named on the command line as kubectl takes it: {@code web}, or {@code statefulset/web} (sts, statefulsets). */
final class StatefulSetName {

    private StatefulSetName() {
    }

    /** The name without its type; another type is a usage error of {@code commandLine}. */
    static String bare(CommandLine commandLine, String given) {
        int slash = given.indexOf('/');
        if (slash < 0) {
            return given;
        }
        String type = given.substring(0, slash);
        if (!type.equals("statefulset") && !type.equals("statefulsets") && !type.equals("sts") && !type.equals("statefulset.apps")) {
            throw new CommandLine.ParameterException(commandLine, "only statefulsets are served here, not \"" + type + "\"");
        }
        return given.substring(slash + 1);
    }
}
