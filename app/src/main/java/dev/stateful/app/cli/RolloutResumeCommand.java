package dev.stateful.app.cli;

import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.ResumeRequest;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc.StatefulSetServiceBlockingStub;
import picocli.CommandLine.Command;

/** {@code stateful rollout resume NAME}: kubectl rollout resume against a running {@code serve}. */
@Command(name = "resume", mixinStandardHelpOptions = true, description = "Let a paused rolling update go on: our kind clears rollingUpdate.paused; an apps/v1 set goes back to the partition it had when paused.")
public final class RolloutResumeCommand extends SetVerbCommand {

    @Override
    String change(StatefulSetServiceBlockingStub stub, ObjectRef set) {
        return stub.resume(ResumeRequest.newBuilder().setRef(set).build()).getMessage();
    }
}
