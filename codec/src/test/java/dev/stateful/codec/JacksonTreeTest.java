package dev.stateful.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.json.JsonException;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class JacksonTreeTest {

    @Test
    void anIntegerThatFitsSixtyFourBitsIsBoundExactlyNotAsItsFloat64Form() {
        // a custom resource's template arrives this way (the informer's watch events): a pod made from it
        // must carry the number the API server stored, as kube-controller-manager's typed int64 does
        JsonNode tree = JacksonTree.of(JsonParser.parseObject(
                "{\"grace\":9223372036854775807,\"user\":9007199254740993,\"min\":-9223372036854775808,\"small\":30}"));

        assertThat(tree.get("grace").isLong()).isTrue();
        assertThat(tree.get("grace").longValue()).isEqualTo(Long.MAX_VALUE);
        assertThat(tree.get("user").longValue()).isEqualTo(9007199254740993L);
        assertThat(tree.get("min").longValue()).isEqualTo(Long.MIN_VALUE);
        assertThat(tree.get("small").isInt()).isTrue();
        assertThat(tree.get("small").intValue()).isEqualTo(30);
    }

    @Test
    void fractionsAndIntegersBeyondSixtyFourBitsKeepTheirFloat64Form() {
        JsonNode tree = JacksonTree.of(JsonParser.parseObject(
                "{\"half\":0.5,\"whole\":2.0,\"exp\":1e3,\"beyond\":92233720368547758080}"));

        assertThat(tree.get("half").isDouble()).isTrue();
        assertThat(tree.get("half").doubleValue()).isEqualTo(0.5);
        assertThat(tree.get("whole").intValue()).isEqualTo(2);
        assertThat(tree.get("exp").intValue()).isEqualTo(1000);
        assertThat(tree.get("beyond").bigIntegerValue()).hasToString("92233720368547760000");
        // counted by its digits, never made a million-digit integer: refused as before, as no float64
        assertThatThrownBy(() -> JacksonTree.of(JsonParser.parseObject("{\"huge\":1e1000000}")))
                .isInstanceOf(JsonException.class).hasMessageContaining("out of float64 range");
    }
}
