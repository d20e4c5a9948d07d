package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.events.RecordedEvent;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.kubelet.PodBehaviour;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** What the controller's pods and claims look like (upstream {@code newStatefulSetPod}, {@code getPersistentVolumeClaims}). */
@ExtendWith(InMemoryClusterExtension.class)
class PodAndClaimShapeScenarioTest {

    /** Template volume {@code www} clashes with the claim template of the same name; {@code config} does not. */
    static final String SHAPED = """
            apiVersion: apps/v1
            kind: StatefulSet
            metadata:
              name: web
            spec:
              selector:
                matchLabels:
                  app: nginx
              serviceName: nginx
              replicas: 2
              podManagementPolicy: Parallel
              template:
                metadata:
                  labels:
                    app: nginx
                    tier: frontend
                  annotations:
                    team: storage
                spec:
                  containers:
                  - name: nginx
                    image: nginx:1.25
                    volumeMounts:
                    - name: www
                      mountPath: /usr/share/nginx/html
                    - name: config
                      mountPath: /etc/nginx/conf.d
                  volumes:
                  - name: www
                    emptyDir: {}
                  - name: config
                    emptyDir: {}
              volumeClaimTemplates:
              - metadata:
                  name: www
                  labels:
                    app: not-nginx
                    disk: ssd
                spec:
                  accessModes: [ReadWriteOnce]
                  resources:
                    requests:
                      storage: 1Gi
            """;

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
        cluster.kubelet().setDefaultBehaviour(PodBehaviour.MANUAL);
    }

    private StatefulSet applyShaped() {
        assertThat(s.cluster().apply(SHAPED).hasProblems()).isFalse();
        return s.set();
    }

    @Test
    void aPodIsNamedAfterItsOrdinalWithHostnameAndSubdomainFromTheSet() {
        applyShaped();
        s.sync();

        Pod pod = s.pod("web-1");

        assertThat(pod.metadata().generateName()).isEqualTo("web-");
        assertThat(pod.spec().string("hostname")).contains("web-1");
        assertThat(pod.spec().string("subdomain")).contains("nginx");
        assertThat(pod.metadata().annotations()).containsEntry("team", "storage");
    }

    @Test
    void aPodCarriesTheTemplateLabelsPlusPodNamePodIndexAndTheRevisionName() {
        applyShaped();
        s.sync();
        String updateRevision = s.status().updateRevision();

        Pod pod = s.pod("web-1");

        assertThat(pod.metadata().labels()).containsExactlyInAnyOrderEntriesOf(Map.of(
                "app", "nginx",
                "tier", "frontend",
                "statefulset.kubernetes.io/pod-name", "web-1",
                "apps.kubernetes.io/pod-index", "1",
                "controller-revision-hash", updateRevision));
        ControllerRevision revision = s.revision(updateRevision);
        assertThat(updateRevision).isEqualTo("web-" + revision.metadata().labels().get("controller.kubernetes.io/hash"));
    }

    @Test
    void aPodIsControlledByItsSet() {
        StatefulSet set = applyShaped();
        s.sync();

        assertThat(s.pod("web-0").metadata().ownerReferences()).containsExactly(
                new OwnerReference("apps/v1", "StatefulSet", "web", set.metadata().uid(), true, true));
    }

    @Test
    void aClaimVolumeReplacesTheTemplateVolumeOfTheSameNameAndOtherVolumesStay() {
        applyShaped();
        s.sync();

        List<Json> volumes = s.pod("web-1").spec().array("volumes");

        assertThat(volumes).extracting(v -> v.asObject().orElseThrow().string("name").orElseThrow()).containsExactly("www", "config");
        Json.Obj www = volumes.get(0).asObject().orElseThrow();
        assertThat(www.has("emptyDir")).isFalse();
        assertThat(www.objectOrEmpty("persistentVolumeClaim").string("claimName")).contains("www-web-1");
        assertThat(volumes.get(1).asObject().orElseThrow().has("emptyDir")).isTrue();
    }

    @Test
    void aClaimIsNamedTemplateSetOrdinalAndLabelledWithTheTemplateLabelsOverlaidByTheSelector() {
        applyShaped();
        s.sync();

        PersistentVolumeClaim claim = s.claim("www-web-1");

        assertThat(claim.metadata().labels()).containsExactlyInAnyOrderEntriesOf(Map.of("app", "nginx", "disk", "ssd"));
        assertThat(claim.spec().array("accessModes")).extracting(j -> j.asString().orElseThrow()).containsExactly("ReadWriteOnce");
        assertThat(claim.spec().objectOrEmpty("resources").objectOrEmpty("requests").string("storage")).contains("1Gi");
    }

    @Test
    void underRetainRetainClaimsHaveNoOwnerReferences() {
        s.cluster().kubelet().setDefaultBehaviour(PodBehaviour.NORMAL);
        s.apply(SetManifest.web().replicas(2).retention("Retain", "Retain"));
        s.settle();

        assertThat(s.claimNames()).containsExactly("www-web-0", "www-web-1");
        assertThat(s.claim("www-web-0").metadata().ownerReferences()).isEmpty();
        assertThat(s.claim("www-web-1").metadata().ownerReferences()).isEmpty();
    }

    @Test
    void underWhenDeletedDeleteTheClaimIsCreatedAlreadyOwnedByTheSet() {
        StatefulSet set = s.apply(SetManifest.web().replicas(1).retention("Delete", "Retain"));
        long mark = s.mark();

        s.sync();

        assertThat(s.claim("www-web-0").metadata().ownerReferences()).containsExactly(
                new OwnerReference("apps/v1", "StatefulSet", "web", set.metadata().uid(), true, true));
        assertThat(s.controllerWrites(mark).kind(Kind.CLAIMS).records())
                .as("one write per claim: created with its owner reference")
                .extracting(r -> r.verb()).containsExactly(Verb.CREATE);
    }

    @Test
    void underWhenScaledDeleteOnlyAClaimOfAnInRangePodHasNoOwner() {
        s.apply(SetManifest.web().replicas(1).retention("Retain", "Delete"));

        s.sync();

        assertThat(s.claim("www-web-0").metadata().ownerReferences()).isEmpty();
    }

    @Test
    void creatingAPodRecordsTheClaimEventThenThePodEventOnTheSet() {
        s.apply(SetManifest.web().replicas(1));

        s.sync();

        assertThat(s.events()).extracting(RecordedEvent::type, RecordedEvent::reason, RecordedEvent::message, RecordedEvent::source)
                .containsExactly(
                        tuple("Normal", "SuccessfulCreate", "Create Claim www-web-0 Pod web-0 in StatefulSet web success", "statefulset-controller"),
                        tuple("Normal", "SuccessfulCreate", "Create Pod web-0 in StatefulSet web successful", "statefulset-controller"));
    }
}
