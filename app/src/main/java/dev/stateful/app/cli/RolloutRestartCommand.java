package dev.stateful.app.cli;

import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.RestartRequest;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc.StatefulSetServiceBlockingStub;
import picocli.CommandLine.Command;

/** {@code stateful rollout restart NAME}: kubectl rollout restart against a running {@code serve}. */
@Command(name = "restart", mixinStandardHelpOptions = true, description = "Replace every pod of a StatefulSet, one by one under its update strategy, like kubectl rollout restart.")
public final class RolloutRestartCommand extends SetVerbCommand {

    @Override
    String change(StatefulSetServiceBlockingStub stub, ObjectRef set) {
        return stub.restart(RestartRequest.newBuilder().setRef(set).build()).getMessage();
    }
}
