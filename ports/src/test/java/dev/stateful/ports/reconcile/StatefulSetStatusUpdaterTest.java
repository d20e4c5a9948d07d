package dev.stateful.ports.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.ports.ApiException;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The status write: upstream's {@code StatefulSetStatusUpdater} with its {@code RetryOnConflict}. */
class StatefulSetStatusUpdaterTest {

    private final StatefulSet set = Fixtures.statefulSet("web", 3);
    private final FakePorts ports = new FakePorts();
    private final StatefulSetStatusUpdater updater = new StatefulSetStatusUpdater(ports.status);
    private static final StatefulSetStatus.Condition THEIRS = new StatefulSetStatus.Condition("Theirs", "True", Fixtures.T0, "Because", "");

    /** Three replicas over whatever the stored status holds, conditions kept. */
    private static final Function<StatefulSetStatus, Optional<StatefulSetStatus>> THREE_REPLICAS = stored ->
            Optional.of(new StatefulSetStatus(1, 3, 3, 3, 3, 3, "web-a", "web-a", 0, stored.conditions()));

    @Test
    void aConflictIsRetriedOnAFreshCopyWhoseConditionsAreKept() {
        ports.failNext("status.update", new ApiException.Conflict("stale"));
        StatefulSet fresh = set.withStatus(set.status().withConditions(List.of(THEIRS)));
        ports.set = Optional.of(fresh);

        Optional<StatefulSet> written = updater.update(set, THREE_REPLICAS);

        assertThat(ports.calls).containsExactly("status.update web", "sets.get web", "status.update web");
        assertThat(written).get().extracting(s -> s.status().conditions()).isEqualTo(List.of(THEIRS));
        assertThat(written.get().status().replicas()).isEqualTo(3);
    }

    @Test
    void aWriteThatConflictsFourTimesIsWrittenOnTheFifthAttempt() {
        for (int i = 1; i <= 4; i++) {
            ports.failNext("status.update", new ApiException.Conflict("stale " + i));
        }
        ports.set = Optional.of(set);

        assertThat(updater.update(set, THREE_REPLICAS)).get().extracting(s -> s.status().replicas()).isEqualTo(3);
        assertThat(ports.calls.stream().filter(c -> c.startsWith("status.update"))).hasSize(5);
    }

    @Test
    void theFifthConflictingAttemptFailsTheWriteWithItsConflictAsUpstreamsDefaultRetry() {
        for (int i = 1; i <= 5; i++) {
            ports.failNext("status.update", new ApiException.Conflict("stale " + i));
        }
        ports.set = Optional.of(set);

        assertThatThrownBy(() -> updater.update(set, THREE_REPLICAS)).isInstanceOf(ApiException.Conflict.class).hasMessage("stale 5");
        assertThat(ports.calls.stream().filter(c -> c.startsWith("status.update"))).hasSize(5);
    }

    @Test
    void nothingIsWrittenWhenThereIsNothingToWrite() {
        assertThat(updater.update(set, stored -> Optional.empty())).isEmpty();
        assertThat(ports.calls).isEmpty();
    }

    @Test
    void aSetReplacedMeanwhileGetsNoStatus() {
        ports.failNext("status.update", new ApiException.Conflict("stale"));
        ports.set = Optional.of(set.withMetadata(set.metadata().withUid("another-uid")));

        assertThat(updater.update(set, THREE_REPLICAS)).isEmpty();
        assertThat(ports.calls).containsExactly("status.update web", "sets.get web");
    }

    @Test
    void aSetGoneGetsNoStatus() {
        ports.failNext("status.update", new ApiException.NotFound("gone"));

        assertThat(updater.update(set, THREE_REPLICAS)).isEmpty();
    }

    @Test
    void aFailedRereadFailsTheWrite() {
        ports.failNext("status.update", new ApiException.Conflict("stale"));
        ports.failNext("sets.get", new ApiException.Unavailable("timeout"));

        assertThatThrownBy(() -> updater.update(set, THREE_REPLICAS)).isInstanceOf(ApiException.Unavailable.class);
    }

    @Test
    void oneAttemptLeavesAConflictToTheNextSync() {
        ports.failNext("status.update", new ApiException.Conflict("stale"));

        assertThatThrownBy(() -> updater.updateOnce(set, THREE_REPLICAS)).isInstanceOf(ApiException.Conflict.class);
        assertThat(ports.calls).containsExactly("status.update web");
        assertThat(Collections.frequency(ports.calls, "sets.get web")).isZero();
    }
}
