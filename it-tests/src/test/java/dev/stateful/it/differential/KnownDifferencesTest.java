package dev.stateful.it.differential;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The oracle allows exactly the divergences the README lists: one rule per entry, named in it. */
class KnownDifferencesTest {

    static final Pattern RULE = Pattern.compile("\\(oracle\\s+rule\\s+`([A-Z_]+)`\\)");

    @Test
    void everyDeliberateDifferenceInTheReadmeHasItsRuleAndEveryRuleItsEntry() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        String list = readme.substring(readme.indexOf("Where it deliberately differs:"), readme.indexOf("\n## ", readme.indexOf("Where it deliberately differs:")));
        List<String> entries = Arrays.stream(list.split("\n- ")).skip(1).toList();

        assertThat(entries).allSatisfy(entry -> assertThat(RULE.matcher(entry).results().count()).as(entry).isOne());
        List<String> named = entries.stream().map(entry -> {
            Matcher m = RULE.matcher(entry);
            return m.find() ? m.group(1) : "";
        }).toList();
        assertThat(named).containsExactlyInAnyOrderElementsOf(Arrays.stream(KnownDifferences.values()).map(Enum::name).toList());
    }
}
