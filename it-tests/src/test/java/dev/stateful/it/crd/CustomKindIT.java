package dev.stateful.it.crd;

import static dev.stateful.it.crd.CustomSets.number;
import static dev.stateful.it.crd.CustomSets.path;
import static dev.stateful.it.crd.CustomSets.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.app.wiring.Injectors;
import dev.stateful.domain.features.Migration;
import dev.stateful.fabric8.migrate.Migrator;
import dev.stateful.fabric8.preflight.BuiltInControllerCheck;
import dev.stateful.it.support.Pods;
import dev.stateful.it.support.RealCluster;
import dev.stateful.it.support.TestCluster;
import dev.stateful.it.support.WebSet;
import dev.stateful.it.support.Workload;
import dev.stateful.testsupport.Eventually;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apps.ControllerRevision;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Our own StatefulSet kind end to end, on a control plane whose kube-controller-manager runs its own
 * StatefulSet controller (as every managed cluster does): the CRD from deploy/crd/ installs, the API
 * server itself rejects invalid sets with messages naming the field, our controller in
 * {@code --kinds crd} mode (as deploy/crd/'s role alone allows) gives a set of our kind exactly the
 * pods, claims and revisions the built-in controller gives the same manifest under apps/v1, the
 * scale subresource scales it, and {@code --kinds apps} refuses to start beside the built-in one.
 */
class CustomKindIT extends OurKindFixture {

    static final Path CRD_DIR = CustomKindInstall.CRD_DIR;
    static final String CRD_CONTROLLER = CustomKindInstall.CRD_CONTROLLER;

    // ---------------------------------------------------------------- the kind

    @Test
    void theCrdServesTheKindWithItsShortNameSubresourcesAndColumns() {
        CustomResourceDefinition crd = cluster.client().apiextensions().v1().customResourceDefinitions()
                .withName("statefulsets.apps.stateful.dev").get();

        assertThat(crd.getSpec().getNames().getShortNames()).containsExactly("ssts").doesNotContain("sts");
        var version = crd.getSpec().getVersions().get(0);
        assertThat(version.getSubresources().getStatus()).isNotNull();
        assertThat(version.getSubresources().getScale().getLabelSelectorPath()).isEqualTo(".status.labelSelector");
        assertThat(version.getAdditionalPrinterColumns()).extracting(c -> c.getName())
                .containsSubsequence("Ready", "Replicas", "Updated", "Available", "Age");
    }

    @Test
    void theApiServerRejectsWhatAppsV1RejectsWithMessagesNamingTheField() {
        assertRejected(spec -> spec.put("replicas", -1), "spec.replicas", "greater than or equal to 0");
        assertRejected(spec -> path(spec, "template", "metadata").put("labels", Map.of("app", "other")),
                "spec.template.metadata.labels: `selector` does not match template `labels`");
        assertRejected(spec -> spec.put("selector", Map.of()), "spec.selector: empty selector is invalid for StatefulSet");
        assertRejected(spec -> path(spec, "updateStrategy", "rollingUpdate").put("maxUnavailable", 0),
                "spec.updateStrategy.rollingUpdate.maxUnavailable must be at least 1");
        // what the controller cannot decode (here an int32 beyond 32 bits) the schema refuses, so no set of our kind that
        // the controller reports as undecodable (a FailedValidation event) can be stored here: only one an earlier,
        // looser schema admitted can exist; app's UndecodableSetTest stores one on fabric8's mock, which validates nothing
        assertRejected(spec -> path(spec, "updateStrategy", "rollingUpdate").put("maxUnavailable", 3_000_000_000L),
                "spec.updateStrategy.rollingUpdate.maxUnavailable must be at most 2147483647");
        assertRejected(spec -> path(spec, "template", "spec").put("restartPolicy", "Never"),
                "spec.template.spec.restartPolicy: Unsupported value");
        assertRejected(spec -> spec.put("podManagementPolicy", "Sometimes"), "spec.podManagementPolicy", "Unsupported value: \"Sometimes\"");
        assertRejected(spec -> spec.put("progressDeadlineSeconds", 0), "spec.progressDeadlineSeconds", "greater than or equal to 1");
        assertRejected(spec -> {
            spec.put("minReadySeconds", 30);
            spec.put("progressDeadlineSeconds", 30);
        }, "spec.progressDeadlineSeconds: Invalid value: must be greater than minReadySeconds");
        assertThatThrownBy(() -> sets.create(CustomSets.of(WebSet.in(namespace).named("a".repeat(53)))))
                .isInstanceOf(KubernetesClientException.class).hasMessageContaining("metadata.name: must be no more than 52 characters");
    }

    @Test
    void theSelectorIsImmutableButPodManagementPolicyAndServiceNameChangeWithoutRecreatingAPod() {
        sets.create(CustomSets.of(WebSet.in(namespace).replicas(1)));
        awaitRolledOut("web", 1);
        Workload web = new Workload(cluster.client(), namespace, "web", TIMEOUT);
        String firstUid = web.pod("web-0").getMetadata().getUid();

        assertThatThrownBy(() -> sets.edit("web", spec -> path(spec, "selector", "matchLabels").put("tier", "x")))
                .isInstanceOf(KubernetesClientException.class).hasMessageContaining("spec.selector: field is immutable");
        sets.edit("web", spec -> {
            spec.put("podManagementPolicy", "Parallel");
            spec.put("serviceName", "web-renamed");
        });
        awaitRolledOut("web", 1);
        sets.edit("web", spec -> spec.put("replicas", 3));
        awaitRolledOut("web", 3);

        assertThat(web.pod("web-0").getMetadata().getUid()).as("web-0 never recreated").isEqualTo(firstUid);
        assertThat(web.pod("web-0").getSpec().getSubdomain()).isEqualTo("web");
        assertThat(web.pods().subList(1, 3)).extracting(p -> p.getSpec().getSubdomain()).containsOnly("web-renamed");
    }

    @Test
    void pausedHoldsTheRollingUpdateWhileScalingGoesOnAndResumingFinishesIt() {
        sets.create(CustomSets.of(WebSet.in(namespace).replicas(2)));
        String old = (String) status(awaitRolledOut("web", 2)).get("currentRevision");
        Workload web = new Workload(cluster.client(), namespace, "web", TIMEOUT);

        sets.edit("web", spec -> {
            path(spec, "updateStrategy", "rollingUpdate").put("paused", true);
            image(spec, WebSet.V2);
        });
        GenericKubernetesResource seen = Eventually.await("the new revision seen", TIMEOUT, () -> sets.get("web"), set ->
                number(status(set), "observedGeneration") == set.getMetadata().getGeneration()
                        && !old.equals(status(set).get("updateRevision")));
        String update = (String) status(seen).get("updateRevision");
        sets.edit("web", spec -> spec.put("replicas", 3));
        web.await("web-2 created and ready", () -> web.podNames().contains("web-2") && Pods.isReady(web.pod("web-2")));

        assertThat(Pods.revision(web.pod("web-2"))).isEqualTo(update);
        assertThat(web.pods().subList(0, 2)).extracting(Pods::revision).containsOnly(old);
        assertThat(cluster.writes(w -> w.namespace().equals(namespace) && w.resource().equals("pods") && w.method().equals("DELETE")))
                .as("no pod deleted while paused").isEmpty();

        sets.edit("web", spec -> path(spec, "updateStrategy", "rollingUpdate").put("paused", false));
        awaitRolledOut("web", 3);
        assertThat(web.pods()).extracting(Pods::revision).containsOnly(update);
    }

    // ---------------------------------------------------------------- the controller

    @Test
    void aSetOfOurKindGetsThePodsClaimsAndRevisionsTheBuiltInControllerGivesTheSameManifest() {
        String builtInNamespace = cluster.newNamespace();
        Workload builtIn = new Workload(cluster.client(), builtInNamespace, "web", TIMEOUT);
        WebSet manifest = WebSet.in(namespace).replicas(3);
        builtIn.create(WebSet.in(builtInNamespace).replicas(3));
        GenericKubernetesResource ours = sets.create(CustomSets.of(manifest));

        builtIn.awaitRolledOut(3);
        awaitRolledOut("web", 3);

        Workload oursSeen = new Workload(cluster.client(), namespace, "web", TIMEOUT);
        assertThat(shapes(oursSeen.pods())).isEqualTo(shapes(builtIn.pods()));
        assertThat(oursSeen.claims().stream().map(CustomKindIT::shape).toList())
                .isEqualTo(builtIn.claims().stream().map(CustomKindIT::shape).toList());
        assertThat(oursSeen.revisions()).extracting(r -> r.getMetadata().getName() + " " + r.getRevision() + " " + Serialization.asJson(r.getData()))
                .isEqualTo(builtIn.revisions().stream().map(r -> r.getMetadata().getName() + " " + r.getRevision() + " "
                        + Serialization.asJson(r.getData())).toList());
        assertThat(status(sets.get("web"))).containsEntry("currentRevision", builtIn.status().getCurrentRevision());
        for (HasMetadata owned : concat(oursSeen.pods(), oursSeen.revisions())) {
            OwnerReference owner = owned.getMetadata().getOwnerReferences().get(0);
            assertThat(owner.getApiVersion() + " " + owner.getKind() + " " + owner.getUid() + " " + owner.getController())
                    .as(owned.getMetadata().getName()).isEqualTo("apps.stateful.dev/v1alpha1 StatefulSet " + ours.getMetadata().getUid() + " true");
        }
        assertThat(cluster.writes(w -> w.namespace().equals(namespace) && w.resource().equals("pods") && w.method().equals("POST")))
                .as("only our controller created pods of our kind").allMatch(w -> w.user().equals(CRD_CONTROLLER));
    }

    @Test
    void theScaleSubresourceScalesTheSetAndReportsItsSelector() {
        sets.create(CustomSets.of(WebSet.in(namespace).replicas(1)));
        awaitRolledOut("web", 1);
        String scaleUri = cluster.plane().url() + "/apis/apps.stateful.dev/v1alpha1/namespaces/" + namespace + "/statefulsets/web/scale";

        @SuppressWarnings("unchecked")
        Map<String, Object> scale = Serialization.unmarshal(cluster.client().raw(scaleUri), Map.class);
        path(scale, "spec").put("replicas", 3);
        cluster.client().raw(scaleUri, "PUT", scale);

        awaitRolledOut("web", 3);
        @SuppressWarnings("unchecked")
        Map<String, Object> scaled = Serialization.unmarshal(cluster.client().raw(scaleUri), Map.class);
        assertThat(path(scaled, "status")).containsEntry("replicas", 3).containsEntry("selector", "app=web");
    }

    @Test
    void appsModeRefusesToStartWhereTheBuiltInControllerIsOn() {
        assertThatThrownBy(() -> Injectors.startController(TestCluster.controllerSettings(cluster.kubeconfig(RealCluster.CONTROLLER),
                "--kinds=apps", "--lease-namespace=" + RealCluster.NAMESPACE)))
                .isInstanceOf(BuiltInControllerCheck.BuiltInControllerOnException.class)
                .hasMessageContaining("kube-controller-manager's StatefulSet controller is on")
                .hasMessageContaining("--kinds crd");
        Eventually.await("the check's set deleted", TIMEOUT, () -> cluster.client().apps().statefulSets().inNamespace(RealCluster.NAMESPACE)
                .withLabel(BuiltInControllerCheck.LABEL).list().getItems().isEmpty());
    }

    @Test
    void aBrokenRolloutUnderOrderedReadyIsRecoveredByTheNextRevision() {
        sets.create(CustomSets.of(WebSet.in(namespace).replicas(3)));
        awaitRolledOut("web", 3);
        Workload web = new Workload(cluster.client(), namespace, "web", TIMEOUT);

        sets.edit("web", spec -> image(spec, WebSet.BROKEN));
        web.await("web-2 recreated on the image that cannot be pulled", () -> web.podNames().contains("web-2")
                && WebSet.BROKEN.equals(web.pod("web-2").getSpec().getContainers().get(0).getImage()));
        sets.edit("web", spec -> image(spec, WebSet.V2));

        awaitRolledOut("web", 3);
        assertThat(web.pods()).extracting(p -> p.getSpec().getContainers().get(0).getImage()).containsOnly(WebSet.V2);
    }

    @Test
    void aRolloutOnAnImageThatNeverGetsReadyEndsInProgressDeadlineExceeded() {
        GenericKubernetesResource manifest = CustomSets.of(WebSet.in(namespace).replicas(2));
        @SuppressWarnings("unchecked")
        Map<String, Object> manifestSpec = (Map<String, Object>) manifest.getAdditionalProperties().get("spec");
        manifestSpec.put("progressDeadlineSeconds", 10);
        sets.create(manifest);
        awaitRolledOut("web", 2);
        Eventually.await("Progressing NewRevisionAvailable", TIMEOUT, () -> sets.get("web"),
                set -> "NewRevisionAvailable".equals(condition(set, "Progressing").get("reason")));

        sets.edit("web", spec -> image(spec, WebSet.BROKEN));

        GenericKubernetesResource stuck = Eventually.await("Progressing False with ProgressDeadlineExceeded", TIMEOUT,
                () -> sets.get("web"), set -> "ProgressDeadlineExceeded".equals(condition(set, "Progressing").get("reason")));
        Map<String, Object> progressing = condition(stuck, "Progressing");
        assertThat(progressing).containsEntry("status", "False");
        assertThat((String) progressing.get("message")).contains("has timed out progressing");
        assertThat(progressing).containsKey("lastUpdateTime");
        assertThat(condition(stuck, "Available")).as("1 of 2 available, maxUnavailable 1")
                .containsEntry("status", "True").containsEntry("reason", "MinimumReplicasAvailable");
    }

    @Test
    void theApiServerDefaultsProgressDeadlineSecondsAsForADeployment() {
        GenericKubernetesResource created = sets.create(CustomSets.of(WebSet.in(namespace).replicas(0)));

        @SuppressWarnings("unchecked")
        Map<String, Object> spec = (Map<String, Object>) created.getAdditionalProperties().get("spec");
        assertThat(spec).containsEntry("progressDeadlineSeconds", 600);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> condition(GenericKubernetesResource set, String type) {
        Object conditions = status(set).get("conditions");
        if (!(conditions instanceof List<?> list)) {
            return Map.of();
        }
        return list.stream().map(c -> (Map<String, Object>) c).filter(c -> type.equals(c.get("type"))).findFirst().orElse(Map.of());
    }

    // ---------------------------------------------------------------- reserveOrdinals

    @Test
    void reservingTheOrdinalOfARunningPodRemovesThatPodAndCreatesAHigherOneLeavingTheOthersAlone() {
        sets.create(CustomSets.of(WebSet.in(namespace).replicas(3)));
        awaitRolledOut("web", 3);
        Workload web = new Workload(cluster.client(), namespace, "web", TIMEOUT);
        Map<String, String> before = uids(web.pods());

        sets.edit("web", spec -> spec.put("reserveOrdinals", List.of(1)));

        web.await("web-1 gone and web-3 ready", () -> web.podNames().equals(List.of("web-0", "web-2", "web-3"))
                && Pods.isReady(web.pod("web-3")));
        awaitRolledOut("web", 3);
        Map<String, String> after = uids(web.pods());
        assertThat(after).containsEntry("web-0", before.get("web-0")).containsEntry("web-2", before.get("web-2"));
        assertThat(cluster.writes(w -> w.namespace().equals(namespace) && w.resource().equals("pods") && w.method().equals("DELETE")))
                .as("only web-1 deleted").extracting(w -> w.name()).containsOnly("web-1");
        assertThat(web.claims()).extracting(c -> c.getMetadata().getName()).as("whenScaled Retain keeps web-1's claim")
                .contains("www-web-1", "www-web-3");
    }

    @Test
    void theApiServerRejectsReserveOrdinalsThatAreNotOrdinalsOrOrderedRanges() {
        String rule = "spec.reserveOrdinals: each entry must be an ordinal (an integer from 0 to 2147483647) or a range \"a-b\""
                + " of ordinals with a <= b";
        assertRejected(spec -> spec.put("reserveOrdinals", List.of("5-2")), "spec.reserveOrdinals[0]", rule);
        assertRejected(spec -> spec.put("reserveOrdinals", List.of(1, -1)), "spec.reserveOrdinals[1]", rule);
        assertRejected(spec -> spec.put("reserveOrdinals", List.of("3")), rule);
        assertRejected(spec -> spec.put("reserveOrdinals", List.of("1-2147483648")), rule);
        assertRejected(spec -> spec.put("reserveOrdinals", List.of("two")), rule);
        sets.create(CustomSets.of(WebSet.in(namespace).named("ranges").replicas(0)));
        GenericKubernetesResource stored = sets.edit("ranges", spec -> spec.put("reserveOrdinals", List.of(0, "2-5", "7-7")));
        assertThat(path(stored.getAdditionalProperties(), "spec").get("reserveOrdinals")).as("accepted and stored as given")
                .isEqualTo(List.of(0, "2-5", "7-7"));
    }

    // ---------------------------------------------------------------- stateful migrate

    @Test
    void aRunningAppsV1SetIsMigratedWithoutRecreatingAPodOrClaim() throws InterruptedException {
        Workload apps = new Workload(cluster.client(), namespace, "db", TIMEOUT);
        apps.create(WebSet.in(namespace).named("db").replicas(3));
        apps.awaitRolledOut(3);
        Map<String, String> podUids = uids(apps.pods());
        Map<String, String> claimUids = uids(apps.claims());
        List<String> revisions = apps.revisions().stream().map(r -> r.getMetadata().getName()).toList();
        String revision = apps.status().getCurrentRevision();
        Migrator migrator = new Migrator(cluster.client());

        assertThat(migrator.plan(namespace, "db")).extracting(Migration.Step::describe).containsExactly(
                "create statefulset.apps.stateful.dev/db in " + namespace + " with the spec of statefulset.apps/db (3 replicas)",
                "delete statefulset.apps/db in " + namespace + " with propagationPolicy=Orphan: its pods, claims and revisions stay, running",
                "wait for the controller to adopt pods db-0, db-1, db-2 and revisions " + String.join(", ", revisions));
        assertThat(sets.get("db")).as("planning writes nothing").isNull();

        List<String> said = new java.util.ArrayList<>();
        migrator.run(namespace, "db", TIMEOUT, said::add);

        assertThat(said).first().isEqualTo("statefulset.apps.stateful.dev/db created");
        assertThat(said).last().asString().contains("migrated");
        assertThat(cluster.client().apps().statefulSets().inNamespace(namespace).withName("db").get()).isNull();
        GenericKubernetesResource ours = awaitRolledOut("db", 3);
        Workload after = new Workload(cluster.client(), namespace, "db", TIMEOUT);
        assertThat(uids(after.pods())).as("the same pods, never recreated").isEqualTo(podUids);
        assertThat(uids(after.claims())).as("the same claims").isEqualTo(claimUids);
        assertThat(after.revisions()).extracting(r -> r.getMetadata().getName()).isEqualTo(revisions);
        assertThat(status(ours)).containsEntry("currentRevision", revision);
        assertThat(concat(after.pods(), after.revisions())).allSatisfy(o ->
                assertThat(o.getMetadata().getOwnerReferences()).singleElement().satisfies(ref ->
                        assertThat(ref.getUid()).isEqualTo(ours.getMetadata().getUid())));
        assertThat(cluster.writes(w -> w.namespace().equals(namespace) && w.resource().equals("pods") && w.method().equals("DELETE")))
                .as("no pod deleted").isEmpty();
        assertThat(migrator.plan(namespace, "db")).as("run again: nothing left").isEmpty();
    }

    static Map<String, String> uids(List<? extends HasMetadata> objects) {
        return objects.stream().collect(Collectors.toMap(o -> o.getMetadata().getName(), o -> o.getMetadata().getUid(), (a, b) -> a, TreeMap::new));
    }

    // ---------------------------------------------------------------- helpers

    @SuppressWarnings("unchecked")
    static void image(Map<String, Object> spec, String image) {
        ((Map<String, Object>) ((List<Object>) path(spec, "template", "spec").get("containers")).get(0)).put("image", image);
    }

    void assertRejected(Consumer<Map<String, Object>> change, String... messageParts) {
        GenericKubernetesResource set = CustomSets.of(WebSet.in(namespace).named("invalid"));
        @SuppressWarnings("unchecked")
        Map<String, Object> spec = (Map<String, Object>) set.getAdditionalProperties().get("spec");
        change.accept(spec);
        var thrown = assertThatThrownBy(() -> sets.create(set)).isInstanceOf(KubernetesClientException.class);
        for (String part : messageParts) {
            thrown.hasMessageContaining(part);
        }
    }

    GenericKubernetesResource awaitRolledOut(String name, int replicas) {
        return Eventually.await(name + " of our kind rolled out with " + replicas, TIMEOUT, () -> sets.get(name), set -> {
            Map<String, Object> s = status(set);
            return number(s, "observedGeneration") == set.getMetadata().getGeneration() && number(s, "readyReplicas") == replicas
                    && number(s, "updatedReplicas") == replicas && number(s, "replicas") == replicas
                    && s.get("updateRevision") != null && s.get("updateRevision").equals(s.get("currentRevision"));
        });
    }

    /** What must be identical between the two controllers' pods: names, labels, hostname, subdomain, claims mounted. */
    static Map<String, String> shapes(List<Pod> pods) {
        return pods.stream().collect(Collectors.toMap(p -> p.getMetadata().getName(), p -> new TreeMap<>(p.getMetadata().getLabels())
                + " " + p.getSpec().getHostname() + "." + p.getSpec().getSubdomain() + " " + Pods.revision(p)
                + " " + p.getSpec().getVolumes().stream().filter(v -> v.getPersistentVolumeClaim() != null)
                        .map(v -> v.getName() + "=" + v.getPersistentVolumeClaim().getClaimName()).toList(), (a, b) -> a, TreeMap::new));
    }

    static String shape(PersistentVolumeClaim claim) {
        return claim.getMetadata().getName() + " " + new TreeMap<>(claim.getMetadata().getLabels()) + " " + claim.getSpec().getResources();
    }

    static List<HasMetadata> concat(List<Pod> pods, List<ControllerRevision> revisions) {
        List<HasMetadata> out = new java.util.ArrayList<>(pods);
        out.addAll(revisions);
        return out;
    }

}
