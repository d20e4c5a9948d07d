package dev.stateful.domain.sync;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.LabelSelector;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.revision.RevisionHistory;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.domain.validation.StatefulSetValidator;
import dev.stateful.domain.validation.Violation;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Sets the controller must not act on: one being deleted only gets its status refreshed (upstream
 * {@code updateStatefulSet} returns before any pod action); an invalid one gets nothing at all.
 */
class DeletionAndValidationTest {

    private static final Instant NOW = Fixtures.T0.plus(Duration.ofDays(1));

    /** A set with work in every phase: a failed pod, a missing one, a condemned one, an orphan, an outdated template. */
    private static Snapshot busySnapshot(StatefulSet set) {
        StatefulSet old = Fixtures.statefulSet(set.name(), 3);
        String oldRevision = RevisionHistory.newRevision(old, 1, 0).name();
        Pod web0 = Observed.runningReady(Observed.member(old, 0, oldRevision), NOW.minusSeconds(60));
        Pod web1 = Observed.inPhase(Observed.member(old, 1, oldRevision), PodStatus.FAILED);
        Pod orphan = Observed.runningReady(Observed.member(old, 2, oldRevision), NOW.minusSeconds(60));
        orphan = orphan.withMetadata(orphan.metadata().withOwnerReferences(List.of()));
        Pod condemned = Observed.runningReady(Observed.member(old, 5, oldRevision), NOW.minusSeconds(60));
        return Observed.snapshot(set).pods(web0, web1, orphan, condemned).at(NOW).build();
    }

    @Test
    void aSetBeingDeletedOnlyGetsItsStatusRefreshed() {
        StatefulSet set = Fixtures.withImage(Fixtures.statefulSet("web", 4), "nginx:1.27");
        set = set.withMetadata(set.metadata().withDeletionTimestamp(NOW));

        Plan plan = StatefulSetPlanner.plan(busySnapshot(set));

        assertThat(plan.isValid()).isTrue();
        assertThat(plan.operations()).isEmpty();
        assertThat(plan.phases()).isEmpty();
        assertThat(plan.ownership()).as("no adoption or release either").isEmpty();
        assertThat(plan.status().replicas()).as("web-0, web-1 and web-5").isEqualTo(3);
        assertThat(plan.status().readyReplicas()).isEqualTo(2);
        assertThat(Plans.waits(plan)).contains("being deleted");
    }

    @Test
    void theSameSetNotBeingDeletedHasWorkInEveryPhase() {
        StatefulSet set = Fixtures.parallel(Fixtures.withImage(Fixtures.statefulSet("web", 4), "nginx:1.27"));

        Plan plan = StatefulSetPlanner.plan(busySnapshot(set));

        assertThat(plan.ownership()).hasSize(1);
        assertThat(Plans.deletes(plan, Operation.DeletePod.Cause.TERMINAL_PHASE)).containsExactly("web-1");
        assertThat(Plans.creates(plan)).containsExactly("web-3");
        assertThat(Plans.deletes(plan, Operation.DeletePod.Cause.CONDEMNED)).containsExactly("web-5");
    }

    static Stream<Arguments> invalidSets() {
        return Stream.of(
                Arguments.of("selector does not match the template", (UnaryOperator<StatefulSet>) s ->
                        s.withSpec(s.spec().withSelector(LabelSelector.of(Map.of("app", "other")))), "spec.template.metadata.labels"),
                Arguments.of("negative replicas", (UnaryOperator<StatefulSet>) s -> s.withSpec(s.spec().withReplicas(-1)), "spec.replicas"),
                Arguments.of("OnDelete with a rollingUpdate block", (UnaryOperator<StatefulSet>) s -> s.withSpec(s.spec().withUpdateStrategy(
                        new UpdateStrategy(UpdateStrategy.ON_DELETE, new UpdateStrategy.RollingUpdate(0, null)))), "spec.updateStrategy.rollingUpdate"),
                Arguments.of("maxUnavailable 0", (UnaryOperator<StatefulSet>) s -> s.withSpec(s.spec().withUpdateStrategy(
                        UpdateStrategy.rollingUpdate(0, IntOrString.of(0)))), "spec.updateStrategy.rollingUpdate.maxUnavailable"),
                Arguments.of("negative partition", (UnaryOperator<StatefulSet>) s -> s.withSpec(s.spec().withUpdateStrategy(
                        UpdateStrategy.rollingUpdate(-1, null))), "spec.updateStrategy.rollingUpdate.partition"),
                Arguments.of("unknown pod management policy", (UnaryOperator<StatefulSet>) s ->
                        s.withSpec(s.spec().withPodManagementPolicy("Sometimes")), "spec.podManagementPolicy"),
                Arguments.of("negative minReadySeconds", (UnaryOperator<StatefulSet>) s -> s.withSpec(s.spec().withMinReadySeconds(-1)),
                        "spec.minReadySeconds"),
                Arguments.of("restartPolicy Never", (UnaryOperator<StatefulSet>) s -> s.withSpec(s.spec().withTemplate(
                        s.spec().template().update("spec", p -> p.with("restartPolicy", "Never")))), "spec.template.spec.restartPolicy"),
                Arguments.of("name longer than 52 characters", (UnaryOperator<StatefulSet>) s ->
                        s.withMetadata(s.metadata().withName("w".repeat(53))), "metadata.name"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidSets")
    void anInvalidSetIsNotSyncedAtAll(String name, UnaryOperator<StatefulSet> breakIt, String field) {
        StatefulSet set = breakIt.apply(Fixtures.statefulSet("web", 4));

        Plan plan = StatefulSetPlanner.plan(busySnapshot(set));

        assertThat(plan.isValid()).isFalse();
        assertThat(plan.violations()).extracting(Violation::field).contains(field);
        assertThat(plan.operations()).isEmpty();
        assertThat(plan.ownership()).isEmpty();
        assertThat(plan.revisions()).isNull();
        assertThat(plan.revisionsToDelete()).isEmpty();
        assertThat(plan.requeueAfter()).isEmpty();
        assertThat(plan.status()).as("the stored status, untouched").isEqualTo(set.status());
        assertThat(Plans.waits(plan)).contains("invalid");
    }
    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidSets")
    void aSetBrokenAfterItWasPlannedIsValidatedAgain(String name, UnaryOperator<StatefulSet> breakIt, String field) {
        StatefulSet set = Fixtures.statefulSet("web", 4);
        assertThat(StatefulSetPlanner.plan(busySnapshot(set)).isValid()).isTrue();

        Plan broken = StatefulSetPlanner.plan(busySnapshot(breakIt.apply(set)));

        assertThat(broken.violations()).extracting(Violation::field).contains(field);
        assertThat(StatefulSetPlanner.plan(busySnapshot(set)).isValid()).as("the valid set is still valid").isTrue();
    }

    @Test
    void aTemplateChangedAfterAPlanGetsANewUpdateRevision() {
        StatefulSet set = Fixtures.parallel(Fixtures.withImage(Fixtures.statefulSet("web", 4), "nginx:1.27"));
        Plan first = StatefulSetPlanner.plan(busySnapshot(set));

        Plan second = StatefulSetPlanner.plan(busySnapshot(Fixtures.withImage(set, "nginx:1.28")));

        assertThat(second.revisions().update().name()).isNotEqualTo(first.revisions().update().name());
        assertThat(Plans.ops(second, Operation.CreatePod.class)).extracting(op -> Observed.image(op.pod())).containsExactly("nginx:1.28");
        assertThat(Plans.ops(first, Operation.CreatePod.class)).extracting(op -> Observed.image(op.pod())).containsExactly("nginx:1.27");
    }

    /**
     * 1.36 checks a claim template's access modes, the serviceName's form and the pod template's spec (its
     * volumes and containers: mounts, ports, env, resources) on create only ({@code SkipValidateVolumeClaimTemplates},
     * {@code AllowInvalidServiceName}, {@code SkipValidatePodTemplateSpec}): an earlier API server stored sets
     * without them (kubernetes#132211), and upstream's controller syncs such a set, so ours does too.
     */
    @Test
    void aSetAnEarlierApiServerStoredWithoutTheCreateOnlyRulesIsSynced() {
        StatefulSet set = Fixtures.statefulSet("web", 1);
        PersistentVolumeClaim www = set.spec().volumeClaimTemplates().get(0);
        Json.Obj container = set.spec().template().objectOrEmpty("spec").array("containers").get(0).asObject().orElseThrow()
                .with("volumeMounts", Json.array(Json.object("name", "gone", "mountPath", "/gone")))
                .with("ports", Json.array(Json.object("containerPort", 70000, "protocol", "HTTP")))
                .with("env", Json.array(Json.object("name", "A=B")))
                .with("resources", Json.object("limits", Json.object("cpu", "1"), "requests", Json.object("cpu", "2")));
        set = set.withSpec(set.spec().withServiceName("web.svc").withVolumeClaimTemplates(List.of(
                new PersistentVolumeClaim(www.metadata(), www.spec().without("accessModes"), "")))
                .withTemplate(set.spec().template().update("spec", s -> s.with("containers", Json.array(container))
                        .with("volumes", Json.array(Json.object("name", "Bad_Name", "emptyDir", Json.object()))))));
        assertThat(StatefulSetValidator.validate(set)).as("a create refuses it").extracting(Violation::field)
                .contains("spec.template.spec.volumes[1].name", "spec.template.spec.containers[0].volumeMounts[0].name",
                        "spec.template.spec.containers[0].ports[0].containerPort", "spec.template.spec.containers[0].env[0].name",
                        "spec.template.spec.containers[0].resources.requests");

        Plan plan = StatefulSetPlanner.plan(Observed.snapshot(set).at(NOW).build());

        assertThat(plan.isValid()).isTrue();
        assertThat(Plans.creates(plan)).containsExactly("web-0");
    }
}
