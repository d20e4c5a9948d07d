package dev.stateful.domain.sync;

import static dev.stateful.domain.sync.Plans.ops;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.Fixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What the planner asks to create (upstream {@code newStatefulSetPod}, {@code getPersistentVolumeClaims}, KEP-1847 owner references). */
class PodAndClaimShapeTest {

    private static final OwnerReference SET_REF = new OwnerReference("apps/v1", "StatefulSet", "web", "web-uid", true, true);

    private static StatefulSet setWithTemplateVolumes() {
        StatefulSet set = Fixtures.statefulSet("web", 1);
        Json.Obj template = set.spec().template()
                .update("metadata", m -> m.with("annotations", Json.object("team", "storage")))
                .update("spec", s -> s.with("volumes", Json.array(
                        Json.object("name", "www", "emptyDir", Json.object()),
                        Json.object("name", "config", "configMap", Json.object("name", "web-config")))));
        PersistentVolumeClaim claimTemplate = Fixtures.claimTemplate("www");
        claimTemplate = claimTemplate.withMetadata(claimTemplate.metadata().withLabels(Map.of("tier", "db", "app", "other")));
        return set.withSpec(set.spec().withTemplate(template).withVolumeClaimTemplates(List.of(claimTemplate)));
    }

    @Test
    void aCreatedPodCarriesItsIdentityRevisionOwnerAndClaimVolumes() {
        Plan plan = StatefulSetPlanner.plan(Observed.snapshot(setWithTemplateVolumes()).build());
        Pod pod = ops(plan, Operation.CreatePod.class).get(0).pod();

        assertThat(pod.name()).isEqualTo("web-0");
        assertThat(pod.metadata().generateName()).isEqualTo("web-");
        assertThat(pod.namespace()).isEqualTo("default");
        assertThat(pod.spec().string("hostname")).contains("web-0");
        assertThat(pod.spec().string("subdomain")).as("the governing service").contains("nginx");
        assertThat(pod.metadata().labels()).containsExactlyInAnyOrderEntriesOf(Map.of(
                "app", "nginx",
                PodIdentity.POD_NAME_LABEL, "web-0",
                PodIdentity.POD_INDEX_LABEL, "0",
                PodIdentity.REVISION_LABEL, plan.revisions().update().name()));
        assertThat(plan.revisions().update().name()).startsWith("web-");
        assertThat(pod.metadata().annotations()).containsEntry("team", "storage");
        assertThat(pod.metadata().ownerReferences()).containsExactly(SET_REF);
        assertThat(pod.spec().array("volumes")).as("the claim volume replaces the same-named template volume")
                .containsExactly(
                        Json.object("name", "www", "persistentVolumeClaim", Json.object("claimName", "www-web-0")),
                        Json.object("name", "config", "configMap", Json.object("name", "web-config")));
        assertThat(Observed.image(pod)).isEqualTo("nginx:1.25");
        assertThat(pod.isCreated()).as("not observed yet: no phase").isFalse();
    }

    @Test
    void withoutAServiceNameThePodHasNoSubdomain() {
        StatefulSet set = Fixtures.statefulSet("web", 1);
        set = set.withSpec(set.spec().withServiceName(""));

        Pod pod = ops(StatefulSetPlanner.plan(Observed.snapshot(set).build()), Operation.CreatePod.class).get(0).pod();

        assertThat(pod.spec().has("subdomain")).isFalse();
        assertThat(pod.spec().string("hostname")).contains("web-0");
    }

    @Test
    void aCreatedClaimIsNamedAfterTemplateSetAndOrdinalAndLabelledWithTheSelectorOverTheTemplateLabels() {
        Plan plan = StatefulSetPlanner.plan(Observed.snapshot(setWithTemplateVolumes()).build());
        PersistentVolumeClaim claim = ops(plan, Operation.CreatePod.class).get(0).createClaims().get(0);

        assertThat(claim.name()).isEqualTo("www-web-0");
        assertThat(claim.metadata().namespace()).isEqualTo("default");
        assertThat(claim.metadata().labels()).containsExactlyInAnyOrderEntriesOf(Map.of("tier", "db", "app", "nginx"));
        assertThat(claim.spec()).isEqualTo(Fixtures.claimTemplate("www").spec());
        assertThat(claim.metadata().ownerReferences()).as("Retain/Retain: no owners").isEmpty();
    }

    /** Project decision: claims are created already carrying the owner references of the retention policy. */
    @ParameterizedTest(name = "whenDeleted={0}, whenScaled={1}")
    @CsvSource({"Retain, Retain, false", "Delete, Retain, true", "Retain, Delete, false", "Delete, Delete, true"})
    void aClaimCreatedForAnInRangePodAlreadyCarriesTheRetentionPolicyOwners(String whenDeleted, String whenScaled, boolean setOwns) {
        StatefulSet set = Fixtures.statefulSet("web", 2);
        set = set.withSpec(set.spec().withRetentionPolicy(new RetentionPolicy(whenDeleted, whenScaled)));

        Plan plan = StatefulSetPlanner.plan(Observed.snapshot(set).build());
        PersistentVolumeClaim claim = ops(plan, Operation.CreatePod.class).get(0).createClaims().get(0);

        assertThat(claim.metadata().ownerReferences()).isEqualTo(setOwns ? List.of(SET_REF) : List.of());
    }

    @Test
    void everyClaimTemplateGetsItsOwnClaimInTemplateOrder() {
        StatefulSet set = Fixtures.statefulSet("web", 1);
        set = set.withSpec(set.spec().withVolumeClaimTemplates(List.of(Fixtures.claimTemplate("data"), Fixtures.claimTemplate("logs"))));

        Operation.CreatePod create = ops(StatefulSetPlanner.plan(Observed.snapshot(set).build()), Operation.CreatePod.class).get(0);

        assertThat(create.createClaims()).extracting(PersistentVolumeClaim::name).containsExactly("data-web-0", "logs-web-0");
        assertThat(create.pod().spec().array("volumes")).containsExactly(
                Json.object("name", "data", "persistentVolumeClaim", Json.object("claimName", "data-web-0")),
                Json.object("name", "logs", "persistentVolumeClaim", Json.object("claimName", "logs-web-0")));
    }
}
