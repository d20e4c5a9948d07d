package dev.stateful.app.cli;

import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.PauseRequest;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc.StatefulSetServiceBlockingStub;
import picocli.CommandLine.Command;

/** {@code stateful rollout pause NAME}: kubectl rollout pause against a running {@code serve}. */
@Command(name = "pause", mixinStandardHelpOptions = true, description = "Hold a StatefulSet's rolling update where it is: a set of our kind is paused by its own field, rollingUpdate.paused; an apps/v1 set, which has none, gets the partition at spec.replicas (the earlier one is kept for resume).")
public final class RolloutPauseCommand extends SetVerbCommand {

    @Override
    String change(StatefulSetServiceBlockingStub stub, ObjectRef set) {
        return stub.pause(PauseRequest.newBuilder().setRef(set).build()).getMessage();
    }
}
