package dev.stateful.domain.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Collection;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The domain holds no process-wide state: a rule's answer depends on its arguments alone, never on
 * what an earlier call left behind (values derived from a record are kept with the record,
 * {@link dev.stateful.domain.model.Derived}). Every static field is a constant: final, and of a type
 * that cannot be changed in place: no array, no concrete collection or map class (a field declared as
 * {@code List}, {@code Set} or {@code Map} is built with {@code List.of}, {@code Set.of},
 * {@code Map.of}), and no class of ours with a field that can be reassigned.
 */
class NoMutableStaticStateTest {

    private static JavaClasses domain;

    @BeforeAll
    static void importTheDomain() {
        domain = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.stateful.domain");
    }

    static final ArchRule STATIC_FIELDS_ARE_CONSTANTS = fields().that().areStatic()
            .and().areDeclaredInClassesThat().resideInAPackage("dev.stateful.domain..")
            // the compiler's own: enum value arrays, switch maps over enums
            .and().doNotHaveName("$VALUES")
            .and().haveNameNotStartingWith("$SwitchMap$")
            .should(beConstants());

    @Test
    void static_fields_of_the_domain_are_constants() {
        STATIC_FIELDS_ARE_CONSTANTS.check(domain);
    }

    @Test
    void the_rule_catches_a_non_final_field_and_a_mutable_map() {
        JavaClasses offenders = new ClassFileImporter().importClasses(Offenders.class);

        EvaluationResult result = fields().that().areStatic().should(beConstants()).evaluate(offenders);

        assertThat(result.getFailureReport().getDetails()).hasSize(4)
                .anySatisfy(line -> assertThat(line).contains("counter").contains("not final"))
                .anySatisfy(line -> assertThat(line).contains("CACHE").contains("java.util.HashMap"))
                .anySatisfy(line -> assertThat(line).contains("TABLE").contains("array"))
                .anySatisfy(line -> assertThat(line).contains("HOLDER").contains("reassignable"));
    }

    private static ArchCondition<JavaField> beConstants() {
        return new ArchCondition<>("be constants (final, of a type that cannot change in place)") {
            @Override
            public void check(JavaField field, ConditionEvents events) {
                String problem = problem(field);
                if (problem != null) {
                    events.add(SimpleConditionEvent.violated(field, field.getFullName() + " " + problem));
                }
            }
        };
    }

    private static String problem(JavaField field) {
        if (!field.getModifiers().contains(JavaModifier.FINAL)) {
            return "is not final";
        }
        JavaClass type = field.getRawType();
        if (type.isArray()) {
            return "is an array, whose elements can be changed";
        }
        boolean collection = type.isAssignableTo(Collection.class) || type.isAssignableTo(Map.class);
        if (collection && !type.isInterface()) {
            return "is a " + type.getName() + ", which can be changed in place";
        }
        if (type.getPackageName().startsWith("dev.stateful")
                && type.getFields().stream().anyMatch(f -> !f.getModifiers().contains(JavaModifier.STATIC)
                        && !f.getModifiers().contains(JavaModifier.FINAL))) {
            return "is a " + type.getName() + ", which has reassignable fields";
        }
        return null;
    }

    /** What the rule must refuse. */
    @SuppressWarnings("unused")
    static final class Offenders {
        static int counter;
        static final java.util.HashMap<String, String> CACHE = new java.util.HashMap<>();
        static final int[] TABLE = {1};
        static final Mutable HOLDER = new Mutable();
        static final Map<String, String> CONSTANT = Map.of();
        static final String NAME = "fine";
    }

    static final class Mutable {
        @SuppressWarnings("unused")
        private int value;
    }
}
