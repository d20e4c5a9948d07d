package dev.stateful.domain.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The rules of {@link ObjectMetaRules} that the unit suite can pin without an API server
 * ({@code ApiServerValidationIT} compares the others with kube-apiserver's words).
 */
class ObjectMetaRulesTest {

    /** {@code FromAPIVersionAndKind} reads "v1" and "/v1" as the same core group version, so BannedOwners refuses both. */
    @ParameterizedTest(name = "apiVersion \"{0}\"")
    @ValueSource(strings = {"v1", "/v1"})
    void aV1EventOfTheCoreGroupIsNoOwnerHoweverItsApiVersionIsSpelled(String apiVersion) {
        ObjectMeta meta = ObjectMeta.named("default", "web-0")
                .withOwnerReferences(List.of(new OwnerReference(apiVersion, "Event", "e", "uid-e", null, null)));

        assertThat(ObjectMetaRules.validate(meta)).extracting(Violation::toString)
                .containsExactly("metadata.ownerReferences: Invalid value: /v1, Kind=Event is disallowed from being an owner");
    }

    @ParameterizedTest(name = "apiVersion \"{0}\"")
    @ValueSource(strings = {"events.k8s.io/v1", "example.com/v1"})
    void anEventOfAnotherGroupMayOwn(String apiVersion) {
        ObjectMeta meta = ObjectMeta.named("default", "web-0")
                .withOwnerReferences(List.of(new OwnerReference(apiVersion, "Event", "e", "uid-e", null, null)));

        assertThat(ObjectMetaRules.validate(meta)).isEmpty();
    }

    /** {@code validateOwnerReference} reports on the list's own path, unindexed, as upstream passes it. */
    @Test
    void anOwnerReferenceNeedsAVersionAKindANameAndAUidOnTheListsPath() {
        ObjectMeta meta = ObjectMeta.named("default", "web-0").withOwnerReferences(List.of(
                new OwnerReference("apps/", "", "", "", null, null)));

        assertThat(ObjectMetaRules.validate(meta)).extracting(Violation::toString).containsExactly(
                "metadata.ownerReferences.apiVersion: Invalid value: \"apps/\": version must not be empty",
                "metadata.ownerReferences.kind: Invalid value: \"\": must not be empty",
                "metadata.ownerReferences.name: Invalid value: \"\": must not be empty",
                "metadata.ownerReferences.uid: Invalid value: \"\": must not be empty");
    }

    /** {@code ValidateOwnerReferences} names every controller after the first against the first. */
    @Test
    void everyControllerAfterTheFirstIsReportedAgainstTheFirst() {
        ObjectMeta meta = ObjectMeta.named("default", "web-0").withOwnerReferences(List.of(
                controller("a"), controller("b"), controller("c")));

        assertThat(ObjectMetaRules.validate(meta)).extracting(Violation::toString).containsExactly(
                "metadata.ownerReferences: Invalid value: Only one reference can have Controller set to true. Found \"true\" in references for StatefulSet/a and StatefulSet/b",
                "metadata.ownerReferences: Invalid value: Only one reference can have Controller set to true. Found \"true\" in references for StatefulSet/a and StatefulSet/c");
    }

    /**
     * apimachinery's {@code ValidateFinalizers}, then core's {@code validateKubeFinalizerName}: a name
     * without a domain must be one of the standard ones, and the garbage collector's two exclude each other.
     */
    @Test
    void finalizersAreQualifiedStandardOrDomainNamesAndNotBothOfTheCollectors() {
        ObjectMeta meta = ObjectMeta.named("default", "web-0").withFinalizers(List.of("example.com/keep", "kubernetes", "mine",
                "orphan", "foregroundDeletion"));

        assertThat(ObjectMetaRules.validate(meta)).extracting(Violation::toString).containsExactly(
                "metadata.finalizers: Invalid value: finalizer orphan and foregroundDeletion cannot be both set",
                "metadata.finalizers[2]: Invalid value: \"mine\": name is neither a standard finalizer name nor is it fully qualified");
    }

    private static OwnerReference controller(String name) {
        return new OwnerReference("apps/v1", "StatefulSet", name, "uid-" + name, true, true);
    }
}
