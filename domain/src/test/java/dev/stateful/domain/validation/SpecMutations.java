package dev.stateful.domain.validation;

import dev.stateful.domain.defaults.Defaults;
import dev.stateful.domain.model.StatefulSet;
import java.util.List;
import java.util.Random;

/**
 * Invalid StatefulSets for other modules' hostile-input tests, from the same generators as
 * {@link GeneratedStatefulSetValidationTest}: one to four mutations of a valid set, at least one
 * of them invalid. Name and namespace stay valid so the object can be stored under its own name.
 * The sets are invalid as the controller reads a stored set, defaults filled in: a draw whose
 * invalid field API-server defaulting would fill (an empty podManagementPolicy) is drawn again.
 */
public final class SpecMutations {

    private SpecMutations() {
    }

    /** A mutated set and the field paths under which validation must report it. */
    public record Mutated(StatefulSet set, List<String> invalidPaths, List<String> descriptions) {
    }

    public static Mutated invalid(Random random, String name) {
        while (true) {
            List<GeneratedStatefulSetValidationTest.Mutation> mutations = GeneratedStatefulSetValidationTest.pick(random).stream()
                    .filter(m -> !m.slot().equals("name") && !m.slot().equals("namespace")).toList();
            if (mutations.stream().noneMatch(GeneratedStatefulSetValidationTest.Mutation::invalid)) {
                continue;
            }
            StatefulSet set = GeneratedStatefulSetValidationTest.BASE;
            for (GeneratedStatefulSetValidationTest.Mutation m : mutations) {
                set = m.apply().apply(set);
            }
            set = set.withMetadata(set.metadata().withName(name).withUid(null));
            List<String> paths = mutations.stream().filter(GeneratedStatefulSetValidationTest.Mutation::invalid)
                    .filter(m -> mutations.stream().noneMatch(o -> !o.hides().isEmpty() && m.path().startsWith(o.hides())))
                    .map(GeneratedStatefulSetValidationTest.Mutation::path).toList();
            List<Violation> asRead = StatefulSetValidator.validate(Defaults.statefulSet(set));
            if (paths.isEmpty() || paths.stream().anyMatch(path -> asRead.stream().noneMatch(v -> v.field().startsWith(path)))) {
                continue;
            }
            return new Mutated(set, paths, mutations.stream().map(GeneratedStatefulSetValidationTest.Mutation::description).toList());
        }
    }
}
