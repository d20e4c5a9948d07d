package dev.stateful.app.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.status.NopStatusListener;
import java.util.List;
import java.util.function.Function;
import org.slf4j.Logger;

/**
 * The executable's logging, set up in code rather than from a {@code logback.xml}: lines on stderr,
 * the root level from {@code STATEFUL_LOG_LEVEL} (WARN when unset), logback's own status messages
 * silenced. In code because reading XML loads logback's Joran and the JDK's XML parser, several hundred
 * classes, before the controller's first API request. A {@code logback.xml} or {@code logback-test.xml}
 * on the class path (the bench's, the tests') or {@code -Dlogback.configurationFile} still wins:
 * this steps aside for them. Found by logback through {@code META-INF/services}.
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_HIGH_PRIORITY)
public final class StderrLogging extends ContextAwareBase implements Configurator {

    static final String LEVEL_VARIABLE = "STATEFUL_LOG_LEVEL";
    /** What logback's {@code Level.toLevel} reads. */
    static final java.util.List<String> LEVELS = java.util.List.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR", "ALL", "OFF");
    /** The fabric8 logger that warns once per alpha or beta resource the client uses: ours is v1alpha1, by design. */
    static final String FABRIC8_VERSION_USAGE = "io.fabric8.kubernetes.client.dsl.internal.VersionUsageUtils";
    static final String PATTERN = "%d{HH:mm:ss.SSS} %-5level %logger{0} - %msg %kvp%n";

    private final Function<String, String> environment;

    public StderrLogging() {
        this(System::getenv);
    }

    StderrLogging(Function<String, String> environment) {
        this.environment = environment;
    }

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (configuredElsewhere()) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        apply(context);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /** The configuration itself, whatever else is on the class path. */
    public void apply(LoggerContext context) {
        context.getStatusManager().add(new NopStatusListener());
        OnFirstLineEncoder encoder = new OnFirstLineEncoder(PATTERN);
        encoder.setContext(context);
        encoder.start();
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName("STDERR");
        stderr.setTarget("System.err");
        stderr.setEncoder(encoder);
        stderr.start();
        ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        String wanted = environment.apply(LEVEL_VARIABLE);
        root.setLevel(Level.toLevel(wanted, Level.WARN));
        root.addAppender(stderr);
        if (wanted == null || !List.of("DEBUG", "TRACE", "ALL").contains(wanted.strip().toUpperCase(java.util.Locale.ROOT))) {
            // fabric8 warns that our own kind's version (v1alpha1) is unstable, at every --kinds crd start and migrate
            context.getLogger(FABRIC8_VERSION_USAGE).setLevel(Level.ERROR);
        }
        if (wanted != null && !LEVELS.contains(wanted.strip().toUpperCase(java.util.Locale.ROOT))) {
            // logback would quietly fall back to WARN, and the controller's INFO lines (its start, leader changes) with it
            root.warn("{}={} is not a level (one of {}): logging at WARN", LEVEL_VARIABLE, wanted, LEVELS);
        }
    }

    static boolean configuredElsewhere() {
        ClassLoader loader = StderrLogging.class.getClassLoader();
        return System.getProperty("logback.configurationFile") != null
                || loader.getResource("logback-test.xml") != null || loader.getResource("logback.xml") != null;
    }
}
