package dev.stateful.app.controller;

import dev.stateful.app.logging.ConsoleFormat;
import java.util.Locale;
import org.slf4j.LoggerFactory;

/**
 * How the controller logs to stderr, as kube-controller-manager does: klog's text lines, or
 * component-base's JSON (one object per line) for log collectors.
 */
public enum LogFormat {
    TEXT,
    JSON;

    /** The SLF4J provider {@link #apply} configures; others have their own configuration. */
    static final String LOGBACK = "ch.qos.logback.classic.LoggerContext";

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
     * chose a level. Without logback (a test library's user may have another SLF4J provider, or none)
     * it does nothing, and this class names no logback type: picocli reads it on any class path.
     */
    public void apply() {
        if (LoggerFactory.getILoggerFactory().getClass().getName().equals(LOGBACK)) {
            ConsoleFormat.apply(this == JSON);
        }
    }
}
