package dev.stateful.domain.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import java.util.List;
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
}
