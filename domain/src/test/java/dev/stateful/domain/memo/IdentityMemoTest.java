package dev.stateful.domain.memo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class IdentityMemoTest {

    /** An immutable value whose equal copies are distinct instances. */
    private record Box(String value) {
    }

    private final AtomicInteger calls = new AtomicInteger();
    private final IdentityMemo<Box, String> memo = new IdentityMemo<>(box -> {
        calls.incrementAndGet();
        return box.value().toUpperCase();
    });

    @Test
    void theSameInstanceIsComputedOnce() {
        Box box = new Box("web");

        assertThat(memo.apply(box)).isEqualTo("WEB");
        assertThat(memo.apply(box)).isEqualTo("WEB");

        assertThat(calls).hasValue(1);
    }

    @Test
    void anEqualButOtherInstanceIsComputedAfresh() {
        memo.apply(new Box("web"));
        memo.apply(new Box("web"));

        assertThat(calls).hasValue(2);
    }

    @Test
    void aChangedValueIsANewInstanceAndGetsItsOwnAnswer() {
        Box before = new Box("web");
        memo.apply(before);

        Box after = new Box("db");

        assertThat(memo.apply(after)).isEqualTo("DB");
        assertThat(memo.apply(before)).isEqualTo("WEB");
    }

    @Test
    void aNullKeyIsComputedEveryTimeAndNotHeld() {
        IdentityMemo<Box, String> nullSafe = new IdentityMemo<>(box -> {
            calls.incrementAndGet();
            return String.valueOf(box);
        });

        nullSafe.apply(null);
        nullSafe.apply(null);

        assertThat(calls).hasValue(2);
        assertThat(nullSafe.size()).isZero();
    }

    @Test
    void anEntryGoesOnceItsKeyIsNoLongerReferenced() throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            memo.apply(new Box("garbage-" + i));
        }
        Box kept = new Box("kept");
        memo.apply(kept);

        for (int attempt = 0; attempt < 50 && memo.size() > 1; attempt++) {
            System.gc();
            Thread.sleep(20);
            memo.apply(kept); // expunges what the collector has cleared
        }

        assertThat(memo.size()).isEqualTo(1);
        assertThat(memo.apply(kept)).isEqualTo("KEPT");
    }

    @Test
    void concurrentCallersAllGetTheAnswer() throws Exception {
        List<Box> boxes = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            boxes.add(new Box("b" + i));
        }
        ExecutorService pool = Executors.newFixedThreadPool(5);
        try {
            List<Callable<Boolean>> tasks = new ArrayList<>();
            for (int t = 0; t < 5; t++) {
                tasks.add(() -> {
                    for (int round = 0; round < 200; round++) {
                        for (Box box : boxes) {
                            if (!memo.apply(box).equals(box.value().toUpperCase())) {
                                return false;
                            }
                        }
                    }
                    return true;
                });
            }
            for (Future<Boolean> result : pool.invokeAll(tasks)) {
                assertThat(result.get()).isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(memo.size()).isEqualTo(boxes.size());
    }
}
