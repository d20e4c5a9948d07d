package dev.stateful.inmemory.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.inmemory.simulation.InvariantChecker.Rule;
import dev.stateful.inmemory.store.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The window a lagging claim cache opened (docs/reliability.md, "What the simulation found"): the
 * controller hands www-web-0 to the condemned web-0 (whenScaled=Delete) while its claim watch is
 * stalled, the scale-down is undone before the garbage collector ran, and the cache still shows the
 * claim as the set's. Before the fresh read of the claims in {@code FreshClaimCheck}, the new web-0
 * started on the claim and the garbage collector then deleted it.
 *
 * <p>The controller reads its own writes ({@code OwnWrites}), so within its patience it would wait
 * for the claim cache to show its owner write instead; the schedule waits the patience out (61 s)
 * before the scale-up, as a claim watch stalled that long, a restart or an owner written by
 * someone else would leave it, and the claim's read is the only guard left.
 */
class StaleClaimCacheTest {

    static final Schedule HANDS_THE_CLAIM_AWAY_UNSEEN = new Schedule(2002313L,
            new SetConfig(1, false, 0, false, null, null, null, null, "Delete", "Delete", false), List.of(
                    new Step.PauseGc(true),
                    new Step.RunFor(1),
                    new Step.StallWatch(Kind.CLAIMS),
                    new Step.Scale(0),
                    new Step.RunFor(1),
                    new Step.Wait(61),
                    new Step.Scale(1),
                    new Step.RunFor(1)));

    @Test
    void aPodIsNotStartedOnAClaimItsStaleCacheShowsAsTheSetsButTheApiServerHasHandedToTheOldPod() {
        SimulationRun run = new SimulationRun(HANDS_THE_CLAIM_AWAY_UNSEEN, Mutant.NONE, true);
        SimulationRun.Result result = run.execute();

        assertThat(result.violations()).as(String.join("\n", result.trace())).isEmpty();
        assertThat(result.counters().lostClaims).isZero();
        assertThat(run.cluster().stores().claims().get(new ObjectKey(SimulationRun.NS, "www-web-0"))).isPresent();
    }

    @Test
    void aControllerThatTrustsItsClaimCacheStartsThePodThereAndTheClaimIsLost() {
        SimulationRun.Result result = new SimulationRun(HANDS_THE_CLAIM_AWAY_UNSEEN, Mutant.READS_CLAIMS_FROM_ITS_CACHE, true).execute();

        assertThat(result.violation()).hasValueSatisfying(v -> {
            assertThat(v.rule()).isEqualTo(Rule.STORAGE);
            assertThat(v.message()).contains("creates web-0 on its claim www-web-0").contains("the garbage collector will delete it");
        });
    }
}
