package dev.stateful.app.logging;

import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.encoder.EncoderBase;

/**
 * A {@link PatternLayoutEncoder} for {@code pattern}, built when the first line is written. Building
 * one parses the pattern and loads logback's ~60 converters; the controller swaps in its own encoder
 * ({@code LogFormat.apply}) before it logs anything, so it never pays for that on its way to the
 * first API request, and every other command gets the same lines as before.
 */
final class OnFirstLineEncoder extends EncoderBase<ILoggingEvent> {

    private final String pattern;
    private volatile PatternLayoutEncoder built;

    OnFirstLineEncoder(String pattern) {
        this.pattern = pattern;
    }

    @Override
    public byte[] headerBytes() {
        return null; // a PatternLayoutEncoder without a header: nothing to build for
    }

    @Override
    public byte[] encode(ILoggingEvent event) {
        return encoder().encode(event);
    }

    @Override
    public byte[] footerBytes() {
        PatternLayoutEncoder encoder = built;
        return encoder == null ? null : encoder.footerBytes();
    }

    private PatternLayoutEncoder encoder() {
        PatternLayoutEncoder encoder = built;
        if (encoder == null) {
            synchronized (this) {
                encoder = built;
                if (encoder == null) {
                    encoder = new PatternLayoutEncoder();
                    encoder.setContext(getContext());
                    encoder.setPattern(pattern);
                    encoder.start();
                    built = encoder;
                }
            }
        }
        return encoder;
    }
}
