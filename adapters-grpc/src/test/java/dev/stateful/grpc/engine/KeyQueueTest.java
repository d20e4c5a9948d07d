package dev.stateful.grpc.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ObjectKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class KeyQueueTest {

    private static final ObjectKey WEB = new ObjectKey("default", "web");
    private static final ObjectKey DB = new ObjectKey("default", "db");
    private final KeyQueue queue = new KeyQueue(Clock.systemUTC());

    private Optional<ObjectKey> poll(Duration wait) throws InterruptedException {
        return queue.poll(Instant.now().plus(wait));
    }

    @Test
    void aKeyAddedTwiceIsHandedOutOnce() throws InterruptedException {
        queue.add(WEB);
        queue.add(WEB);

        assertThat(poll(Duration.ZERO)).contains(WEB);
        assertThat(poll(Duration.ofMillis(20))).isEmpty();
    }

    @Test
    void aDelayedKeyWaitsItsTurnAndAnEarlierAddWins() throws InterruptedException {
        queue.addAfter(WEB, Duration.ofMillis(200));
        queue.add(DB);

        assertThat(poll(Duration.ZERO)).contains(DB);
        assertThat(poll(Duration.ofMillis(20))).isEmpty();
        queue.add(WEB);
        assertThat(poll(Duration.ZERO)).contains(WEB);
    }

    @Test
    void pollWaitsForADelayedKeyWithinItsDeadline() throws InterruptedException {
        queue.addAfter(WEB, Duration.ofMillis(50));

        assertThat(poll(Duration.ofSeconds(5))).contains(WEB);
    }

    @Test
    void shuttingDownReleasesAWaitingWorker() throws InterruptedException {
        Thread stopper = new Thread(() -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException ignored) {
                // ends the test thread's wait either way
            }
            queue.shutDown();
        });
        stopper.start();

        assertThat(poll(Duration.ofSeconds(10))).isEmpty();
    }
}
