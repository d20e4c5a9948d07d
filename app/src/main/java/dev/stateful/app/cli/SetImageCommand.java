package dev.stateful.app.cli;

import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.SetImageRequest;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc.StatefulSetServiceBlockingStub;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code stateful set image NAME CONTAINER=IMAGE...}: kubectl set image against a running {@code serve}. */
@Command(name = "image", mixinStandardHelpOptions = true,
        description = "Set container images of a StatefulSet's pod template (CONTAINER=IMAGE; * for every container), like kubectl set image.")
public final class SetImageCommand extends SetVerbCommand {

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "CONTAINER=IMAGE", description = "the new images")
    List<String> images;

    @Override
    String change(StatefulSetServiceBlockingStub stub, ObjectRef set) {
        SetImageRequest.Builder request = SetImageRequest.newBuilder().setRef(set);
        for (String pair : images) {
            int eq = pair.indexOf('=');
            if (eq <= 0 || eq == pair.length() - 1) {
                throw new CommandLine.ParameterException(spec.commandLine(), "expected CONTAINER=IMAGE, got \"" + pair + "\"");
            }
            request.putImages(pair.substring(0, eq), pair.substring(eq + 1));
        }
        return stub.setImage(request.build()).getMessage();
    }
}
