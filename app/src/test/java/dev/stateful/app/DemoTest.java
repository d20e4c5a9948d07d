package dev.stateful.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo tells the story of the manifest it is given, not of the bundled example. */
class DemoTest {

    @TempDir
    Path dir;

    Path web(String replaceFrom, String replaceTo) throws IOException {
        String text = Files.readString(CommandLineTest.EXAMPLES.resolve("web.yaml")).replace(replaceFrom, replaceTo);
        return Files.writeString(dir.resolve("web.yaml"), text);
    }

    static String between(String out, String from, String to) {
        int start = out.indexOf(from);
        int end = out.indexOf(to, start);
        assertThat(start).as(from).isNotNegative();
        assertThat(end).as(to).isPositive();
        return out.substring(start, end);
    }

    @Test
    void anOnDeleteSetStaysOnDeleteAndIsUpdatedByDeletingItsPods() throws IOException {
        Path manifest = web("  minReadySeconds: 10 # by default is 0\n", "  minReadySeconds: 10 # by default is 0\n  updateStrategy:\n    type: OnDelete\n");

        CommandRun run = CommandRun.run("demo", "-f", manifest.toString());

        assertThat(run.exit()).as(run.err()).isZero();
        String out = run.out();
        assertThat(out).contains("1. Create StatefulSet web: 3 replicas, OrderedReady, OnDelete");
        assertThat(out).doesNotContain("Canary", "partition");
        String templateChanged = between(out, "4. Update the template", "5. Delete the pods");
        assertThat(templateChanged).as("the controller replaces nothing under OnDelete").doesNotContain("deleted (", "created at revision");
        String deletions = between(out, "5. Delete the pods", "6. Roll back");
        assertThat(deletions.indexOf("kubectl delete pod web-1")).isPositive().isLessThan(deletions.indexOf("kubectl delete pod web-0"));
        assertThat(deletions).contains("pod web-1 created at revision", "pod web-0 created at revision");
        assertThat(out).contains("7. Delete the pods again");
        // after the rollback's deletions, pods run the restored revision, which is again both current and update
        String revisions = out.substring(out.lastIndexOf("REVISION "));
        assertThat(revisions).containsPattern("web-\\w+\\s+3\\s+current, update");
    }

    @Test
    void claimsDeletedUnderWhenScaledDeleteAreShownAsDeleted() throws IOException {
        Path manifest = web("  minReadySeconds: 10 # by default is 0\n",
                "  minReadySeconds: 10 # by default is 0\n  persistentVolumeClaimRetentionPolicy:\n    whenScaled: Delete\n");

        CommandRun run = CommandRun.run("demo", "-f", manifest.toString());

        assertThat(run.exit()).as(run.err()).isZero();
        String out = run.out();
        assertThat(out).contains("3. Scale down to 2: pods go highest ordinal first, and their claims are deleted with them (whenScaled: Delete)");
        String scaleDown = between(out, "3. Scale down", "4. Canary");
        assertThat(scaleDown).contains("claim www-web-4 deleted", "claim www-web-3 deleted", "claim www-web-2 deleted");
        String claims = out.substring(out.lastIndexOf("CLAIM "));
        assertThat(claims).contains("www-web-0", "www-web-1").doesNotContain("www-web-2", "www-web-3", "www-web-4", "retained");
    }

    @Test
    void theDefaultRetainPolicyHeadingSaysClaimsStay() {
        CommandRun run = CommandRun.run("demo");

        assertThat(run.out()).contains("their claims stay (whenScaled: Retain)").doesNotContain("claim www-web-4 deleted");
    }

    @Test
    void aClaimTemplateNameWithADashIsShownInUseByItsPod() throws IOException {
        Path manifest = web("name: www", "name: my-data");

        CommandRun run = CommandRun.run("demo", "-f", manifest.toString());

        assertThat(run.exit()).as(run.err()).isZero();
        String claims = between(run.out(), "CLAIM ", "REVISION ");
        assertThat(claims).containsPattern("my-data-web-0\\s+none\\s+web-0\n").containsPattern("my-data-web-1\\s+none\\s+web-1\n")
                .containsPattern("my-data-web-2\\s+none \\(retained\\)\\s+-\n");
    }
}
