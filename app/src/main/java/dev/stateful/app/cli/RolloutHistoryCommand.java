package dev.stateful.app.cli;

import dev.stateful.app.ExitCodes;
import dev.stateful.grpc.convert.Timestamps;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.RevisionInfo;
import dev.stateful.grpc.v1.RolloutHistoryRequest;
import dev.stateful.grpc.v1.RolloutHistoryResponse;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code stateful rollout history NAME}: kubectl's REVISION and CHANGE-CAUSE columns, then the images and pods of each. */
@Command(name = "history", mixinStandardHelpOptions = true, description = "List the revisions of a StatefulSet, oldest first.")
public final class RolloutHistoryCommand implements Callable<Integer> {

    private static final String COLUMNS = "%-9s %-14s %-40s %s";
    private static final String WIDE_COLUMNS = "%-9s %-14s %-40s %-14s %-40s %s";

    @Parameters(paramLabel = StatefulSetName.LABEL, description = StatefulSetName.DESCRIPTION)
    String name;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NAMESPACE", defaultValue = "default", description = "namespace (default: ${DEFAULT-VALUE})")
    String namespace;

    @Option(names = {"-o", "--output"}, paramLabel = "json|yaml|wide", converter = OutputFormat.TableConverter.class,
            description = "json or yaml: the revisions as data; wide: also each revision's name and creation time")
    OutputFormat output = OutputFormat.TEXT;

    @Mixin
    ClientOptions client;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        name = StatefulSetName.bare(spec.commandLine(), name);
        PrintWriter out = spec.commandLine().getOut();
        return ServerCalls.run(client.settings(), spec.commandLine().getErr(), channel -> {
            RolloutHistoryResponse history = StatefulSetServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS)
                    .rolloutHistory(RolloutHistoryRequest.newBuilder().setRef(ObjectRef.newBuilder().setNamespace(namespace).setName(name)).build());
            if (output.isStructured()) {
                output.print(OutputFormat.ofMessage(history), out);
                return ExitCodes.OK;
            }
            boolean wide = output == OutputFormat.WIDE;
            out.println("statefulset.apps/" + name);
            out.println(wide ? String.format(WIDE_COLUMNS, "REVISION", "CHANGE-CAUSE", "IMAGES", "PODS", "NAME", "CREATED")
                    : String.format(COLUMNS, "REVISION", "CHANGE-CAUSE", "IMAGES", "PODS"));
            for (RevisionInfo r : history.getRevisionsList()) {
                String cause = r.getChangeCause().isEmpty() ? "<none>" : r.getChangeCause();
                String pods = r.getPods() + (r.getUpdate() ? " (update)" : r.getCurrent() ? " (current)" : "");
                String images = String.join(",", r.getImagesList());
                out.println(wide ? String.format(WIDE_COLUMNS, r.getRevision(), cause, images, pods, r.getName(), Timestamps.instant(r.getCreated()))
                        : String.format(COLUMNS, r.getRevision(), cause, images, pods));
            }
            return ExitCodes.OK;
        });
    }
}
