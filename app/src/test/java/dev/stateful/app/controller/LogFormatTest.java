package dev.stateful.app.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class LogFormatTest {

    final PrintStream stderr = System.err;

    @AfterEach
    void restore() throws Exception {
        System.setErr(stderr);
        // back to the configuration from logback.xml for the other tests
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.reset();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(getClass().getResource("/logback.xml"));
    }

    String logged(LogFormat format, String message) {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        format.apply();
        LoggerFactory.getLogger("dev.stateful.test").warn(message, 3);
        return captured.toString(StandardCharsets.UTF_8);
    }

    @Test
    void jsonWritesOneObjectPerLineWithTheFormattedMessage() {
        String line = logged(LogFormat.JSON, "synced {} sets");

        assertThat(line.lines()).hasSize(1);
        assertThat(line).startsWith("{").contains("\"level\":\"WARN\"", "\"loggerName\":\"dev.stateful.test\"",
                "\"formattedMessage\":\"synced 3 sets\"").doesNotContain("\"context\"");
    }

    @Test
    void textKeepsThePattern() {
        String line = logged(LogFormat.TEXT, "synced {} sets");

        assertThat(line).contains("WARN", "synced 3 sets").doesNotStartWith("{");
    }

    @Test
    void aControllerLogsAtInfoUnlessStatefulLogLevelSaysOtherwise() {
        assumeTrue(System.getenv("STATEFUL_LOG_LEVEL") == null, "STATEFUL_LOG_LEVEL is set");
        LogFormat.TEXT.apply();

        assertThat(LoggerFactory.getLogger("dev.stateful.test").isInfoEnabled()).isTrue();
    }

    @Test
    void theFormatIsNamedInAnyCase() {
        assertThat(LogFormat.parse("JSON")).isEqualTo(LogFormat.JSON);
        assertThat(LogFormat.parse("text")).isEqualTo(LogFormat.TEXT);
        assertThatThrownBy(() -> LogFormat.parse("xml")).hasMessage("invalid log format 'xml': use text or json");
    }
}
