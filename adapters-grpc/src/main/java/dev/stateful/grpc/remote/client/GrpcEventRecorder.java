package dev.stateful.grpc.remote.client;

import dev.stateful.domain.model.StatefulSet;
import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.v1.EventRecorderServiceGrpc.EventRecorderServiceBlockingStub;
import dev.stateful.grpc.v1.EventType;
import dev.stateful.grpc.v1.RecordEventRequest;
import dev.stateful.ports.EventRecorder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@link EventRecorder} by calling a remote {@code EventRecorderService}; best effort, never throws. */
final class GrpcEventRecorder implements EventRecorder {

    private static final Logger LOG = LoggerFactory.getLogger(GrpcEventRecorder.class);

    private final EventRecorderServiceBlockingStub stub;
    private final RemoteCalls calls;

    GrpcEventRecorder(EventRecorderServiceBlockingStub stub, RemoteCalls calls) {
        this.stub = stub;
        this.calls = calls;
    }

    @Override
    public void record(StatefulSet set, Type type, String reason, String message) {
        try {
            calls.call(stub, "record event " + reason, s -> s.recordEvent(RecordEventRequest.newBuilder()
                    .setStatefulSet(KubeObjects.of(set))
                    .setType(type == Type.Warning ? EventType.EVENT_TYPE_WARNING : EventType.EVENT_TYPE_NORMAL)
                    .setReason(reason).setMessage(message).build()));
        } catch (RuntimeException e) {
            LOG.debug("event {} on {} dropped: {}", reason, set.key(), e.getMessage());
        }
    }
}
