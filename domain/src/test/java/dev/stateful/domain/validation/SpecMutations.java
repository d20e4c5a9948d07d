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
 * invalid field API-server defaulting would fill (an empty podManagementPolicy), or whose only invalid
 * fields are checked on create only (a serviceName's form), is drawn again; {@code invalidPaths} are
 * the fields a sync refuses.
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
            // a stored set is validated without the rules 1.36 applies on create only (StatefulSetValidator.validateStored):
            // of the invalid fields, those a sync refuses
            List<Violation> asRead = StatefulSetValidator.validateStored(Defaults.statefulSet(set));
            List<String> refused = paths.stream().filter(path -> asRead.stream().anyMatch(v -> v.field().startsWith(path))).toList();
            if (refused.isEmpty()) {
                continue;
            }
            return new Mutated(set, refused, mutations.stream().map(GeneratedStatefulSetValidationTest.Mutation::description).toList());
        }
    }
}
