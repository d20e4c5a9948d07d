package dev.stateful.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.app.CommandRun;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** A StatefulSet named as kubectl names it, and the usage of every command that takes one saying which forms it takes. */
class StatefulSetNameTest {

    /** kubectl's kind, resource, short name and kind.group of StatefulSets. */
    static final List<String> TYPES = List.of("statefulset", "statefulsets", "sts", "statefulset.apps");

    static final List<String> COMMANDS = List.of("rollout status", "rollout history", "rollout undo",
            "rollout restart", "rollout pause", "rollout resume", "scale", "set image");

    private final CommandLine commandLine = new CommandLine(new RolloutStatusCommand());

    @Test
    void aNameWithKubectlsStatefulSetTypeIsTheSetOfThatName() {
        for (String type : TYPES) {
            assertThat(StatefulSetName.bare(commandLine, type + "/web")).as(type).isEqualTo("web");
        }
        assertThat(StatefulSetName.bare(commandLine, "web")).isEqualTo("web");
    }

    @Test
    void aNameOfAnotherTypeIsAUsageError() {
        assertThatThrownBy(() -> StatefulSetName.bare(commandLine, "deployment/web"))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessage("only statefulsets are served here, not \"deployment\"");
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
            assertThat(List.of(parameter.split("[ ,]+"))).as(command).containsAll(TYPES);
        }
    }
}
