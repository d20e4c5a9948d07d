package dev.stateful.domain.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.testing.Fixtures;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What the planner derives from a set (its validation, its candidate revision, its reserved ordinals)
 * reads the metadata, the spec and, of the status, only {@code collisionCount}: it is kept across the
 * writes that change none of those (every status write the controller makes comes back as one), and
 * derived afresh after any other.
 */
class StatefulSetDerivedTest {

    private static final Derived.Key<String> PROBE = new Derived.Key<>("probe");

    private static StatefulSet set() {
        StatefulSet set = Fixtures.statefulSet("web", 3);
        return set.withMetadata(set.metadata().withResourceVersion("7"));
    }

    private static StatefulSetStatus status(int readyReplicas, Integer collisionCount) {
        return new StatefulSetStatus(1, 3, readyReplicas, 3, 3, readyReplicas, "web-1", "web-1", collisionCount, List.of());
    }

    /** How many times {@link #PROBE} is computed for {@code set} and then for {@code change.apply(set)}. */
    private static int computations(StatefulSet set, UnaryOperator<StatefulSet> change) {
        AtomicInteger computed = new AtomicInteger();
        set.derived().get(PROBE, () -> "derived " + computed.incrementAndGet());
        change.apply(set).derived().get(PROBE, () -> "derived " + computed.incrementAndGet());
        return computed.get();
    }

    static Stream<Arguments> keeping() {
        return Stream.of(
                Arguments.of("a new resourceVersion", (UnaryOperator<StatefulSet>) s -> s.withMetadata(s.metadata().withResourceVersion("8"))),
                Arguments.of("a status write with the same collisionCount", (UnaryOperator<StatefulSet>) s -> s.withStatus(status(2, null))),
                Arguments.of("a status write, then its new resourceVersion", (UnaryOperator<StatefulSet>) s -> {
                    StatefulSet written = s.withStatus(status(3, null));
                    return written.withMetadata(written.metadata().withResourceVersion("9"));
                }));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keeping")
    void isKeptAcross(String name, UnaryOperator<StatefulSet> change) {
        assertThat(computations(set(), change)).isEqualTo(1);
    }

    static Stream<Arguments> renewing() {
        return Stream.of(
                Arguments.of("a raised collisionCount", (UnaryOperator<StatefulSet>) s -> s.withStatus(status(3, 1))),
                Arguments.of("a new label", (UnaryOperator<StatefulSet>) s -> s.withMetadata(s.metadata().withLabel("tier", "db"))),
                Arguments.of("a new generation", (UnaryOperator<StatefulSet>) s -> s.withMetadata(s.metadata().withGeneration(2))),
                Arguments.of("a new resourceVersion with a new label", (UnaryOperator<StatefulSet>) s ->
                        s.withMetadata(s.metadata().withResourceVersion("8").withLabel("tier", "db"))),
                Arguments.of("a spec change", (UnaryOperator<StatefulSet>) s -> Fixtures.withImage(s, "nginx:1.27")),
                Arguments.of("another kind", (UnaryOperator<StatefulSet>) s -> s.as(SetKind.STATEFUL_DEV, SetExtensions.NONE)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("renewing")
    void isDerivedAfreshAfter(String name, UnaryOperator<StatefulSet> change) {
        assertThat(computations(set(), change)).isEqualTo(2);
    }
}
