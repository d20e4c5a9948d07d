package dev.stateful.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code validate}, {@code plan} and {@code demo} read our own kind (apps.stateful.dev/v1alpha1) as well as apps/v1. */
class CustomKindCommandLineTest {

    static final Path RESERVED = CommandLineTest.EXAMPLES.resolve("web-reserved.yaml");

    @TempDir
    Path dir;

    private Path variant(String name, String from, String to) throws IOException {
        String text = Files.readString(RESERVED);
        assertThat(text).contains(from);
        return Files.writeString(dir.resolve(name), text.replace(from, to));
    }

    @Test
    void validateAcceptsASetOfOurKind() {
        CommandRun run = CommandRun.run("validate", "-f", RESERVED.toString());

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("StatefulSet web: valid");
    }

    @Test
    void validateRefusesAReversedRangeWithExitTwoNamingTheEntryAndItsLine() throws IOException {
        Path bad = variant("bad-range.yaml", "reserveOrdinals: [1]", "reserveOrdinals: [1, \"5-2\"]");

        CommandRun run = CommandRun.run("validate", "-f", bad.toString());

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.out()).contains("StatefulSet web: invalid")
                .containsPattern("line \\d+, column \\d+: spec.reserveOrdinals\\[1\\]: Invalid value: \"5-2\": must be an ordinal"
                        + " \\(an integer from 0 to 2147483647\\) or a range \"a-b\" of ordinals with a <= b");
    }

    @Test
    void validateRefusesANegativeOrdinalAndAStringThatIsNotARange() throws IOException {
        Path bad = variant("bad-entries.yaml", "reserveOrdinals: [1]", "reserveOrdinals: [-1, \"3\", \"2-x\"]");

        CommandRun run = CommandRun.run("validate", "-f", bad.toString());

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.out()).contains("spec.reserveOrdinals[0]: Invalid value: -1", "spec.reserveOrdinals[1]: Invalid value: \"3\"",
                "spec.reserveOrdinals[2]: Invalid value: \"2-x\"");
    }

    @Test
    void validateRefusesAProgressDeadlineNotAboveMinReadySeconds() throws IOException {
        Path bad = variant("deadline.yaml", "  replicas: 3\n", "  replicas: 3\n  minReadySeconds: 30\n  progressDeadlineSeconds: 30\n");

        CommandRun run = CommandRun.run("validate", "-f", bad.toString());

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.out()).contains("spec.progressDeadlineSeconds: Invalid value: 30: must be greater than minReadySeconds");
    }

    @Test
    void aFieldOurKindLacksIsStillAnUnknownField() throws IOException {
        Path bad = variant("typo.yaml", "reserveOrdinals: [1]", "reserveOrdinal: [1]");

        CommandRun run = CommandRun.run("validate", "-f", bad.toString());

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.out()).contains("unknown field \"spec.reserveOrdinal\"");
    }

    @Test
    void anAppsV1SetHasNoReserveOrdinals() throws IOException {
        Path apps = variant("apps.yaml", "apiVersion: apps.stateful.dev/v1alpha1", "apiVersion: apps/v1");

        CommandRun run = CommandRun.run("validate", "-f", apps.toString());

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.out()).contains("unknown field \"spec.reserveOrdinals\"");
    }

    @Test
    void anUnknownVersionOfOurGroupIsStillRefusedByEveryCommand() throws IOException {
        Path v9 = variant("v9.yaml", "apiVersion: apps.stateful.dev/v1alpha1", "apiVersion: apps.stateful.dev/v9");

        CommandRun validate = CommandRun.run("validate", "-f", v9.toString());
        CommandRun plan = CommandRun.run("plan", "-f", v9.toString());
        CommandRun demo = CommandRun.run("demo", "-f", v9.toString());

        assertThat(validate.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(validate.out()).contains("no matches for kind \"StatefulSet\" in version \"apps.stateful.dev/v9\"");
        assertThat(plan.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(plan.out()).doesNotContain("create Pod");
        assertThat(demo.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(demo.err()).contains("apps.stateful.dev/v9");
    }

    @Test
    void planSkipsTheReservedOrdinal() throws IOException {
        Path parallel = variant("parallel.yaml", "  replicas: 3\n", "  replicas: 3\n  podManagementPolicy: Parallel\n");

        CommandRun run = CommandRun.run("plan", "-f", parallel.toString(), "--now", "2026-01-01T00:00:00Z");

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("create Pod web-0", "create Pod web-2", "create Pod web-3").doesNotContain("Pod web-1");
    }

    @Test
    void planRefusesAnInvalidRangeWithExitTwo() throws IOException {
        Path bad = variant("bad-plan.yaml", "reserveOrdinals: [1]", "reserveOrdinals: [\"9-4\"]");

        CommandRun run = CommandRun.run("plan", "-f", bad.toString());

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(run.out()).contains("spec.reserveOrdinals[0]").doesNotContain("create Pod");
    }

    @Test
    void demoRunsASetOfOurKindAndNeverCreatesAPodAtTheReservedOrdinal() {
        CommandRun run = CommandRun.run("demo", "-f", RESERVED.toString());

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("pod web-0 created", "pod web-2 created", "pod web-3 created").doesNotContain("pod web-1 created");
    }
}
