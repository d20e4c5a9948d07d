package dev.stateful.app.cli;

import java.util.Set;
import picocli.CommandLine;

/**
 * A StatefulSet named on the command line as kubectl takes it: {@code web}, or kubectl's TYPE/NAME
 * form ({@code statefulset/web}) with one of the names kubectl resolves to StatefulSets. kubectl's
 * other form, TYPE and NAME as two arguments, is not taken.
 */
final class StatefulSetName {

    /** The parameter's label in each command's usage, kubectl's {@code (TYPE NAME | TYPE/NAME)} without the two-argument form. */
    static final String LABEL = "NAME|TYPE/NAME";

    /** The parameter's description: the types {@link #bare} takes, no more. */
    static final String DESCRIPTION = "the StatefulSet: NAME, or TYPE/NAME as kubectl takes it,"
            + " TYPE being statefulset, statefulsets, sts or statefulset.apps";

    /** kubectl's kind, resource, short name and kind.group for StatefulSets, as listed in {@link #DESCRIPTION}. */
    static final Set<String> TYPES = Set.of("statefulset", "statefulsets", "sts", "statefulset.apps");

    private StatefulSetName() {
    }

    /** The name without its type; another type is a usage error of {@code commandLine}. */
    static String bare(CommandLine commandLine, String given) {
        int slash = given.indexOf('/');
        if (slash < 0) {
            return given;
        }
        String type = given.substring(0, slash);
        if (!TYPES.contains(type)) {
            throw new CommandLine.ParameterException(commandLine, "only statefulsets are served here, not \"" + type + "\"");
        }
        return given.substring(slash + 1);
    }
}
