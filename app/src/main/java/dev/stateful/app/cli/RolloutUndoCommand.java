package dev.stateful.app.cli;

import dev.stateful.app.ExitCodes;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.RollbackRequest;
import dev.stateful.grpc.v1.RollbackResponse;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code stateful rollout undo NAME [--to-revision N]}: back to the previous (or a given) revision, like kubectl. */
@Command(name = "undo", mixinStandardHelpOptions = true, description = "Roll a StatefulSet back to its previous revision, or to --to-revision.")
public final class RolloutUndoCommand implements Callable<Integer> {

    @Parameters(paramLabel = StatefulSetName.LABEL, description = StatefulSetName.DESCRIPTION)
    String name;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NAMESPACE", defaultValue = "default", description = "namespace (default: ${DEFAULT-VALUE})")
    String namespace;

    @Option(names = "--to-revision", paramLabel = "N", defaultValue = "0", description = "the revision to go back to; 0 is the previous one")
    long toRevision;

    @Mixin
    ClientOptions client;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        name = StatefulSetName.bare(spec.commandLine(), name);
        return ServerCalls.run(client.settings(), spec.commandLine().getErr(), channel -> {
            RollbackResponse response = StatefulSetServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS)
                    .rollback(RollbackRequest.newBuilder().setRef(ObjectRef.newBuilder().setNamespace(namespace).setName(name))
                            .setToRevision(toRevision).build());
            // kubectl's line for a skipped rollback names the set too; the server's message says only why
            String set = StatefulSetName.of(response.getStatefulSet());
            spec.commandLine().getOut().println(set + " " + (response.getSkipped() ? response.getMessage() : "rolled back"));
            return ExitCodes.OK;
        });
    }
}
