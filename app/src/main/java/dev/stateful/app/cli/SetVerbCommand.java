package dev.stateful.app.cli;

import dev.stateful.app.ExitCodes;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc.StatefulSetServiceBlockingStub;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * One change of a StatefulSet on a running {@code serve} that prints kubectl's one line
 * ({@code statefulset.apps/web restarted}): scale, set image, rollout restart|pause|resume. The set is
 * named as kubectl names it, {@code web} or {@code statefulset/web}; a change the server refuses as
 * invalid exits 2.
 */
abstract class SetVerbCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = StatefulSetName.LABEL, description = StatefulSetName.DESCRIPTION)
    String name;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NAMESPACE", defaultValue = "default", description = "namespace (default: ${DEFAULT-VALUE})")
    String namespace;

    @Mixin
    ClientOptions client;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Makes the call; returns the line to print. */
    abstract String change(StatefulSetServiceBlockingStub stub, ObjectRef set);

    @Override
    public Integer call() {
        ObjectRef set = ObjectRef.newBuilder().setNamespace(namespace).setName(StatefulSetName.bare(spec.commandLine(), name)).build();
        // a change the server refuses as invalid exits 2 there (ServerCalls.run)
        return ServerCalls.run(client.settings(), spec.commandLine().getErr(), channel -> {
            spec.commandLine().getOut().println(change(StatefulSetServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS), set));
            return ExitCodes.OK;
        });
    }
}
