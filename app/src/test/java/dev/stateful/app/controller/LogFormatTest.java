package dev.stateful.app.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ch.qos.logback.classic.LoggerContext;
import dev.stateful.app.logging.StderrLogging;
import dev.stateful.codec.JsonParser;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectKey;
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
        // back to the executable's configuration for the other tests
        reconfigure();
    }

    /** The executable's configuration afresh: its console appender binds System.err as it is now. */
    void reconfigure() throws Exception {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.reset();
        StderrLogging configurator = new StderrLogging();
        configurator.setContext(context);
        configurator.apply(context);
    }

    String logged(LogFormat format, java.util.function.Consumer<org.slf4j.Logger> log) {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            reconfigure();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        format.apply();
        log.accept(LoggerFactory.getLogger("dev.stateful.test"));
        return captured.toString(StandardCharsets.UTF_8);
    }

    static final ObjectKey WEB = new ObjectKey("default", "web");

    @Test
    void jsonIsComponentBasesFormWithTsMsgVAndTheObjectReference() {
        String line = logged(LogFormat.JSON, log -> log.atInfo().addKeyValue("statefulSet", WEB).addKeyValue("replicas", 3).log("Syncing StatefulSet"));

        assertThat(line.lines()).hasSize(1);
        Json.Obj entry = JsonParser.parseObject(line);
        assertThat(entry.fields().keySet()).containsExactly("ts", "caller", "msg", "v", "statefulSet", "replicas");
        assertThat(((Json.Num) entry.get("ts").orElseThrow()).value().doubleValue())
                .isCloseTo(System.currentTimeMillis() / 1000.0, org.assertj.core.data.Offset.offset(60.0));
        assertThat(entry.string("caller").orElseThrow()).matches("LogFormatTest\\.java:\\d+");
        assertThat(entry.string("msg")).contains("Syncing StatefulSet");
        assertThat(entry.integer("v")).contains(0L);
        assertThat(entry.get("statefulSet")).contains(Json.object("name", "web", "namespace", "default"));
        assertThat(entry.integer("replicas")).contains(3L);
    }

    @Test
    void jsonErrorsCarryErrAndNoVerbosity() {
        String line = logged(LogFormat.JSON, log -> log.atError().addKeyValue("statefulSet", WEB)
                .setCause(new IllegalStateException("sync failed", new java.net.ConnectException("connection refused"))).log("Error syncing StatefulSet"));

        Json.Obj entry = JsonParser.parseObject(line);
        assertThat(entry.has("v")).isFalse();
        assertThat(entry.string("err")).contains("sync failed: connection refused");
    }

    @Test
    void textIsKlogsHeaderThenTheQuotedMessageAndKeyValues() {
        String line = logged(LogFormat.TEXT, log -> log.atWarn().addKeyValue("statefulSet", WEB).addKeyValue("err", "conflict \"web\"")
                .log("Error syncing StatefulSet, requeuing"));

        assertThat(line).matches("W\\d{4} \\d\\d:\\d\\d:\\d\\d\\.\\d{6} +\\d+ LogFormatTest\\.java:\\d+\\] "
                + "\"Error syncing StatefulSet, requeuing\" statefulSet=\"default/web\" err=\"conflict \\\\\"web\\\\\"\"\\R");
    }

    @Test
    void anExceptionIsOneLineNotAStackTrace() {
        Exception reconnect = new RuntimeException("Watch connection error, will reconnect if possible",
                new java.io.IOException("websocket closed", new java.net.ConnectException("Connection refused")));

        for (LogFormat format : LogFormat.values()) {
            String line = logged(format, log -> log.warn("Watch connection error, will reconnect if possible", reconnect));
            assertThat(line.lines()).as(format.name()).hasSize(1);
            assertThat(line).as(format.name()).contains("websocket closed: Connection refused").doesNotContain("\tat ", "Exception");
        }
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
