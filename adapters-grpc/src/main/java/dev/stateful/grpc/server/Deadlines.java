package dev.stateful.grpc.server;

import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.Status;

/** Deadlines honoured on the serving side: no write starts once the caller has given up. */
public final class Deadlines {

    private Deadlines() {
    }

    /** Throws DEADLINE_EXCEEDED or CANCELLED if the current call is over before its work starts. */
    public static void beforeStart() {
        ifOver("the deadline passed before the call started", "the call was cancelled before it started");
    }

    /** Throws DEADLINE_EXCEEDED or CANCELLED if the current call is over. */
    public static void beforeWrite() {
        ifOver("the deadline passed before the write; nothing was written", "the call was cancelled before the write; nothing was written");
    }

    private static void ifOver(String expired, String cancelled) {
        Context context = Context.current();
        Deadline deadline = context.getDeadline();
        if (deadline != null && deadline.isExpired()) {
            throw Status.DEADLINE_EXCEEDED.withDescription(expired).asRuntimeException();
        }
        if (context.isCancelled()) {
            throw Status.CANCELLED.withDescription(cancelled).asRuntimeException();
        }
    }
}
