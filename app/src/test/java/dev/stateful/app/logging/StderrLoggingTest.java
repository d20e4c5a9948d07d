package dev.stateful.app.logging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator.ExecutionStatus;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The executable's logging without a logback.xml: stderr, the pattern, STATEFUL_LOG_LEVEL. */
class StderrLoggingTest {

    @AfterEach
    void restore() {
        // the executable's configuration for the other tests of this JVM
        configureTheLoggerFactory(System::getenv);
    }

    private static LoggerContext configureTheLoggerFactory(java.util.function.Function<String, String> environment) {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.reset();
        StderrLogging logging = new StderrLogging(environment);
        logging.setContext(context);
        logging.apply(context);
        return context;
    }

    private static String logged(Map<String, String> environment, Level level, String message) {
        return logged(environment, "dev.stateful.test.Example", level, message);
    }

    private static String logged(Map<String, String> environment, String logger, Level level, String message) {
        PrintStream stderr = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            configureTheLoggerFactory(environment::get);
            LoggerFactory.getLogger(logger).atLevel(org.slf4j.event.Level.valueOf(level.levelStr)).log(message);
        } finally {
            System.setErr(stderr);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aLogbackTestXmlOnTheClassPathWins() {
        // this module's test class path has one (from a test jar it depends on)
        assumeTrue(getClass().getClassLoader().getResource("logback-test.xml") != null, "no logback-test.xml on the class path");
        LoggerContext context = new LoggerContext();
        StderrLogging logging = new StderrLogging();
        logging.setContext(context);
        assertThat(logging.configure(context)).isEqualTo(ExecutionStatus.INVOKE_NEXT_IF_ANY);
        assertThat(context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).iteratorForAppenders().hasNext()).isFalse();
    }

    @Test
    void aStatefulLogLevelThatIsNotALevelIsSaidOnceAndWarnHolds() {
        String out = logged(Map.of("STATEFUL_LOG_LEVEL", "verbose"), Level.INFO, "hidden at WARN");

        assertThat(out).contains("STATEFUL_LOG_LEVEL=verbose is not a level (one of [TRACE, DEBUG, INFO, WARN, ERROR, ALL, OFF]): logging at WARN")
                .doesNotContain("hidden at WARN");
        assertThat(logged(Map.of("STATEFUL_LOG_LEVEL", "debug"), Level.DEBUG, "shown")).contains("shown").doesNotContain("is not a level");
    }

    @Test
    void withoutStatefulLogLevelOnlyWarningsAndErrorsReachStderr() {
        assertThat(logged(Map.of(), Level.INFO, "informing")).isEmpty();
        assertThat(logged(Map.of(), Level.WARN, "warning")).matches("\\d\\d:\\d\\d:\\d\\d\\.\\d{3} WARN  Example - warning \\R");
    }

    @Test
    void statefulLogLevelChoosesTheRootLevel() {
        assertThat(logged(Map.of("STATEFUL_LOG_LEVEL", "debug"), Level.DEBUG, "debugging")).contains("DEBUG Example - debugging");
        assertThat(logged(Map.of("STATEFUL_LOG_LEVEL", "error"), Level.WARN, "warning")).isEmpty();
    }

    @Test
    void fabric8sWarningAboutOurKindsAlphaVersionIsQuietedUnlessDebugging() {
        // every --kinds crd start and every failure to find the CRD would begin with it, before the line that matters
        String fabric8 = "io.fabric8.kubernetes.client.dsl.internal.VersionUsageUtils";
        String warning = "The client is using resource type 'statefulsets' with unstable version 'v1alpha1'";

        assertThat(logged(Map.of(), fabric8, Level.WARN, warning)).isEmpty();
        assertThat(logged(Map.of("STATEFUL_LOG_LEVEL", "info"), fabric8, Level.WARN, warning)).isEmpty();
        assertThat(logged(Map.of("STATEFUL_LOG_LEVEL", "debug"), fabric8, Level.WARN, warning)).contains(warning);
        assertThat(logged(Map.of(), Level.WARN, "ours")).contains("ours");
    }
}
