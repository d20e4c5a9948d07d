package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.LabelSelector;
import dev.stateful.domain.model.Ordinals;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.manifest.ApplyResult;
import dev.stateful.ports.ApiException;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import dev.stateful.inmemory.store.StatefulSetAdmission;

/**
 * Upstream {@code ValidateStatefulSet} / {@code ValidateStatefulSetUpdate}: the cluster's admission rejects invalid sets and forbidden spec
 * updates like an API server, so the controller never sees them; the mutable fields can change.
 */
@ExtendWith(InMemoryClusterExtension.class)
class ValidationScenarioTest {

    static final String FORBIDDEN = "spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', "
            + "'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden";

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
    }

    private static String withTemplateSpecField(String field) {
        return SetManifest.web().yaml().replace("    spec:\n      containers:\n", "    spec:\n      " + field + "\n      containers:\n");
    }

    static Stream<Arguments> invalidSets() {
        return Stream.of(
                arguments("name longer than 52 characters", SetManifest.web().named("a".repeat(53)).yaml(),
                        "metadata.name: Invalid value: \"" + "a".repeat(53) + "\": must be no more than 52 characters"),
                arguments("unknown podManagementPolicy", SetManifest.web().podManagementPolicy("Random").yaml(),
                        "spec.podManagementPolicy: Invalid value: \"Random\": must be 'OrderedReady' or 'Parallel'"),
                arguments("unknown updateStrategy type", SetManifest.web().updateStrategyType("Recreate").yaml(),
                        "spec.updateStrategy: Invalid value: \"Recreate\": must be 'RollingUpdate' or 'OnDelete'"),
                arguments("OnDelete with a rollingUpdate block", SetManifest.web().onDelete().partition(1).yaml(),
                        "spec.updateStrategy.rollingUpdate: Invalid value: {\"partition\":1}: only allowed for updateStrategy 'RollingUpdate'"),
                arguments("negative partition", SetManifest.web().partition(-1).yaml(),
                        "spec.updateStrategy.rollingUpdate.partition: Invalid value: -1: must be greater than or equal to 0"),
                arguments("maxUnavailable 0", SetManifest.web().maxUnavailable("0").yaml(),
                        "spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: 0: cannot be 0"),
                arguments("maxUnavailable over 100%", SetManifest.web().maxUnavailable("\"150%\"").yaml(),
                        "spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: \"150%\": must not be greater than 100%"),
                arguments("unknown retention value", SetManifest.web().retention("Keep", "Retain").yaml(),
                        "spec.persistentVolumeClaimRetentionPolicy.whenDeleted: Unsupported value: \"Keep\": supported values: \"Retain\", \"Delete\""),
                arguments("negative replicas", SetManifest.web().replicas(-1).yaml(),
                        "spec.replicas: Invalid value: -1: must be greater than or equal to 0"),
                arguments("negative minReadySeconds", SetManifest.web().minReadySeconds(-1).yaml(),
                        "spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0"),
                arguments("negative start ordinal", SetManifest.web().startOrdinal(-1).yaml(),
                        "spec.ordinals.start: Invalid value: -1: must be greater than or equal to 0"),
                arguments("selector that does not match the template labels",
                        SetManifest.web().yaml().replace("      labels:\n        app: nginx\n", "      labels:\n        app: other\n"),
                        "spec.template.metadata.labels: Invalid value: {\"app\":\"other\"}: `selector` does not match template `labels`"),
                arguments("empty selector", SetManifest.web().yaml().replace("  selector:\n    matchLabels:\n      app: nginx\n", "  selector: {}\n"),
                        "empty selector is invalid for statefulset"),
                arguments("restartPolicy other than Always", withTemplateSpecField("restartPolicy: Never"),
                        "spec.template.spec.restartPolicy: Unsupported value: \"Never\": supported values: \"Always\""),
                arguments("activeDeadlineSeconds", withTemplateSpecField("activeDeadlineSeconds: 30"),
                        "spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in StatefulSet is not Supported"),
                arguments("a volume mount that names no volume", withTemplateSpecField(
                                "initContainers:\n      - {name: init, image: busybox, volumeMounts: [{name: cache, mountPath: /cache}]}"),
                        "spec.template.spec.initContainers[0].volumeMounts[0].name: Not found: \"cache\""),
                arguments("a container port out of range", withTemplateSpecField(
                                "initContainers:\n      - {name: init, image: busybox, ports: [{containerPort: 70000}]}"),
                        "spec.template.spec.initContainers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidSets")
    void anInvalidSetIsRejectedAndNothingIsEverCreatedForIt(String rule, String yaml, String expected) {
        ApplyResult result = s.cluster().applyAllowingProblems(yaml);

        assertThat(result.hasProblems()).isTrue();
        assertThat(result.describeProblems()).contains(expected);
        assertThat(s.cluster().stores().statefulSets().list("")).isEmpty();
        s.settle();
        assertThat(s.podNames()).isEmpty();
    }

    static Stream<Arguments> forbiddenUpdates() {
        return Stream.of(
                arguments("volumeClaimTemplates", (UnaryOperator<StatefulSetSpec>) spec -> spec.withVolumeClaimTemplates(List.of())),
                arguments("podManagementPolicy", (UnaryOperator<StatefulSetSpec>) spec -> spec.withPodManagementPolicy("Parallel")),
                arguments("serviceName", (UnaryOperator<StatefulSetSpec>) spec -> spec.withServiceName("other")),
                arguments("selector", (UnaryOperator<StatefulSetSpec>) spec -> spec.withSelector(LabelSelector.of(Map.of("app", "nginx", "tier", "web")))
                        .withTemplate(spec.template().update("metadata", m -> m.with("labels", Map.of("app", "nginx", "tier", "web"))))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("forbiddenUpdates")
    void anUpdateOfAnImmutableFieldIsForbidden(String field, UnaryOperator<StatefulSetSpec> change) {
        StatefulSet before = s.apply(SetManifest.web().replicas(2));
        s.settle();

        assertThatThrownBy(() -> s.updateSpec(change)).isInstanceOf(ApiException.Invalid.class).hasMessageContaining(FORBIDDEN);
        assertThat(s.set().spec()).isEqualTo(before.spec());
        assertThat(s.set().metadata().generation()).isEqualTo(1);
    }

    static Stream<Arguments> allowedUpdates() {
        return Stream.of(
                arguments("replicas", (UnaryOperator<StatefulSetSpec>) spec -> spec.withReplicas(3)),
                arguments("template", (UnaryOperator<StatefulSetSpec>) spec -> spec.withTemplate(Scenario.withImage(spec.template(), "nginx:1.26"))),
                arguments("updateStrategy", (UnaryOperator<StatefulSetSpec>) spec -> spec.withUpdateStrategy(
                        UpdateStrategy.rollingUpdate(1, IntOrString.of(2)))),
                arguments("minReadySeconds", (UnaryOperator<StatefulSetSpec>) spec -> spec.withMinReadySeconds(10)),
                arguments("revisionHistoryLimit (mutable since kubernetes 1.36)", (UnaryOperator<StatefulSetSpec>) spec -> spec.withRevisionHistoryLimit(3)),
                arguments("ordinals", (UnaryOperator<StatefulSetSpec>) spec -> spec.withOrdinals(new Ordinals(5))),
                arguments("persistentVolumeClaimRetentionPolicy", (UnaryOperator<StatefulSetSpec>) spec ->
                        spec.withRetentionPolicy(new RetentionPolicy("Delete", "Delete"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("allowedUpdates")
    void anUpdateOfAMutableFieldIsAcceptedAndReconciled(String field, UnaryOperator<StatefulSetSpec> change) {
        s.apply(SetManifest.web().replicas(2));
        s.settle();

        StatefulSet updated = s.updateSpec(change);
        s.settle();

        assertThat(updated.metadata().generation()).isEqualTo(2);
        assertThat(s.status().observedGeneration()).isEqualTo(2);
        assertThat(s.status().readyReplicas()).isEqualTo(updated.spec().replicas());
    }

    @Test
    void aNameOfExactly52CharactersIsAcceptedAndItsPodsCanBeCreated() {
        String name = "a".repeat(52);
        s.apply(SetManifest.web().named(name).replicas(1));

        s.settle();

        assertThat(s.podNames()).containsExactly(name + "-0");
        assertThat(s.revisionOf(name + "-0").length()).isLessThanOrEqualTo(63);
    }

    /**
     * A set stored by a server that did not default it (no podManagementPolicy, no updateStrategy):
     * kube-controller-manager reads the absent fields as OrderedReady ({@code allowsBurst}) and as not
     * OnDelete, and so does the controller; it does not refuse the set as invalid.
     */
    @Test
    void aSetStoredWithoutDefaultsIsSyncedReadingAbsentFieldsAsKubeControllerManagerDoes() {
        InMemoryCluster undefaulted = InMemoryCluster.builder().admission(StatefulSetAdmission.NONE).instantKubelet().build();
        Scenario raw = new Scenario(undefaulted, new ControllerDriver(undefaulted));
        StatefulSet stored = raw.apply(SetManifest.web().replicas(2).withoutClaims());
        assertThat(stored.spec().podManagementPolicy()).isEmpty();
        assertThat(stored.spec().updateStrategy().type()).isEmpty();

        raw.settle();
        assertThat(raw.podsCreated(0)).containsExactly("web-0", "web-1");
        raw.setImage("nginx:1.26");
        raw.settle();

        assertThat(raw.eventMessages("FailedValidation")).isEmpty();
        assertThat(raw.podNames()).allSatisfy(p -> assertThat(raw.imageOf(p)).isEqualTo("nginx:1.26"));
    }
}
