package dev.stateful.app;

import static dev.stateful.app.CommandRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The executable's commands, run in-process as a user would run them. */
class CommandLineTest {

    static final Path EXAMPLES = Path.of("..", "examples");

    @Test
    void demoCreatesPodsInOrderScalesDownHighestFirstAndRollsBack() {
        CommandRun run = run("demo");
        String out = run.out();
        assertThat(run.exit()).isZero();
        assertThat(out.indexOf("pod web-0 created")).isPositive()
                .isLessThan(out.indexOf("pod web-1 created"));
        assertThat(out.indexOf("pod web-1 created")).isLessThan(out.indexOf("pod web-2 created"));
        assertThat(out.indexOf("pod web-0 is Running and Ready")).isLessThan(out.indexOf("pod web-1 created"));
        assertThat(out.indexOf("pod web-4 deleted")).isPositive().isLessThan(out.indexOf("pod web-3 deleted"));
        assertThat(out.indexOf("pod web-3 deleted")).isLessThan(out.indexOf("pod web-2 deleted"));
        assertThat(out).contains("waiting for web-0 to be available (Ready for minReadySeconds=10)");
        assertThat(out).contains("rolling update paused at partition 1");
        // the rollback reuses revision 1's object, renumbered to 3; no third revision exists
        String revisions = out.substring(out.lastIndexOf("REVISION "));
        assertThat(revisions.lines().filter(l -> l.trim().startsWith("web-"))).hasSize(2);
        assertThat(revisions).containsPattern("web-\\w+\\s+3\\s+current, update");
        // claims of removed pods are retained (whenScaled: Retain)
        assertThat(out).containsPattern("www-web-4\\s+none \\(retained\\)\\s+-");
    }

    @Test
    void versionPrintsTheVersionTheBuildWasMadeAt() {
        CommandRun run = run("--version");
        assertThat(run.exit()).isZero();
        // surefire passes the pom's version: the filtered version.properties must say the same, never "dev"
        assertThat(run.out().strip()).isEqualTo("stateful " + System.getProperty("stateful.version")).isNotEqualTo("stateful dev");
    }

    @Test
    void helpListsEveryCommandWithASummaryThatIsAWholeSentence() {
        CommandRun run = run("--help");
        assertThat(run.exit()).isZero();
        // picocli lists a command by the first element of its description; a summary cut mid-sentence reads as a defect
        String commands = run.out().substring(run.out().indexOf("Commands:"));
        for (String name : List.of("demo", "controller", "migrate", "serve", "rollout", "scale", "set", "engine", "validate", "plan", "completion")) {
            String entry = commands.lines().dropWhile(l -> !l.startsWith("  " + name + " ")).findFirst().orElseThrow(() -> new AssertionError(name + " not listed"));
            String summary = String.join(" ", commands.lines().dropWhile(l -> !l.equals(entry)).takeWhile(l -> l.equals(entry) || l.startsWith("        "))
                    .map(String::strip).toList());
            assertThat(summary).as(name).endsWith(".");
        }
    }

    @Test
    void everyOptionsValueIsNamedInItsHelpNotByTheFieldBehindIt() {
        // picocli names a value without a paramLabel after the Java field (--namespace=<namespace>); kubectl's
        // help says what is expected (--namespace=NAMESPACE)
        for (String command : List.of("demo", "controller", "migrate", "serve", "rollout status", "rollout history", "rollout undo",
                "rollout restart", "rollout pause", "rollout resume", "scale", "set image", "engine", "validate", "plan", "completion")) {
            CommandRun run = run((command + " --help").split(" "));
            assertThat(run.exit()).as(command).isZero();
            assertThat(run.out()).as(command).contains("--help").doesNotContainPattern("=<[A-Za-z]+>");
        }
    }

    @Test
    void demoOfAManifestWithoutAStatefulSetIsInvalidInput() throws java.io.IOException {
        Path service = java.nio.file.Files.createDirectories(Path.of("target")).resolve("service-only.yaml");
        java.nio.file.Files.writeString(service, "apiVersion: v1\nkind: Service\nmetadata: {name: nginx}\nspec: {clusterIP: None}\n");

        CommandRun run = run("demo", "--file", service.toString());

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).contains("the manifest has no StatefulSet").doesNotContain("\tat ");
    }

    @Test
    void everySubcommandAnswersVersionAsTheExecutableDoes() {
        String version = run("--version").out();
        assertThat(version).startsWith("stateful ");
        for (String command : List.of("controller", "serve", "engine", "plan", "rollout status", "scale", "set image", "demo")) {
            CommandRun run = run((command + " --version").split(" "));
            assertThat(run.exit()).as(command).isZero();
            assertThat(run.out()).as(command).isEqualTo(version);
        }
    }

    @Test
    void serveRefusesAnObjectQuotaBelowOne() {
        CommandRun run = run("serve", "--port", "0", "--max-objects", "0");
        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).contains("error: --max-objects must be at least 1, got 0");
    }

    @Test
    void demoRefusesAManifestWithMistakesAndListsEachOne() {
        CommandRun run = run("demo", "--file", EXAMPLES.resolve("myapp-typos.yaml").toString());
        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).contains("unknown field \"spec.selector.matchLables\"",
                "unknown field \"spec.volumeClaimTeplates\"", "unknown field \"spec.template.labels\"");
        assertThat(run.err()).doesNotContain("Exception", "\tat ");
    }

    @Test
    void demoReportsASetTheInMemoryClusterRefusesAtTheRefusedFieldsLine() throws java.io.IOException {
        Path invalid = java.nio.file.Files.createDirectories(Path.of("target")).resolve("web-negative-replicas.yaml");
        java.nio.file.Files.writeString(invalid, java.nio.file.Files.readString(EXAMPLES.resolve("web.yaml")).replace("replicas: 3", "replicas: -1"));

        CommandRun run = run("demo", "--file", invalid.toString());

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).contains("line 25, column 3: spec.replicas: Invalid value: -1: must be greater than or equal to 0");
    }

    @Test
    void validateReportsEveryProblemWithItsFieldPathAndLine() {
        CommandRun run = run("validate", "-f", EXAMPLES.resolve("myapp-typos.yaml").toString());
        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.out()).contains(
                "line 25, column 5: unknown field \"spec.selector.matchLables\"",
                "line 29, column 5: unknown field \"spec.template.labels\"",
                "line 41, column 3: unknown field \"spec.volumeClaimTeplates\"",
                "spec.selector: Invalid value: {}: empty selector is invalid for statefulset");
    }

    @Test
    void validateAcceptsTheWebExample() {
        CommandRun run = run("validate", "-f", EXAMPLES.resolve("web.yaml").toString());
        assertThat(run.exit()).isZero();
        assertThat(run.out()).contains("StatefulSet web: valid");
    }

    @Test
    void planForAFreshClusterCreatesTheFirstRevisionAndOnlyTheFirstPod() {
        CommandRun run = run("plan", "-f", EXAMPLES.resolve("web.yaml").toString(), "--now", "2026-01-01T00:00:00Z");
        assertThat(run.exit()).isZero();
        assertThat(run.out()).containsPattern("1\\. create ControllerRevision web-\\w+ \\(revision 1\\)");
        assertThat(run.out()).contains("2. create Pod web-0 (with new claim www-web-0)");
        assertThat(run.out()).doesNotContain("web-1");
    }

    @Test
    void aMissingFileIsOneClearLineAndExitCodeOne() {
        String web = EXAMPLES.resolve("web.yaml").toString();
        for (List<String> args : List.of(List.of("validate", "-f", "does-not-exist.yaml"), List.of("plan", "-f", "does-not-exist.yaml"),
                List.of("plan", "-f", web, "--state", "does-not-exist.yaml"), List.of("demo", "-f", "does-not-exist.yaml"),
                List.of("serve", "--port", "0", "-f", "does-not-exist.yaml"))) {
            CommandRun run = run(args.toArray(String[]::new));
            assertThat(run.exit()).as(args.toString()).isEqualTo(ExitCodes.FAILURE);
            assertThat(run.err().strip()).as(args.toString()).isEqualTo("error: cannot read does-not-exist.yaml: no such file");
        }
    }

    @Test
    void aNowThatIsNoRfc3339TimeIsAUsageErrorThatShowsTheForm() {
        CommandRun run = run("plan", "-f", EXAMPLES.resolve("web.yaml").toString(), "--now", "yesterday");

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).startsWith("Invalid value for option '--now': expected an RFC 3339 time such as 2026-12-01T17:40:12Z, got \"yesterday\"")
                .doesNotContain("java.");
        assertThat(run("plan", "-f", EXAMPLES.resolve("web.yaml").toString(), "--now", "2026-12-01T18:40:12+01:00").exit()).isZero();
    }

    @Test
    void malformedYamlIsReportedWithItsPosition() {
        Path bad = Path.of("target", "bad.yaml");
        try {
            java.nio.file.Files.createDirectories(bad.getParent());
            java.nio.file.Files.writeString(bad, "kind: StatefulSet\nmetadata: [unclosed\n");
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        CommandRun run = run("validate", "-f", bad.toString());
        // malformed YAML is invalid input, exit 2, from every command that reads a manifest
        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.err()).startsWith("error: target/bad.yaml is not valid YAML").contains("line");
        assertThat(run.err()).doesNotContain("\tat ");
    }
}
