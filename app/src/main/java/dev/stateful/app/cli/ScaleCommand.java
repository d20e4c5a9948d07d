package dev.stateful.app.cli;

import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.ScaleRequest;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc.StatefulSetServiceBlockingStub;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code stateful scale NAME --replicas N}: kubectl scale against a running {@code serve}, its line naming the set
 * by its kind's group; the response carries the set, not the line the server writes for the other verbs.
 */
@Command(name = "scale", mixinStandardHelpOptions = true, description = "Set the replicas of a StatefulSet on a running `stateful serve`, like kubectl scale.")
public final class ScaleCommand extends SetVerbCommand {

    @Option(names = "--replicas", required = true, paramLabel = "N", description = "the new spec.replicas")
    int replicas;

    @Override
    String change(StatefulSetServiceBlockingStub stub, ObjectRef set) {
        return StatefulSetName.of(stub.scale(ScaleRequest.newBuilder().setRef(set).setReplicas(replicas).build()).getStatefulSet()) + " scaled";
    }
}
