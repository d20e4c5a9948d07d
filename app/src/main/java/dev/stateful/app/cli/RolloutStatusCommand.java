package dev.stateful.app.cli;

import dev.stateful.app.ExitCodes;
import dev.stateful.grpc.convert.Timestamps;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.RolloutEvent;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc.StatefulSetServiceBlockingStub;
import dev.stateful.grpc.v1.WatchRolloutRequest;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Iterator;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code stateful rollout status NAME}: kubectl's status lines as the rollout moves, with the pods
 * created, deleted and ready and what the controller waits for in between; exit 0 when complete,
 * 1 when stuck or on timeout.
 */
@Command(name = "status", mixinStandardHelpOptions = true, description = "Show the status of a StatefulSet rollout, live until it completes.")
public final class RolloutStatusCommand implements Callable<Integer> {

    @Parameters(paramLabel = StatefulSetName.LABEL, description = StatefulSetName.DESCRIPTION)
    String name;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NAMESPACE", defaultValue = "default", description = "namespace (default: ${DEFAULT-VALUE})")
    String namespace;

    @Option(names = {"-w", "--watch"}, defaultValue = "true", negatable = true, fallbackValue = "true",
            description = "follow the rollout until it completes (default: ${DEFAULT-VALUE}); --no-watch prints the status once")
    boolean watch;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "0", description = "give up after this long; 0 waits forever")
    long timeoutSeconds;

    @Option(names = "--progress-deadline", paramLabel = "SECONDS", defaultValue = "600",
            description = "report the rollout stuck after this long without progress (default: ${DEFAULT-VALUE})")
    long progressDeadlineSeconds;

    @Option(names = {"-o", "--output"}, paramLabel = "json|yaml", converter = OutputFormat.DataConverter.class,
            description = "print each rollout event as a json object or a yaml document instead of text")
    OutputFormat output = OutputFormat.TEXT;

    @Mixin
    ClientOptions client;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        name = StatefulSetName.bare(spec.commandLine(), name);
        if (timeoutSeconds < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--timeout must not be negative (0 waits forever), got " + timeoutSeconds);
        }
        if (progressDeadlineSeconds < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--progress-deadline must be at least 1, got " + progressDeadlineSeconds);
        }
        PrintWriter out = spec.commandLine().getOut();
        Optional<ServerCalls.Waiting> waiting = timeoutSeconds > 0
                ? Optional.of(new ServerCalls.Waiting(name, Duration.ofSeconds(timeoutSeconds))) : Optional.empty();
        return ServerCalls.run(client.settings(), spec.commandLine().getErr(), waiting, channel -> {
            StatefulSetServiceBlockingStub stub = StatefulSetServiceGrpc.newBlockingStub(channel);
            if (timeoutSeconds > 0) {
                stub = stub.withDeadlineAfter(timeoutSeconds, TimeUnit.SECONDS);
            }
            Iterator<RolloutEvent> events = stub.watchRollout(WatchRolloutRequest.newBuilder()
                    .setRef(ObjectRef.newBuilder().setNamespace(namespace).setName(name))
                    .setProgressDeadline(Timestamps.of(Duration.ofSeconds(progressDeadlineSeconds))).build());
            return follow(events, out);
        });
    }

    private int follow(Iterator<RolloutEvent> events, PrintWriter out) {
        RolloutPrinter printer = new RolloutPrinter(out);
        boolean first = true;
        while (events.hasNext()) {
            RolloutEvent event = events.next();
            if (output.isStructured()) {
                output.printItem(OutputFormat.ofMessage(event), out, first);
                first = false;
            } else {
                printer.print(event);
            }
            if (event.hasDone()) {
                return ExitCodes.OK;
            }
            if (event.hasStuck()) {
                spec.commandLine().getErr().println("error: statefulset " + name + " is stuck: " + event.getStuck().getReason());
                return ExitCodes.FAILURE;
            }
            if (!watch && event.hasProgress()) {
                return ExitCodes.OK;
            }
        }
        return ExitCodes.OK;
    }
}
