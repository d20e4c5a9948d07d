package dev.stateful.grpc.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BearerTokenTest {

    @Test
    void matchesOnlyItselfExactly() {
        BearerToken token = BearerToken.of("abc123");

        assertThat(token.matches("abc123")).isTrue();
        assertThat(token.matches("abc1234")).isFalse();
        assertThat(token.matches("ABC123")).isFalse();
        assertThat(token.matches("")).isFalse();
        assertThat(token.matches(null)).isFalse();
    }

    @Test
    void neverShowsItself() {
        assertThat(BearerToken.of("abc123")).hasToString("BearerToken[redacted]");
    }

    @Test
    void aTokenFileMayEndWithANewline(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("token"), "abc123\n");

        assertThat(BearerToken.fromFile(file).matches("abc123")).isTrue();
    }

    @Test
    void anEmptyTokenFileIsRefusedNamingTheFile(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("token"), "\n");

        assertThatThrownBy(() -> BearerToken.fromFile(file)).hasMessageContaining(file.toString()).hasMessageContaining("empty");
    }

    @Test
    void aMissingTokenFileIsOneClearError(@TempDir Path dir) {
        assertThatThrownBy(() -> BearerToken.fromFile(dir.resolve("nope")))
                .hasMessage("cannot read the token file " + dir.resolve("nope") + ": no such file");
    }

    @Test
    void theEnvironmentVariableIsUsedWhenSet() {
        assertThat(BearerToken.fromEnvironment(Map.of("STATEFUL_TOKEN", "abc123"))).hasValueSatisfying(t -> assertThat(t.matches("abc123")).isTrue());
        assertThat(BearerToken.fromEnvironment(Map.of())).isEmpty();
        assertThat(BearerToken.fromEnvironment(Map.of("STATEFUL_TOKEN", " "))).isEmpty();
    }
}
