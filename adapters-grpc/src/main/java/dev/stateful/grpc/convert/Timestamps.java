package dev.stateful.grpc.convert;

import com.google.protobuf.Duration;
import com.google.protobuf.Timestamp;
import java.time.Instant;

/**
 * java.time to and from the protobuf well-known types. A value outside the range the types define
 * ({@code google/protobuf/timestamp.proto}: 0001-01-01 to 9999-12-31; {@code duration.proto}: about
 * ±10,000 years, nanos of the seconds' sign) is the caller's mistake: IllegalArgumentException,
 * INVALID_ARGUMENT over gRPC, instead of an overflow deep inside a call.
 */
public final class Timestamps {

    private static final long MIN_SECONDS = -62_135_596_800L;
    private static final long MAX_SECONDS = 253_402_300_799L;
    private static final long MAX_DURATION_SECONDS = 315_576_000_000L;

    private Timestamps() {
    }

    public static Timestamp of(Instant instant) {
        return Timestamp.newBuilder().setSeconds(instant.getEpochSecond()).setNanos(instant.getNano()).build();
    }

    public static Instant instant(Timestamp timestamp) {
        return instant(timestamp, "timestamp");
    }

    /** @param field how the error names the field */
    public static Instant instant(Timestamp timestamp, String field) {
        return instant(timestamp.getSeconds(), timestamp.getNanos(), field);
    }

    /** A Timestamp's two fields, read from the wire without the message ({@link ObservedWire}). */
    static Instant instant(long seconds, int nanos, String field) {
        if (seconds < MIN_SECONDS || seconds > MAX_SECONDS) {
            throw new IllegalArgumentException(field + ": seconds " + seconds
                    + " is out of range (0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z)");
        }
        if (nanos < 0 || nanos > 999_999_999) {
            throw new IllegalArgumentException(field + ": nanos " + nanos + " is out of range (0 to 999999999)");
        }
        return Instant.ofEpochSecond(seconds, nanos);
    }

    public static Duration of(java.time.Duration duration) {
        return Duration.newBuilder().setSeconds(duration.getSeconds()).setNanos(duration.getNano()).build();
    }

    public static java.time.Duration duration(Duration duration) {
        return duration(duration, "duration");
    }

    /** @param field how the error names the field */
    public static java.time.Duration duration(Duration duration, String field) {
        long seconds = duration.getSeconds();
        int nanos = duration.getNanos();
        if (seconds < -MAX_DURATION_SECONDS || seconds > MAX_DURATION_SECONDS) {
            throw new IllegalArgumentException(field + ": seconds " + seconds + " is out of range (at most "
                    + MAX_DURATION_SECONDS + " either way)");
        }
        if (nanos < -999_999_999 || nanos > 999_999_999 || (seconds > 0 && nanos < 0) || (seconds < 0 && nanos > 0)) {
            throw new IllegalArgumentException(field + ": nanos " + nanos + " is out of range for seconds " + seconds);
        }
        return java.time.Duration.ofSeconds(seconds, nanos);
    }
}
