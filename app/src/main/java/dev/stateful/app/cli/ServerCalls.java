package dev.stateful.app.cli;

import dev.stateful.app.ExitCodes;
import dev.stateful.grpc.runtime.Channels;
import dev.stateful.grpc.runtime.ClientSettings;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.PrintWriter;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/** A client command's session with a server: one channel, and failures as one line each. */
final class ServerCalls {

    private ServerCalls() {
    }

    /** Runs {@code session} on a channel to the server; a failed call prints "error: ..." and exits 1. */
    static int run(ClientSettings settings, PrintWriter err, Function<ManagedChannel, Integer> session) {
        ManagedChannel channel = Channels.open(settings);
        try {
            return session.apply(channel);
        } catch (StatusRuntimeException e) {
            err.println("error: " + describe(e.getStatus(), settings.target()));
            return ExitCodes.FAILURE;
        } finally {
            channel.shutdownNow();
            try {
                channel.awaitTermination(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    static String describe(Status status, String target) {
        String why = status.getDescription() == null ? status.getCode().name() : status.getDescription();
        return switch (status.getCode()) {
            case UNAVAILABLE -> "the server at " + target + " is unavailable: " + why;
            case UNAUTHENTICATED -> why + " (use --token-file or set STATEFUL_TOKEN)";
            case DEADLINE_EXCEEDED -> "timed out: " + why;
            default -> why;
        };
    }
}
