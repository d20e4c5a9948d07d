package dev.stateful.fabric8.client;

import io.fabric8.kubernetes.client.http.AsyncBody;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A body read whole before the answer is handed on: the first {@link #consume()} gives the consumer
 * all of it, and the body is done once it has.
 */
final class WholeBody implements AsyncBody {

    private final byte[] bytes;
    private final AsyncBody.Consumer<List<ByteBuffer>> consumer;
    private final AtomicBoolean delivered = new AtomicBoolean();
    private final CompletableFuture<Void> done = new CompletableFuture<>();

    WholeBody(byte[] bytes, AsyncBody.Consumer<List<ByteBuffer>> consumer) {
        this.bytes = bytes;
        this.consumer = consumer;
    }

    @Override
    public void consume() {
        if (done.isDone() || !delivered.compareAndSet(false, true)) {
            return;
        }
        try {
            if (bytes.length > 0) {
                consumer.consume(List.of(ByteBuffer.wrap(bytes)), this);
            }
            done.complete(null);
        } catch (Exception e) {
            done.completeExceptionally(e);
        }
    }

    @Override
    public CompletableFuture<Void> done() {
        return done;
    }

    @Override
    public void cancel() {
        done.cancel(false);
    }
}
