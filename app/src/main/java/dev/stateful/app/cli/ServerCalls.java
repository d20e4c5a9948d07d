package dev.stateful.app.cli;

import dev.stateful.app.ExitCodes;
import dev.stateful.grpc.runtime.Channels;
import dev.stateful.grpc.runtime.ClientSettings;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.PrintWriter;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import javax.net.ssl.SSLException;

/** A client command's session with a server: one channel, and failures as one line each, in words a person reads. */
final class ServerCalls {

    private ServerCalls() {
    }

    /** Runs {@code session} on a channel to the server; a failed call prints "error: ..." and exits 1 (2 for INVALID_ARGUMENT). */
    static int run(ClientSettings settings, PrintWriter err, Function<ManagedChannel, Integer> session) {
        return run(settings, err, Optional.empty(), session);
    }

    /**
     * @param waitingFor what a call with a deadline waits for, e.g. the set's name, and the deadline:
     *        a timeout then reads "timed out after 8s waiting for web"
     */
    static int run(ClientSettings settings, PrintWriter err, Optional<Waiting> waitingFor, Function<ManagedChannel, Integer> session) {
        ManagedChannel channel = Channels.open(settings);
        try {
            return session.apply(channel);
        } catch (StatusRuntimeException e) {
            err.println("error: " + describe(e.getStatus(), settings.target(), waitingFor));
            // the server refused what the user typed (a negative revision, an empty name): invalid input, as kubectl's usage errors
            return e.getStatus().getCode() == io.grpc.Status.Code.INVALID_ARGUMENT ? ExitCodes.INVALID : ExitCodes.FAILURE;
        } finally {
            channel.shutdownNow();
            try {
                channel.awaitTermination(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A call that waits for {@code what} for at most {@code timeout}. */
    record Waiting(String what, Duration timeout) {
    }

    static String describe(Status status, String target) {
        return describe(status, target, Optional.empty());
    }

    /**
     * The failure as a person says it: the transport's reason (refused, unknown host, untrusted
     * certificate) rather than gRPC's, whose descriptions list Netty pipelines and call attempts.
     */
    static String describe(Status status, String target, Optional<Waiting> waitingFor) {
        Optional<String> transport = transportFailure(status.getCause(), target);
        if (transport.isPresent()) {
            return transport.get();
        }
        String why = status.getDescription() == null ? status.getCode().name() : status.getDescription();
        return switch (status.getCode()) {
            case UNAVAILABLE -> "cannot reach " + target + ": " + unavailable(why);
            case UNAUTHENTICATED -> why + " (use --token-file or set STATEFUL_TOKEN)";
            case DEADLINE_EXCEEDED -> waitingFor.map(w -> "timed out after " + seconds(w.timeout()) + " waiting for " + w.what())
                    .orElse("timed out waiting for the server at " + target);
            default -> why;
        };
    }

    private static Optional<String> transportFailure(Throwable cause, String target) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof ConnectException) {
                return Optional.of("cannot reach " + target + ": connection refused");
            }
            if (t instanceof UnknownHostException || t instanceof UnresolvedAddressException) {
                return Optional.of("cannot reach " + target + ": unknown host");
            }
            if (t instanceof CertPathValidatorException || t instanceof CertPathBuilderException) {
                return Optional.of("TLS: server certificate not trusted (pass its CA with --tls-ca)");
            }
            if (t instanceof java.security.cert.CertificateException && String.valueOf(t.getMessage()).contains("No subject alternative")) {
                return Optional.of("TLS: server certificate is not valid for " + target);
            }
            if (t.getClass().getSimpleName().equals("NotSslRecordException")) { // Netty's, under grpc-netty-shaded's package
                return Optional.of("TLS: the server at " + target + " does not speak TLS (drop --tls)");
            }
        }
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof SSLException) {
                return Optional.of("TLS: " + firstLine(String.valueOf(t.getMessage())));
            }
        }
        return Optional.empty();
    }

    /** A plaintext client talking to a TLS server sees the connection closed: say what that usually means. */
    private static String unavailable(String why) {
        if (why.contains("Network closed for unknown reason") || why.contains("first received frame was not SETTINGS")) {
            return "the connection was closed (does the server expect TLS? try --tls)";
        }
        return firstLine(why);
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }

    private static String firstLine(String text) {
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
