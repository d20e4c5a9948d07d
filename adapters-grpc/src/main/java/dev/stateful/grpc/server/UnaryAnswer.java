package dev.stateful.grpc.server;

import dev.stateful.grpc.status.Failures;
import io.grpc.stub.StreamObserver;
import java.util.function.Supplier;

/** How every unary call of ours is answered: the one response, or the failure as its status code. */
public final class UnaryAnswer {

    private UnaryAnswer() {
    }

    /**
     * Runs {@code before} (a {@link Deadlines} check, which throws for a call whose caller has given up), then
     * {@code call}, and answers with the result; what either throws is answered as its status instead.
     */
    public static <T> void answer(StreamObserver<T> out, Runnable before, Supplier<T> call) {
        T response;
        try {
            before.run();
            response = call.get();
        } catch (RuntimeException e) {
            out.onError(Failures.toStatus(e));
            return;
        }
        out.onNext(response);
        out.onCompleted();
    }
}
