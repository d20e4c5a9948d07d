package dev.stateful.grpc.remote.server;

import dev.stateful.grpc.server.Deadlines;
import dev.stateful.grpc.server.UnaryAnswer;
import io.grpc.stub.StreamObserver;
import java.util.function.Supplier;

/**
 * Runs one port call and answers it: the result, or the port error as its status code. A call whose
 * caller has already given up (deadline, cancellation) is not run at all.
 */
final class Unary {

    private Unary() {
    }

    static <T> void answer(StreamObserver<T> out, Supplier<T> call) {
        UnaryAnswer.answer(out, Deadlines::beforeWrite, call);
    }
}
