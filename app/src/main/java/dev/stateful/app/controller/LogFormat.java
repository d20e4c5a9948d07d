package dev.stateful.app.controller;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;
import dev.stateful.app.logging.KubernetesLogEncoder;
import java.util.Iterator;
import java.util.Locale;
import org.slf4j.LoggerFactory;

/**
 * How the controller logs to stderr, as kube-controller-manager does: klog's text lines, or
 * component-base's JSON (one object per line) for log collectors.
 */
public enum LogFormat {
    TEXT,
    JSON;

    /** Accepts {@code text} and {@code json} in any case. */
    public static LogFormat parse(String value) {
        try {
            return valueOf(value.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid log format '" + value + "': use text or json");
        }
    }

    /**
     * Applies the format to the console appender of logback's root logger, and raises the root
     * level to INFO (a controller reports elections and failed syncs) unless STATEFUL_LOG_LEVEL
     * chose a level.
     */
    public void apply() {
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext)) {
            return; // another SLF4J backend: it has its own configuration
        }
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        if (System.getenv("STATEFUL_LOG_LEVEL") == null) {
            root.setLevel(Level.INFO);
        }
        for (Iterator<Appender<ILoggingEvent>> it = root.iteratorForAppenders(); it.hasNext(); ) {
            if (it.next() instanceof OutputStreamAppender<ILoggingEvent> appender) {
                KubernetesLogEncoder encoder = new KubernetesLogEncoder(this == JSON);
                encoder.setContext(context);
                encoder.start();
                appender.stop();
                appender.setEncoder(encoder);
                appender.start();
            }
        }
    }
}
