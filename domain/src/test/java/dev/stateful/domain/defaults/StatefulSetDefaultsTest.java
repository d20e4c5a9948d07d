package dev.stateful.domain.defaults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.LabelSelector;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.testing.Fixtures;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Upstream {@code SetDefaults_StatefulSet} field by field. */
class StatefulSetDefaultsTest {

    /** A set as a user might submit it: only name, selector and template. */
    static final StatefulSetSpec BARE = new StatefulSetSpec(null, LabelSelector.of(Map.of("app", "nginx")),
            Fixtures.template("nginx", "nginx:1.25"), List.of(), "", "", null, null, 0, null, null);

    @Test
    void aBareSpecGetsEveryDefault() {
        StatefulSetSpec spec = Defaults.spec(BARE);

        assertThat(spec.podManagementPolicy()).isEqualTo("OrderedReady");
        assertThat(spec.updateStrategy()).isEqualTo(UpdateStrategy.rollingUpdate(0, null));
        assertThat(spec.persistentVolumeClaimRetentionPolicy()).isEqualTo(new RetentionPolicy("Retain", "Retain"));
        assertThat(spec.replicas()).isEqualTo(1);
        assertThat(spec.revisionHistoryLimit()).isEqualTo(10);
    }

    @Test
    void statefulSetDefaultsOnlyTheSpec() {
        StatefulSet set = new StatefulSet(ObjectMeta.named("default", "web"), BARE, null);

        StatefulSet defaulted = Defaults.statefulSet(set);

        assertThat(defaulted.metadata()).isEqualTo(set.metadata());
        assertThat(defaulted.status()).isEqualTo(set.status());
        assertThat(defaulted.spec()).isEqualTo(Defaults.spec(BARE));
    }

    static Stream<Arguments> strategies() {
        UpdateStrategy.RollingUpdate emptyBlock = new UpdateStrategy.RollingUpdate(null, null);
        return Stream.of(
                arguments("no strategy: RollingUpdate with partition 0", UpdateStrategy.UNSET, UpdateStrategy.rollingUpdate(0, null)),
                arguments("a block without a type: RollingUpdate keeps the block",
                        new UpdateStrategy("", new UpdateStrategy.RollingUpdate(2, IntOrString.of("50%"))),
                        UpdateStrategy.rollingUpdate(2, IntOrString.of("50%"))),
                arguments("explicit RollingUpdate without a block stays without one",
                        new UpdateStrategy("RollingUpdate", null), new UpdateStrategy("RollingUpdate", null)),
                arguments("an empty block under RollingUpdate gets partition 0",
                        new UpdateStrategy("RollingUpdate", emptyBlock), UpdateStrategy.rollingUpdate(0, null)),
                arguments("maxUnavailable stays absent (gate off; the controller reads it as 1)",
                        new UpdateStrategy("RollingUpdate", new UpdateStrategy.RollingUpdate(3, null)), UpdateStrategy.rollingUpdate(3, null)),
                arguments("a set partition is kept", UpdateStrategy.rollingUpdate(5, IntOrString.of(2)), UpdateStrategy.rollingUpdate(5, IntOrString.of(2))),
                arguments("OnDelete stays without a block", UpdateStrategy.onDelete(), UpdateStrategy.onDelete()),
                arguments("OnDelete with a block is left for validation to reject",
                        new UpdateStrategy("OnDelete", emptyBlock), new UpdateStrategy("OnDelete", emptyBlock)),
                arguments("an unknown type is left for validation to reject", new UpdateStrategy("Recreate", null), new UpdateStrategy("Recreate", null)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("strategies")
    void defaultsTheUpdateStrategy(String rule, UpdateStrategy given, UpdateStrategy expected) {
        assertThat(Defaults.spec(BARE.withUpdateStrategy(given)).updateStrategy()).isEqualTo(expected);
    }

    static Stream<Arguments> retentionPolicies() {
        return Stream.of(
                arguments("absent: Retain/Retain", null, new RetentionPolicy("Retain", "Retain")),
                arguments("empty fields: Retain", new RetentionPolicy("", "Delete"), new RetentionPolicy("Retain", "Delete")),
                arguments("set values are kept", new RetentionPolicy("Delete", "Delete"), new RetentionPolicy("Delete", "Delete")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("retentionPolicies")
    void defaultsTheRetentionPolicy(String rule, RetentionPolicy given, RetentionPolicy expected) {
        assertThat(Defaults.spec(BARE.withRetentionPolicy(given)).persistentVolumeClaimRetentionPolicy()).isEqualTo(expected);
    }

    @Test
    void keepsSetValuesIncludingZeroAndNegativeNumbers() {
        StatefulSetSpec spec = Defaults.spec(BARE.withReplicas(0).withRevisionHistoryLimit(-1).withPodManagementPolicy("Parallel"));

        assertThat(spec.replicas()).isZero();
        assertThat(spec.revisionHistoryLimit()).isEqualTo(-1);
        assertThat(spec.podManagementPolicy()).isEqualTo("Parallel");
    }

    @Test
    void defaultsTheTemplateAndEachClaimTemplate() {
        StatefulSetSpec spec = BARE
                .withTemplate(Json.object("spec", Json.object("containers", Json.array(Json.object("name", "c", "image", "c:1")))))
                .withVolumeClaimTemplates(List.of(Fixtures.claimTemplate("www"), Fixtures.claimTemplate("logs")));
        StatefulSetSpec defaulted = Defaults.spec(spec);

        assertThat(defaulted.template()).isEqualTo(Defaults.podTemplate(spec.template()));
        assertThat(defaulted.volumeClaimTemplates()).extracting(PersistentVolumeClaim::phase).containsExactly("Pending", "Pending");
        assertThat(defaulted.volumeClaimTemplates()).allSatisfy(c -> assertThat(c.spec().string("volumeMode")).contains("Filesystem"));
    }

    @Test
    void aClaimTemplateGetsVolumeModeResourcesAndPhasePending() {
        PersistentVolumeClaim claim = new PersistentVolumeClaim(ObjectMeta.named("", "www"),
                Json.object("accessModes", Json.array("ReadWriteOnce")), "");

        PersistentVolumeClaim defaulted = Defaults.claimTemplate(claim);

        assertThat(defaulted.spec()).isEqualTo(Json.object("accessModes", Json.array("ReadWriteOnce"),
                "volumeMode", "Filesystem", "resources", Json.object()));
        assertThat(defaulted.phase()).isEqualTo("Pending");
        assertThat(defaulted.metadata()).isEqualTo(claim.metadata());
    }

    @Test
    void aClaimTemplateKeepsABlockVolumeMode() {
        PersistentVolumeClaim claim = new PersistentVolumeClaim(ObjectMeta.named("", "raw"),
                Json.object("volumeMode", "Block", "resources", Json.object("requests", Json.object("storage", "1Gi"))), "Bound");

        assertThat(Defaults.claimTemplate(claim)).isEqualTo(claim);
    }
}
