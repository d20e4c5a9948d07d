package dev.stateful.grpc.remote.client;

import dev.stateful.grpc.status.ApiStatus;
import dev.stateful.ports.ApiException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.AbstractBlockingStub;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * One port call over gRPC: per-attempt deadline, bounded retries on UNAVAILABLE and on no other code
 * (a DEADLINE_EXCEEDED fails the call at once: the sync is retried later), status mapped to ApiException.
 */
final class RemoteCalls {

    private final CallPolicy policy;
    private final Runnable reconnectNow;

    /** @param reconnectNow asks the channel to reconnect without waiting out its own backoff */
    RemoteCalls(CallPolicy policy, Runnable reconnectNow) {
        this.policy = policy;
        this.reconnectNow = reconnectNow;
    }

    <S extends AbstractBlockingStub<S>, T> T call(S stub, String operation, Function<S, T> rpc) {
        for (int attempt = 1; ; attempt++) {
            try {
                return rpc.apply(stub.withDeadlineAfter(policy.timeout().toMillis(), TimeUnit.MILLISECONDS));
            } catch (StatusRuntimeException e) {
                if (e.getStatus().getCode() != Status.Code.UNAVAILABLE || attempt >= policy.maxAttempts()) {
                    throw ApiStatus.toApiException(e, operation);
                }
                pause(policy.backoff(attempt, ThreadLocalRandom.current().nextDouble()), operation, e);
                reconnectNow.run();
            }
        }
    }

    private static void pause(Duration backoff, String operation, StatusRuntimeException cause) {
        try {
            Thread.sleep(backoff.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException.Unavailable(operation + ": interrupted while retrying", cause);
        }
    }
}
