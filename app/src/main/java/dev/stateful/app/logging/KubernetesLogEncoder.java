package dev.stateful.app.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.encoder.EncoderBase;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.event.KeyValuePair;

/**
 * Logback encoder writing {@link KubernetesLogLine}s, text or JSON. Structured values come from
 * SLF4J's key-value API ({@code LOG.atWarn().addKeyValue("statefulSet", key).log(...)}); an
 * {@code err} key or the event's exception becomes {@code err}.
 */
public final class KubernetesLogEncoder extends EncoderBase<ILoggingEvent> {

    private static final long PID = ProcessHandle.current().pid();
    private final boolean json;

    public KubernetesLogEncoder(boolean json) {
        this.json = json;
    }

    @Override
    public byte[] headerBytes() {
        return null;
    }

    @Override
    public byte[] encode(ILoggingEvent event) {
        KubernetesLogLine line = line(event);
        return ((json ? line.json() : line.text()) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public byte[] footerBytes() {
        return null;
    }

    static KubernetesLogLine line(ILoggingEvent event) {
        List<Map.Entry<String, Object>> keyValues = new ArrayList<>();
        String err = null;
        if (event.getKeyValuePairs() != null) {
            for (KeyValuePair kv : event.getKeyValuePairs()) {
                if ("err".equals(kv.key)) {
                    err = String.valueOf(kv.value);
                } else {
                    keyValues.add(new AbstractMap.SimpleImmutableEntry<>(kv.key, kv.value));
                }
            }
        }
        if (err == null && event.getThrowableProxy() != null) {
            err = messages(event.getThrowableProxy());
        }
        Level level = event.getLevel();
        char severity = level.isGreaterOrEqual(Level.ERROR) ? 'E' : level.isGreaterOrEqual(Level.WARN) ? 'W' : 'I';
        int verbosity = level.isGreaterOrEqual(Level.INFO) ? 0 : level.isGreaterOrEqual(Level.DEBUG) ? 4 : 5;
        return new KubernetesLogLine(event.getInstant(), severity, verbosity, PID, caller(event), event.getFormattedMessage(), keyValues, err);
    }

    /** The exception and its causes, each message once: "connection refused", not 160 lines of frames. */
    static String messages(IThrowableProxy proxy) {
        Set<String> parts = new LinkedHashSet<>();
        for (IThrowableProxy t = proxy; t != null && parts.size() < 5; t = t.getCause()) {
            String message = t.getMessage();
            String simpleName = t.getClassName().substring(t.getClassName().lastIndexOf('.') + 1);
            String part = message == null || message.isBlank() ? simpleName : firstLine(message);
            if (parts.stream().noneMatch(p -> p.contains(part))) {
                parts.add(part);
            }
        }
        return String.join(": ", parts);
    }

    private static String caller(ILoggingEvent event) {
        StackTraceElement[] callers = event.getCallerData();
        if (callers != null && callers.length > 0 && callers[0].getFileName() != null) {
            return callers[0].getFileName() + ":" + callers[0].getLineNumber();
        }
        String logger = event.getLoggerName();
        return logger.substring(logger.lastIndexOf('.') + 1);
    }

    private static String firstLine(String text) {
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
