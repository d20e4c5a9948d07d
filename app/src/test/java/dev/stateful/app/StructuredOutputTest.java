package dev.stateful.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.codec.JsonParser;
import dev.stateful.domain.json.Json;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** {@code -o json|yaml} of validate and plan: the same facts as the text, as data a script can read; {@code -o} of every command refuses the formats it does not print. */
class StructuredOutputTest {

    static final String WEB = CommandLineTest.EXAMPLES.resolve("web.yaml").toString();
    static final String TYPOS = CommandLineTest.EXAMPLES.resolve("myapp-typos.yaml").toString();
    /** The commands with -o that print data or text but no table (rollout history prints one). */
    static final String[][] WITHOUT_TABLES = {{"validate", "-f", WEB}, {"plan", "-f", WEB}, {"rollout", "status", "web"}};

    @Test
    void validateAsJsonListsEachSetWithItsProblemsAndPositions() {
        CommandRun run = CommandRun.run("validate", "-f", TYPOS, "-o", "json");

        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID);
        Json.Obj item = JsonParser.parseObject(run.out()).array("items").get(0).asObject().orElseThrow();
        assertThat(item.bool("valid")).contains(false);
        List<Json.Obj> problems = item.array("problems").stream().map(p -> p.asObject().orElseThrow()).toList();
        assertThat(problems).anySatisfy(p -> {
            assertThat(p.string("message").orElseThrow()).contains("unknown field \"spec.selector.matchLables\"");
            assertThat(p.integer("line")).contains(25L);
            assertThat(p.integer("column")).contains(5L);
            assertThat(p.string("severity")).contains("Error");
        });
    }

    @Test
    void validateAsYamlSaysTheWebExampleIsValid() {
        CommandRun run = CommandRun.run("validate", "-f", WEB, "-o", "yaml");

        assertThat(run.exit()).isZero();
        Map<String, Object> doc = new Yaml().load(run.out());
        @SuppressWarnings("unchecked")
        Map<String, Object> item = ((List<Map<String, Object>>) doc.get("items")).get(0);
        assertThat(item).containsEntry("name", "web").containsEntry("valid", true).containsEntry("document", 2);
    }

    @Test
    void planAsJsonHasTheActionsInOrderAndTheStatusToWrite() {
        CommandRun run = CommandRun.run("plan", "-f", WEB, "--now", "2026-01-01T00:00:00Z", "-o", "json");

        assertThat(run.exit()).as(run.err()).isZero();
        Json.Obj plan = JsonParser.parseObject(run.out()).array("items").get(0).asObject().orElseThrow();
        assertThat(plan.objectOrEmpty("statefulSet").string("name")).contains("web");
        List<String> actions = plan.array("actions").stream().map(a -> a.asString().orElseThrow()).toList();
        assertThat(actions).hasSize(2);
        assertThat(actions.get(0)).matches("create ControllerRevision web-\\w+ \\(revision 1\\)");
        assertThat(actions.get(1)).isEqualTo("create Pod web-0 (with new claim www-web-0)");
        assertThat(plan.objectOrEmpty("status").integer("replicas")).contains(0L);
        assertThat(plan.objectOrEmpty("status").string("updateRevision").orElseThrow()).startsWith("web-");
    }

    @Test
    void planAsYamlCarriesTheSameActions() {
        CommandRun json = CommandRun.run("plan", "-f", WEB, "--now", "2026-01-01T00:00:00Z", "-o", "json");
        CommandRun yaml = CommandRun.run("plan", "-f", WEB, "--now", "2026-01-01T00:00:00Z", "-o", "yaml");

        Map<String, Object> fromYaml = new Yaml().load(yaml.out());
        assertThat(Json.from(fromYaml).asObject().orElseThrow().array("items").get(0).asObject().orElseThrow().array("actions"))
                .isEqualTo(JsonParser.parseObject(json.out()).array("items").get(0).asObject().orElseThrow().array("actions"));
    }

    @Test
    void anUnknownFormatIsRefusedNamingExactlyTheFormatsThatCommandPrints() {
        for (String[] command : WITHOUT_TABLES) {
            CommandRun xml = runWith(command, "-o", "xml");

            assertThat(xml.exit()).as(xml.err()).isEqualTo(ExitCodes.INVALID);
            assertThat(xml.err()).contains("unable to match a printer suitable for the output format \"xml\", allowed formats are: json,yaml\n");
        }
        CommandRun history = CommandRun.run("rollout", "history", "web", "-o", "xml");
        assertThat(history.exit()).isEqualTo(ExitCodes.INVALID);
        assertThat(history.err()).contains("output format \"xml\", allowed formats are: json,wide,yaml\n");
    }

    @Test
    void wideIsAnUnknownFormatWhereNoTableIsPrinted() {
        for (String[] command : WITHOUT_TABLES) {
            CommandRun wide = runWith(command, "-o", "wide");

            assertThat(wide.exit()).isEqualTo(ExitCodes.INVALID);
            assertThat(wide.err()).contains("output format \"wide\", allowed formats are: json,yaml\n");
        }
    }

    private static CommandRun runWith(String[] command, String... more) {
        return CommandRun.run(Stream.concat(Arrays.stream(command), Arrays.stream(more)).toArray(String[]::new));
    }
}
