package dev.stateful.inmemory.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.testing.HostileManifests;
import org.junit.jupiter.api.Test;

/** A manifest's cost to read is bounded: size, nodes after alias expansion, depth, each refused naming its limit. */
class YamlBudgetTest {

    @Test
    void anAliasBombStopsAtTheNodeLimitNamingIt() {
        String bomb = HostileManifests.aliasBomb();
        assertThat(bomb.length()).as("a few hundred bytes").isLessThan(1000);

        assertThatThrownBy(() -> YamlDocuments.parse(bomb))
                .isInstanceOf(ManifestException.class)
                .hasMessageContaining("more than 100000 nodes once its aliases are expanded (YAML node limit)");
    }

    @Test
    void theNodeLimitCountsEveryDocument() {
        YamlBudget small = new YamlBudget(1 << 20, 10, 50);
        String doc = "a: 1\nb: 2\nc: 3\n";

        assertThat(YamlDocuments.parse(doc, small)).hasSize(1);
        assertThatThrownBy(() -> YamlDocuments.parse(doc + "---\n" + doc + "---\n" + doc, small))
                .hasMessageContaining("more than 10 nodes");
    }

    @Test
    void nestingDeeperThanTheLimitIsRefusedNamingIt() {
        assertThat(YamlDocuments.parse(HostileManifests.nested(40))).hasSize(1);
        assertThatThrownBy(() -> YamlDocuments.parse(HostileManifests.nested(60)))
                .isInstanceOf(ManifestException.class)
                .hasMessageContaining("more than 50 levels deep (YAML depth limit)");
    }

    @Test
    void aManifestOverTheSizeLimitIsRefusedBeforeItIsParsed() {
        YamlBudget tiny = new YamlBudget(100, 100_000, 50);

        assertThatThrownBy(() -> YamlDocuments.parse("a: " + "é".repeat(60) + "\n", tiny))
                .isInstanceOf(ManifestException.class)
                .hasMessageEndingWith("the manifest is 124 bytes, over the limit of 100 bytes (YAML size limit)");
    }
}
