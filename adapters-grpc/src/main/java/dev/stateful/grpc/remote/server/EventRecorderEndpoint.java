package dev.stateful.grpc.remote.server;

import dev.stateful.grpc.convert.KubeObjects;
import dev.stateful.grpc.v1.EventRecorderServiceGrpc;
import dev.stateful.grpc.v1.EventType;
import dev.stateful.grpc.v1.RecordEventRequest;
import dev.stateful.grpc.v1.RecordEventResponse;
import dev.stateful.ports.EventRecorder;
import io.grpc.stub.StreamObserver;

/** {@code EventRecorderService} over an {@link EventRecorder}. */
final class EventRecorderEndpoint extends EventRecorderServiceGrpc.EventRecorderServiceImplBase {

    private final EventRecorder events;

    EventRecorderEndpoint(EventRecorder events) {
        this.events = events;
    }

    @Override
    public void recordEvent(RecordEventRequest request, StreamObserver<RecordEventResponse> out) {
        Unary.answer(out, () -> {
            EventRecorder.Type type = request.getType() == EventType.EVENT_TYPE_WARNING ? EventRecorder.Type.Warning : EventRecorder.Type.Normal;
            events.record(KubeObjects.statefulSet(request.getStatefulSet(), "stateful_set"), type, request.getReason(), request.getMessage());
            return RecordEventResponse.getDefaultInstance();
        });
    }
}
