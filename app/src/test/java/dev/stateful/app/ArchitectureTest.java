package dev.stateful.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Dependencies point inward only: adapters -> ports -> domain. The domain depends on the JDK alone;
 * the wire format (codec, over Jackson) is the adapters' and the app's, never the domain's or the
 * ports'; only the app wires (Guice) and owns a main.
 */
class ArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importProductionClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                // the modules' test-jars (shared fixtures) are on this classpath too; they are not production code
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages("dev.stateful");
    }

    @Test
    void domainDependsOnTheJdkOnly() {
        noClasses().that().resideInAPackage("dev.stateful.domain..")
                .should().dependOnClassesThat().resideOutsideOfPackages("dev.stateful.domain..", "java..")
                .check(classes);
    }

    @Test
    void portsDependOnTheDomainOnly() {
        noClasses().that().resideInAPackage("dev.stateful.ports..")
                .should().dependOnClassesThat().resideOutsideOfPackages("dev.stateful.domain..", "dev.stateful.ports..", "java..", "org.slf4j..")
                .check(classes);
    }

    @Test
    void domainAndPortsNeverReachIntoAdaptersOrApp() {
        noClasses().that().resideInAnyPackage("dev.stateful.domain..", "dev.stateful.ports..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.stateful.codec..", "dev.stateful.inmemory..",
                        "dev.stateful.fabric8..", "dev.stateful.grpc..", "dev.stateful.app..")
                .check(classes);
    }

    @Test
    void theCodecDependsOnTheDomainAndJacksonOnly() {
        noClasses().that().resideInAPackage("dev.stateful.codec..")
                .should().dependOnClassesThat().resideOutsideOfPackages("dev.stateful.codec..", "dev.stateful.domain..", "java..", "tools.jackson..")
                .check(classes);
    }

    @Test
    void adaptersDoNotDependOnEachOtherOrOnTheApp() {
        noClasses().that().resideInAPackage("dev.stateful.inmemory..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.stateful.fabric8..", "dev.stateful.grpc..", "dev.stateful.app..")
                .check(classes);
        // allowEmptyShould: a module may not have classes yet; the rule still guards it once it does
        noClasses().that().resideInAPackage("dev.stateful.fabric8..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.stateful.inmemory..", "dev.stateful.grpc..", "dev.stateful.app..")
                .allowEmptyShould(true)
                .check(classes);
        noClasses().that().resideInAPackage("dev.stateful.grpc..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.stateful.fabric8..", "dev.stateful.app..")
                .allowEmptyShould(true)
                .check(classes);
    }

    @Test
    void onlyTheAppWiresWithGuice() {
        noClasses().that().resideOutsideOfPackage("dev.stateful.app..")
                .should().dependOnClassesThat().resideInAPackage("com.google.inject..")
                .check(classes);
    }
}
