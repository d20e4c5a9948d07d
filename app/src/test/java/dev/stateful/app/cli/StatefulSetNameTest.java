package dev.stateful.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.app.CommandRun;
import dev.stateful.app.ExitCodes;
import dev.stateful.domain.model.SetKind;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** A StatefulSet named as kubectl names it, and the usage of every command that takes one saying which forms it takes. */
class StatefulSetNameTest {

    /** Types kubectl resolves to apps/v1 StatefulSets: resource names in any case, short name as typed, with or without group and version. */
    static final List<String> APPS_V1_TYPES = List.of("statefulset", "statefulsets", "sts", "statefulset.apps", "statefulsets.apps",
            "StatefulSet", "STATEFULSETS", "StatefulSet.apps", "statefulset.v1.apps", "StatefulSets.v1.apps", "sts.apps", "sts.v1.apps");

    /** Types kubectl resolves to our kind once its CustomResourceDefinition is installed. */
    static final List<String> OUR_KIND_TYPES = List.of("statefulset.apps.stateful.dev", "statefulsets.apps.stateful.dev",
            "StatefulSet.apps.stateful.dev", "statefulset.v1alpha1.apps.stateful.dev", "ssts", "ssts.apps.stateful.dev");

    /** Types kubectl refuses, each with the resource its error names: a short name is matched as typed, a group and version exactly. */
    static final Map<String, String> UNKNOWN_TYPES = Map.of("STS", "STS", "Sts", "Sts", "deployment", "deployment",
            "statefulset.APPS", "statefulset", "statefulset.v1beta2.apps", "statefulset", "statefulset.v1.apps.stateful.dev", "statefulset",
            "sts.apps.stateful.dev", "sts", "ssts.v1.apps", "ssts");

    static final List<String> COMMANDS = List.of("rollout status", "rollout history", "rollout undo",
            "rollout restart", "rollout pause", "rollout resume", "scale", "set image");

    private final CommandLine commandLine = new CommandLine(new RolloutStatusCommand());

    @Test
    void aNameWithATypeKubectlResolvesToStatefulSetsIsTheSetOfThatNameAndKind() {
        for (String type : APPS_V1_TYPES) {
            assertThat(StatefulSetName.parse(commandLine, type + "/web")).as(type)
                    .isEqualTo(new StatefulSetName.Named(Optional.of(SetKind.APPS_V1), "web"));
        }
        for (String type : OUR_KIND_TYPES) {
            assertThat(StatefulSetName.parse(commandLine, type + "/web")).as(type)
                    .isEqualTo(new StatefulSetName.Named(Optional.of(SetKind.STATEFUL_DEV), "web"));
        }
        assertThat(StatefulSetName.parse(commandLine, "web")).isEqualTo(new StatefulSetName.Named(Optional.empty(), "web"));
    }

    @Test
    void aTypeKubectlDoesNotResolveToStatefulSetsIsAUsageErrorInKubectlsWords() {
        UNKNOWN_TYPES.forEach((type, resource) -> assertThatThrownBy(() -> StatefulSetName.bare(commandLine, type + "/web")).as(type)
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessage("error: the server doesn't have a resource type \"" + resource + "\""));
    }

    @Test
    void aTypeOrNameMissingOrTwiceOrNoNameAtAllIsAUsageErrorInKubectlsWords() {
        Map<String, String> malformed = Map.of(
                "sts/", "error: arguments in resource/name form must have a single resource and name",
                "/web", "error: arguments in resource/name form must have a single resource and name",
                "sts,deployment/web", "error: arguments in resource/name form must have a single resource and name",
                "sts/a/b", "error: arguments in resource/name form may not have more than one slash",
                "", "error: resource name may not be empty");
        malformed.forEach((given, message) -> {
            CommandRun scale = CommandRun.run("scale", given, "--replicas", "1");
            CommandRun status = CommandRun.run("rollout", "status", given);

            assertThat(scale.exit()).as(given).isEqualTo(ExitCodes.INVALID);
            assertThat(scale.err()).as(given).startsWith(message + System.lineSeparator());
            assertThat(status.exit()).as(given).isEqualTo(ExitCodes.INVALID);
            assertThat(status.err()).as(given).startsWith(message + System.lineSeparator());
        });
    }

    @Test
    void theUsageOfEveryCommandNamingASetSaysItTakesTypeSlashNameAndWhichTypes() {
        for (String command : COMMANDS) {
            CommandRun help = CommandRun.run((command + " --help").split(" "));

            assertThat(help.exit()).as(command).isZero();
            int parameterAt = help.out().indexOf("      NAME|TYPE/NAME ");
            assertThat(parameterAt).as(command).isPositive();
            assertThat(help.out().substring(0, parameterAt)).as(command + " synopsis").contains(" NAME|TYPE/NAME");
            String parameter = String.join(" ", help.out().substring(parameterAt).lines()
                    .takeWhile(l -> l.startsWith("      NAME|TYPE/NAME ") || l.startsWith("                ")).map(String::strip).toList());
            assertThat(parameter).as(command).contains("TYPE/NAME as kubectl takes it");
            // each type whole on one line: picocli wraps after a dot inside a word, which no one could copy
            assertThat(List.of(parameter.split("[ ,()]+"))).as(command).contains("statefulset", "statefulsets", "sts", "StatefulSet",
                    "statefulset.apps", "statefulsets.v1.apps", "statefulset.apps.stateful.dev", "ssts");
        }
    }
}
