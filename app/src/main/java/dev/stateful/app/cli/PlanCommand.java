package dev.stateful.app.cli;

import dev.stateful.app.ExitCodes;
import dev.stateful.app.manifest.ManifestFile;
import dev.stateful.app.manifest.ApiVersionCheck;
import dev.stateful.app.manifest.StatefulSetCheck;
import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.sync.Plan;
import dev.stateful.domain.sync.Snapshot;
import dev.stateful.domain.sync.StatefulSetPlanner;
import dev.stateful.inmemory.manifest.YamlDocument;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code stateful plan --file set.yaml [--state observed.yaml]}: what the controller would do now
 * and why it waits. The state file holds Pods, PersistentVolumeClaims and ControllerRevisions (as
 * documents or {@code kind: List}), e.g. from {@code kubectl get pods,pvc,controllerrevisions -o yaml}.
 */
@Command(name = "plan", mixinStandardHelpOptions = true,
        description = "Print the actions the controller would take now for a StatefulSet, the status it would write, and why it waits.")
public final class PlanCommand implements Callable<Integer> {

    @Option(names = {"-f", "--file"}, required = true, paramLabel = "FILE", description = "manifest with the StatefulSet; - reads standard input")
    Path file;

    @Option(names = "--state", paramLabel = "FILE", description = "observed Pods, PVCs and ControllerRevisions (default: a fresh cluster)")
    Path state;

    @Option(names = "--now", paramLabel = "TIME", description = "the time to plan at, RFC 3339 (default: now)",
            converter = Rfc3339.class)
    Instant now;

    /** An RFC 3339 time ({@code Z} or an offset); anything else names the form expected, not Java's parser. */
    static final class Rfc3339 implements CommandLine.ITypeConverter<Instant> {
        @Override
        public Instant convert(String value) {
            try {
                return java.time.OffsetDateTime.parse(value).toInstant();
            } catch (java.time.format.DateTimeParseException e) {
                throw new CommandLine.TypeConversionException("expected an RFC 3339 time such as 2026-12-01T17:40:12Z, got \"" + value + "\"");
            }
        }
    }

    @Option(names = {"-o", "--output"}, paramLabel = "json|yaml", converter = OutputFormat.DataConverter.class,
            description = "print the plan as json or yaml instead of text")
    OutputFormat output = OutputFormat.TEXT;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<YamlDocument> documents = ManifestFile.documents(file);
        List<StatefulSetCheck> checks = documents.stream()
                .filter(StatefulSetCheck::isStatefulSet).map(StatefulSetCheck::of).toList();
        if (checks.isEmpty()) {
            spec.commandLine().getErr().println("error: " + ManifestFile.name(file) + ": no StatefulSet found");
            return ExitCodes.INVALID;
        }
        List<ApiVersionCheck> versions = ApiVersionCheck.of(documents);
        if (!versions.isEmpty()) {
            // kubectl apply would refuse the whole manifest: nothing is planned
            versions.forEach(v -> spec.commandLine().getErr().println("error: " + v.kind() + " " + v.name() + ": " + v.problem()));
            return ExitCodes.INVALID;
        }
        List<Pod> pods = new ArrayList<>();
        Map<String, PersistentVolumeClaim> claims = new LinkedHashMap<>();
        List<ControllerRevision> revisions = new ArrayList<>();
        if (state != null) {
            readState(pods, claims, revisions);
        }
        int exit = ExitCodes.OK;
        List<Json> items = new ArrayList<>();
        for (StatefulSetCheck check : checks) {
            if (!check.isValid() || check.set().isEmpty()) {
                PrintWriter report = output.isStructured() ? spec.commandLine().getErr() : out;
                report.println("StatefulSet " + check.name() + " is invalid:");
                check.problems().forEach(p -> report.println("  " + p));
                exit = ExitCodes.INVALID;
                continue;
            }
            StatefulSet set = withIdentity(check.set().get(), pods, revisions);
            Plan plan = StatefulSetPlanner.plan(new Snapshot(set, pods, claims, revisions, now == null ? Instant.now() : now));
            if (output.isStructured()) {
                items.add(PlanPrinter.toJson(plan));
            } else {
                PlanPrinter.print(plan, out);
            }
        }
        if (output.isStructured()) {
            output.print(Json.object("items", items), out);
        }
        return exit;
    }

    /**
     * A set read from a file may lack the server-assigned fields the planner relies on. Without a uid it takes the one
     * the observed pods and revisions name as their controller (the manifest a live set was applied from, planned
     * against `kubectl get pods,pvc,controllerrevisions -o yaml`), else one of its own (a fresh cluster).
     */
    private static StatefulSet withIdentity(StatefulSet set, List<Pod> pods, List<ControllerRevision> revisions) {
        var meta = set.metadata();
        if (meta.uid() == null || meta.uid().isEmpty()) {
            String kind = set.kind().kind();
            meta = meta.withUid(java.util.stream.Stream.concat(pods.stream().map(Pod::metadata), revisions.stream().map(ControllerRevision::metadata))
                    .filter(m -> m.namespace().equals(set.namespace()))
                    .flatMap(m -> m.controllerRef().stream())
                    .filter(ref -> ref.kind().equals(kind) && ref.name().equals(set.name()) && ref.uid() != null && !ref.uid().isEmpty())
                    .map(ref -> ref.uid()).findFirst().orElse(set.name() + "-uid"));
        }
        if (meta.generation() == 0) {
            meta = meta.withGeneration(1);
        }
        return set.withMetadata(meta);
    }

    private void readState(List<Pod> pods, Map<String, PersistentVolumeClaim> claims, List<ControllerRevision> revisions) {
        for (YamlDocument document : ManifestFile.documents(state)) {
            List<Json> items = "List".equals(document.content().string("kind").orElse(""))
                    ? document.content().array("items") : List.of(document.content());
            for (Json item : items) {
                Json.Obj obj = item.asObject().orElseThrow(() -> new IllegalArgumentException(state + ": a list item is not an object"));
                String kind = obj.string("kind").orElse("");
                switch (kind) {
                    case "Pod" -> pods.add(ModelCodec.pod(obj));
                    case "PersistentVolumeClaim" -> {
                        PersistentVolumeClaim claim = ModelCodec.persistentVolumeClaim(obj);
                        claims.put(claim.name(), claim);
                    }
                    case "ControllerRevision" -> revisions.add(ModelCodec.controllerRevision(obj));
                    default -> {
                        // other kinds (the StatefulSet itself, Services) are not part of the observed state
                    }
                }
            }
        }
    }
}
