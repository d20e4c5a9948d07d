package dev.stateful.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Dependencies point inward only: adapters -> ports -> domain. The domain depends on the JDK alone;
 * the wire format (codec, over Jackson) is the adapters' and the app's, never the domain's or the
 * ports'; only the app wires (Guice, every injector built in {@code Injectors}) and owns a main. No two
 * modules and no two packages depend on each other, directly or round a cycle.
 */
class ArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importProductionClasses() {
        classes = productionClasses("dev.stateful");
    }

    private static JavaClasses productionClasses(String packageName) {
        return new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                // the modules' test-jars (shared fixtures) are on this classpath too; they are not production code
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages(packageName);
    }

    @Test
    void modulesAreFreeOfCycles() {
        slices().matching("dev.stateful.(*)..").should().beFreeOfCycles().check(classes);
    }

    /**
     * Every package is a slice of its own (a package and its sub-packages may not depend on each
     * other both ways either). Checked module by module: a package cycle cannot span modules, whose
     * dependencies Maven keeps acyclic, and over every module at once ArchUnit 1.4.1 left out the
     * {@code app.controller} / {@code app.wiring} cycle this rule was written to stop.
     */
    @ParameterizedTest
    @ValueSource(strings = {"domain", "codec", "ports", "testing.ports", "inmemory", "fabric8", "grpc", "app"})
    void packagesOfEachModuleAreFreeOfCycles(String module) {
        slices().matching("dev.stateful.(**)").should().beFreeOfCycles().check(productionClasses("dev.stateful." + module));
    }

    @Test
    void onlyInjectorsBuildsAnInjector() {
        noClasses().that().doNotHaveFullyQualifiedName("dev.stateful.app.wiring.Injectors")
                .should().dependOnClassesThat().haveFullyQualifiedName("com.google.inject.Guice")
                .check(classes);
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

    /** The ports contract kit is a test library for port implementers: it sees the ports as they do, and JUnit and AssertJ. */
    @Test
    void thePortsContractDependsOnThePortsTheDomainAndTheTestLibrariesOnly() {
        noClasses().that().resideInAPackage("dev.stateful.testing.ports..")
                .should().dependOnClassesThat().resideOutsideOfPackages("dev.stateful.testing.ports..", "dev.stateful.ports..",
                        "dev.stateful.domain..", "java..", "org.junit..", "org.assertj..")
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
