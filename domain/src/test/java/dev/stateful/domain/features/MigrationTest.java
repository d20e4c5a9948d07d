package dev.stateful.domain.features;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.Fixtures;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The steps of {@code stateful migrate}, from what exists: so a re-run continues an interrupted migration. */
class MigrationTest {

    static final StatefulSet APPS = Fixtures.statefulSet("web", 2).withMetadata(Fixtures.statefulSet("web", 2).metadata().withUid("apps-uid")
            .withAnnotations(Map.of("team", "db", "kubectl.kubernetes.io/last-applied-configuration", "{}")));
    static final StatefulSet OURS = Migration.ourKind(APPS).withMetadata(Migration.ourKind(APPS).metadata().withUid("our-uid"));

    static Pod pod(String name, String ownerUid) {
        ObjectMeta meta = ObjectMeta.named(APPS.namespace(), name).withLabels(APPS.spec().selector().matchLabels())
                .withOwnerReferences(ownerUid == null ? List.of()
                        : List.of(new OwnerReference("apps/v1", "StatefulSet", "web", ownerUid, true, true)));
        return new Pod(meta, dev.stateful.domain.json.Json.EMPTY_OBJECT, null);
    }

    @Test
    void aRunningAppsV1SetIsCreatedAsOurKindThenDeletedOrphaningThenAdopted() {
        List<Migration.Step> steps = Migration.plan(APPS.namespace(), "web", Optional.of(APPS), Optional.empty(),
                List.of(pod("web-0", "apps-uid"), pod("web-1", "apps-uid"), pod("other-0", null)), List.of());

        assertThat(steps).hasSize(3);
        assertThat(steps.get(0)).isInstanceOfSatisfying(Migration.CreateOurs.class, c -> {
            assertThat(c.set().kind()).isEqualTo(SetKind.STATEFUL_DEV);
            assertThat(c.set().spec()).isEqualTo(APPS.spec());
            assertThat(c.set().metadata().annotations()).containsOnlyKeys("team");
            assertThat(c.set().metadata().uid()).isNull();
        });
        assertThat(steps.get(1)).isEqualTo(new Migration.DeleteAppsOrphaning(APPS.namespace(), "web", "apps-uid"));
        assertThat(steps.get(2)).isEqualTo(new Migration.AwaitAdoption(List.of("web-0", "web-1"), List.of()));
    }

    @Test
    void interruptedAfterCreatingOursTheRerunDeletesTheAppsV1SetAndWaits() {
        List<Migration.Step> steps = Migration.plan(APPS.namespace(), "web", Optional.of(APPS), Optional.of(OURS),
                List.of(pod("web-0", "apps-uid")), List.of());

        assertThat(steps).extracting(s -> s.getClass().getSimpleName()).containsExactly("DeleteAppsOrphaning", "AwaitAdoption");
    }

    @Test
    void interruptedAfterTheDeletionTheRerunWaitsOnlyForThePodsNotAdoptedYet() {
        List<Migration.Step> steps = Migration.plan(APPS.namespace(), "web", Optional.empty(), Optional.of(OURS),
                List.of(pod("web-0", "our-uid"), pod("web-1", null)), List.of());

        assertThat(steps).containsExactly(new Migration.AwaitAdoption(List.of("web-1"), List.of()));
    }

    @Test
    void aCompleteMigrationHasNoStepsLeft() {
        assertThat(Migration.plan(APPS.namespace(), "web", Optional.empty(), Optional.of(OURS),
                List.of(pod("web-0", "our-uid"), pod("web-1", "our-uid")), List.of())).isEmpty();
    }

    @Test
    void bothKindsWithDifferentSpecsOrNeitherAreRefused() {
        StatefulSet different = OURS.withSpec(OURS.spec().withReplicas(5));

        assertThatThrownBy(() -> Migration.plan(APPS.namespace(), "web", Optional.of(APPS), Optional.of(different), List.of(), List.of()))
                .isInstanceOf(Migration.Refused.class).hasMessageContaining("with different specs");
        assertThatThrownBy(() -> Migration.plan(APPS.namespace(), "web", Optional.empty(), Optional.empty(), List.of(), List.of()))
                .isInstanceOf(Migration.Refused.class).hasMessageContaining("not found");
    }
}
