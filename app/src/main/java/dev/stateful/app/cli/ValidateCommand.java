package dev.stateful.app.cli;

import dev.stateful.app.ExitCodes;
import dev.stateful.app.manifest.ManifestFile;
import dev.stateful.app.manifest.ApiVersionCheck;
import dev.stateful.app.manifest.StatefulSetCheck;
import dev.stateful.domain.json.Json;
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

    @Option(names = {"-f", "--file"}, required = true, paramLabel = "FILE", description = "YAML manifest (multi-document); - reads standard input")
    Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "json|yaml", converter = OutputFormat.DataConverter.class,
            description = "print the result as json or yaml instead of text")
    OutputFormat output = OutputFormat.TEXT;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<YamlDocument> documents = ManifestFile.documents(file);
        List<StatefulSetCheck> checks = documents.stream().filter(StatefulSetCheck::isStatefulSet).map(StatefulSetCheck::of).toList();
        List<ApiVersionCheck> versions = ApiVersionCheck.of(documents);
        boolean valid = !checks.isEmpty() && checks.stream().allMatch(StatefulSetCheck::isValid) && versions.isEmpty();
        if (output.isStructured()) {
            List<Json> items = new java.util.ArrayList<>(checks.stream().map(this::toJson).toList());
            versions.forEach(v -> items.add(toJson(v)));
            output.print(Json.object("items", items), out);
        } else {
            print(checks, out);
            for (ApiVersionCheck v : versions) {
                out.println(v.kind() + " " + v.name() + ": invalid (" + ManifestFile.name(file) + ", document " + v.document().index() + ")");
                out.println("  " + v.problem());
            }
        }
        if (checks.isEmpty()) {
            spec.commandLine().getErr().println("error: " + ManifestFile.name(file) + ": no StatefulSet found");
        }
        return valid ? ExitCodes.OK : ExitCodes.INVALID;
    }

    private void print(List<StatefulSetCheck> checks, PrintWriter out) {
        for (StatefulSetCheck check : checks) {
            if (check.problems().isEmpty()) {
                out.println("StatefulSet " + check.name() + ": valid");
                continue;
            }
            out.println("StatefulSet " + check.name() + (check.isValid() ? ": valid, with warnings" : ": invalid")
                    + " (" + ManifestFile.name(file) + ", document " + check.document().index() + ")");
            for (StatefulSetCheck.Problem problem : check.problems()) {
                out.println("  " + problem);
            }
        }
    }

    private Json toJson(ApiVersionCheck check) {
        StatefulSetCheck.Problem p = check.problem();
        return Json.object("kind", check.kind(), "name", check.name(), "file", ManifestFile.name(file),
                "document", check.document().index(), "valid", false,
                "problems", List.of(Json.object("field", p.field(), "severity", "Error", "message", p.message(),
                        "line", p.line(), "column", p.column())));
    }

    private Json toJson(StatefulSetCheck check) {
        return Json.object("kind", "StatefulSet", "name", check.name(), "file", ManifestFile.name(file),
                "document", check.document().index(), "valid", check.isValid(),
                "problems", check.problems().stream().map(p -> Json.object("field", p.field(),
                        "severity", p.isWarning() ? "Warning" : "Error", "message", p.message(),
                        "line", p.line(), "column", p.column())).toList());
    }
}
