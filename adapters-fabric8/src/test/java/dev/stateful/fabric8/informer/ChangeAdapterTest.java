package dev.stateful.fabric8.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChangeAdapterTest {

    final List<String> changes = new ArrayList<>();
    final ChangeAdapter<String, String> adapter = new ChangeAdapter<>(String::toUpperCase, (o, n) -> changes.add(o + " -> " + n));

    @Test
    void adds_updates_and_deletes_become_old_new_pairs_of_domain_records() {
        adapter.onAdd("a");
        adapter.onUpdate("a", "b");
        adapter.onDelete("b", false);

        assertThat(changes).containsExactly("null -> A", "A -> B", "B -> null");
    }

    @Test
    void a_deletion_seen_only_on_relist_reports_the_last_known_state() {
        adapter.onDelete("last", true);

        assertThat(changes).containsExactly("LAST -> null");
    }

    @Test
    void a_failing_handler_does_not_break_the_informer() {
        ChangeAdapter<String, String> failing = new ChangeAdapter<>(s -> s, (o, n) -> {
            throw new IllegalStateException("handler bug");
        });

        assertThatCode(() -> failing.onAdd("a")).doesNotThrowAnyException();
    }
}
