package dev.stateful.grpc.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.StatefulSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The decoded sets kept between Plan calls: the same bytes are decoded once, within the bounds, and nothing that failed is kept. */
class RecentSetsTest {

    private final AtomicInteger decodes = new AtomicInteger();

    private Supplier<StatefulSet> decoding(String name) {
        return () -> {
            decodes.incrementAndGet();
            return new StatefulSet(ObjectMeta.named("default", name), null, null);
        };
    }

    @Test
    void theSameJsonAgainIsTheSetDecodedTheFirstTime() {
        RecentSets sets = new RecentSets(4, 1024);
        StatefulSet first = sets.decoded("{\"a\":1}", decoding("a"));
        StatefulSet again = sets.decoded(new String("{\"a\":1}"), decoding("a"));

        assertThat(again).isSameAs(first);
        assertThat(decodes).hasValue(1);
    }

    @Test
    void jsonThatDiffersInAnyByteIsDecodedAfresh() {
        RecentSets sets = new RecentSets(4, 1024);
        sets.decoded("{\"a\":1}", decoding("a"));
        StatefulSet other = sets.decoded("{\"a\":1 }", decoding("b"));

        assertThat(other.name()).isEqualTo("b");
        assertThat(decodes).hasValue(2);
    }

    @Test
    void beyondItsBoundTheLeastRecentlyPlannedSetIsDropped() {
        RecentSets sets = new RecentSets(2, 1024);
        sets.decoded("a", decoding("a"));
        sets.decoded("b", decoding("b"));
        sets.decoded("a", decoding("a")); // a planned again: b is now the least recent
        sets.decoded("c", decoding("c"));

        assertThat(sets.size()).isEqualTo(2);
        sets.decoded("a", decoding("a"));
        assertThat(decodes).hasValue(3);
        sets.decoded("b", decoding("b"));
        assertThat(decodes).hasValue(4);
    }

    @Test
    void aSetLongerThanTheBoundIsNeverKept() {
        RecentSets sets = new RecentSets(4, 8);
        sets.decoded("{\"name\":\"long\"}", decoding("long"));
        sets.decoded("{\"name\":\"long\"}", decoding("long"));

        assertThat(decodes).hasValue(2);
        assertThat(sets.size()).isZero();
    }

    @Test
    void aSetThatDoesNotDecodeIsNotKept() {
        RecentSets sets = new RecentSets(4, 1024);
        assertThatThrownBy(() -> sets.decoded("{", () -> {
            throw new IllegalArgumentException("not JSON");
        })).hasMessage("not JSON");

        assertThat(sets.size()).isZero();
        assertThat(sets.decoded("{", decoding("fixed")).name()).isEqualTo("fixed");
    }
}
