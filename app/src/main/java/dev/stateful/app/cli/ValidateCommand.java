package dev.stateful.app.cli;

import dev.stateful.app.ExitCodes;
import dev.stateful.app.manifest.ManifestFile;
import dev.stateful.app.manifest.StatefulSetCheck;
import dev.stateful.inmemory.manifest.YamlDocument;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code stateful validate --file set.yaml}: every problem with its field path; exit 2 when invalid. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check the StatefulSets in a manifest with the apps/v1 rules and report every problem with its field path.")
public final class ValidateCommand implements Callable<Integer> {

    @Option(names = {"-f", "--file"}, required = true, paramLabel = "FILE", description = "YAML manifest (multi-document)")
    Path file;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<YamlDocument> documents = ManifestFile.documents(file);
        List<StatefulSetCheck> checks = documents.stream().filter(StatefulSetCheck::isStatefulSet).map(StatefulSetCheck::of).toList();
        if (checks.isEmpty()) {
            out.println(file + ": no StatefulSet found");
            return ExitCodes.INVALID;
        }
        boolean valid = true;
        for (StatefulSetCheck check : checks) {
            if (check.problems().isEmpty()) {
                out.println("StatefulSet " + check.name() + ": valid");
                continue;
            }
            valid &= check.isValid();
            out.println("StatefulSet " + check.name() + (check.isValid() ? ": valid, with warnings" : ": invalid")
                    + " (" + file + ", document " + check.document().index() + ")");
            for (StatefulSetCheck.Problem problem : check.problems()) {
                out.println("  " + problem);
            }
        }
        return valid ? ExitCodes.OK : ExitCodes.INVALID;
    }
}
