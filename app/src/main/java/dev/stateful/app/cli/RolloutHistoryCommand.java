package dev.stateful.app.cli;

import dev.stateful.app.ExitCodes;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.RevisionInfo;
import dev.stateful.grpc.v1.RolloutHistoryRequest;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import java.io.PrintWriter;
import java.util.List;
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

    @Parameters(paramLabel = "NAME", description = "the StatefulSet")
    String name;

    @Option(names = {"-n", "--namespace"}, defaultValue = "default", description = "namespace (default: ${DEFAULT-VALUE})")
    String namespace;

    @Mixin
    ClientOptions client;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        return ServerCalls.run(client.settings(), spec.commandLine().getErr(), channel -> {
            List<RevisionInfo> revisions = StatefulSetServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS)
                    .rolloutHistory(RolloutHistoryRequest.newBuilder().setRef(ObjectRef.newBuilder().setNamespace(namespace).setName(name)).build())
                    .getRevisionsList();
            out.println("statefulset.apps/" + name);
            out.println(String.format("%-9s %-14s %-40s %s", "REVISION", "CHANGE-CAUSE", "IMAGES", "PODS"));
            for (RevisionInfo r : revisions) {
                String cause = r.getChangeCause().isEmpty() ? "<none>" : r.getChangeCause();
                String role = r.getUpdate() ? " (update)" : r.getCurrent() ? " (current)" : "";
                out.println(String.format("%-9d %-14s %-40s %d%s", r.getRevision(), cause, String.join(",", r.getImagesList()), r.getPods(), role));
            }
            return ExitCodes.OK;
        });
    }
}
