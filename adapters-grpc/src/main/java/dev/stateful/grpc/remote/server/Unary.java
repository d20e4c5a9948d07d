package dev.stateful.grpc.remote.server;

import dev.stateful.grpc.status.Failures;
import io.grpc.stub.StreamObserver;
import java.util.function.Supplier;

/** Runs one port call and answers it: the result, or the port error as its status code. */
final class Unary {

    private Unary() {
    }

    static <T> void answer(StreamObserver<T> out, Supplier<T> call) {
        T response;
        try {
            response = call.get();
        } catch (RuntimeException e) {
            out.onError(Failures.toStatus(e));
            return;
        }
        out.onNext(response);
        out.onCompleted();
    }
}
