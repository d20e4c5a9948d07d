package dev.stateful.app.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;
import java.util.Iterator;
import org.slf4j.LoggerFactory;

/** {@code LogFormat.apply} on logback: kept apart so that only a class path with logback loads it. */
public final class ConsoleFormat {

    private ConsoleFormat() {
    }

    /**
     * Gives every console appender of logback's root logger klog's text lines or component-base's JSON, and raises
     * the root level to INFO unless STATEFUL_LOG_LEVEL chose a level.
     */
    public static void apply(boolean json) {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        if (System.getenv(StderrLogging.LEVEL_VARIABLE) == null) {
            root.setLevel(Level.INFO);
        }
        for (Iterator<Appender<ILoggingEvent>> it = root.iteratorForAppenders(); it.hasNext(); ) {
            if (it.next() instanceof OutputStreamAppender<ILoggingEvent> appender) {
                KubernetesLogEncoder encoder = new KubernetesLogEncoder(json);
                encoder.setContext(context);
                encoder.start();
                appender.stop();
                appender.setEncoder(encoder);
                appender.start();
            }
        }
    }
}
