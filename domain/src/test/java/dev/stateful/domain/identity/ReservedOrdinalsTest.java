package dev.stateful.domain.identity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.IntOrString;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The ordinal rule of {@code spec.reserveOrdinals}: places of the replica range skip reserved ordinals, ranges stay intervals. */
class ReservedOrdinalsTest {

    private static ReservedOrdinals reserved(Object... entries) {
        return ReservedOrdinals.parse(List.of(entries).stream()
                .map(e -> e instanceof Integer i ? IntOrString.of(i) : IntOrString.of((String) e)).toList());
    }

    @Test
    void theRangeSkipsReservedOrdinals() {
        ReservedOrdinals r = reserved(1);

        assertThat(List.of(r.ordinalAt(0, 0), r.ordinalAt(0, 1), r.ordinalAt(0, 2))).containsExactly(0L, 2L, 3L);
        assertThat(r.endOrdinal(0, 3)).isEqualTo(3);
        assertThat(r.inRange(0, 3, 1)).isFalse();
        assertThat(r.inRange(0, 3, 3)).isTrue();
        assertThat(r.inRange(0, 3, 4)).isFalse();
        assertThat(r.indexOf(0, 3)).isEqualTo(2);
    }

    @Test
    void rangesAndIntsMergeInAnyOrderAndOverlap() {
        ReservedOrdinals r = reserved("4-6", 2, "3-3", "5-8", 10);

        assertThat(r).hasToString("[2-8, 10]");
        assertThat(r.ordinalAt(0, 0)).isEqualTo(0);
        assertThat(r.ordinalAt(0, 2)).isEqualTo(9);
        assertThat(r.ordinalAt(0, 3)).isEqualTo(11);
        assertThat(r.indexOf(0, 11)).isEqualTo(3);
    }

    @Test
    void placesCountFromTheStartOrdinal() {
        ReservedOrdinals r = reserved("0-4", 6);

        assertThat(r.ordinalAt(5, 0)).isEqualTo(5);
        assertThat(r.ordinalAt(5, 1)).isEqualTo(7);
        assertThat(r.indexOf(5, 7)).isEqualTo(1);
        assertThat(r.endOrdinal(3, 2)).as("start 3 is itself reserved").isEqualTo(7);
    }

    @Test
    void aRangeOfEveryOrdinalIsOneIntervalAndItsArithmeticDoesNotOverflow() {
        ReservedOrdinals r = reserved("0-2147483647");

        assertThat(r).hasToString("[0-2147483647]");
        assertThat(r.contains(Integer.MAX_VALUE)).isTrue();
        assertThat(r.ordinalAt(0, 0)).as("beyond 32 bits: the validator refuses such a set").isEqualTo(2147483648L);
        assertThat(r.inRange(0, 1, Integer.MAX_VALUE)).isFalse();
    }

    @Test
    void onlyNonNegativeOrdinalsAndOrderedRangesOfThemAreEntries() {
        assertThat(ReservedOrdinals.problem(IntOrString.of(0))).isEmpty();
        assertThat(ReservedOrdinals.problem(IntOrString.of("2-5"))).isEmpty();
        assertThat(ReservedOrdinals.problem(IntOrString.of("7-7"))).isEmpty();
        for (String bad : List.of("5-2", "3", "-1-2", "a-b", "1-", "1--2", " 1-2", "01-2", "1-2147483648", "1-99999999999", "")) {
            assertThat(ReservedOrdinals.problem(IntOrString.of(bad))).as(bad).contains(ReservedOrdinals.ENTRY_RULE);
        }
        assertThat(ReservedOrdinals.problem(IntOrString.of(-1))).contains(ReservedOrdinals.ENTRY_RULE);
        assertThat(reserved("5-2", -1, 3)).as("invalid entries reserve nothing").hasToString("[3]");
    }
}
