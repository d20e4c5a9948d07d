package dev.stateful.inmemory.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.driver.ControllerDriver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A controller upgrade: objects written by an earlier build of ours (golden files in
 * {@code compat/stateful-0.1}) produce zero writes when this build takes over.
 */
class OwnUpgradeCompatibilityTest {

    static final String GOLDEN = "/compat/stateful-0.1";
    static final String MANIFEST = """
            apiVersion: apps/v1
            kind: StatefulSet
            metadata:
              name: web
              annotations:
                team: storage
            spec:
              replicas: 3
              podManagementPolicy: Parallel
              minReadySeconds: 5
              serviceName: nginx
              selector:
                matchLabels: {app: nginx}
              persistentVolumeClaimRetentionPolicy: {whenDeleted: Delete, whenScaled: Delete}
              updateStrategy:
                rollingUpdate: {partition: 1, maxUnavailable: 50%}
              template:
                metadata:
                  labels: {app: nginx}
                  annotations: {note: "<golden> & \\"quoted\\""}
                spec:
                  containers:
                  - name: nginx
                    image: registry.k8s.io/nginx-slim:0.8
                    ports: [{containerPort: 80, name: web}]
                    volumeMounts: [{name: www, mountPath: /usr/share/nginx/html}]
              volumeClaimTemplates:
              - metadata: {name: www, labels: {tier: data}}
                spec:
                  accessModes: [ReadWriteOnce]
                  resources: {requests: {storage: 1Gi}}
            """;

    @Test
    void objectsWrittenByOurEarlierBuildAreTakenOverWithoutAnyWrite() {
        // later than anything in the files, so every Ready pod has been available for minReadySeconds
        InMemoryCluster cluster = InMemoryCluster.builder().startingAt(Instant.parse("2026-06-01T00:00:00Z")).build();
        cluster.kubelet().pause();
        FixtureLoader load = new FixtureLoader(cluster);
        Json.Obj objects = FixtureLoader.json(GOLDEN + "/objects.json");
        objects.array("statefulSets").forEach(o -> load.statefulSet(o.asObject().orElseThrow()));
        objects.array("controllerRevisions").forEach(o -> load.revision(o.asObject().orElseThrow()));
        objects.array("persistentVolumeClaims").forEach(o -> load.claim(o.asObject().orElseThrow()));
        objects.array("pods").forEach(o -> load.pod(o.asObject().orElseThrow()));
        assertThat(cluster.stores().pods().list("default")).hasSize(3);

        long mark = cluster.audit().mark();
        new ControllerDriver(cluster).syncAll();
        assertThat(cluster.audit().since(mark).by(Actor.CONTROLLER).records()).isEmpty();
    }

    /** Regenerates the golden files: {@code -Dstateful.writeGolden=true}, only when the format changes on purpose. */
    @Test
    @EnabledIfSystemProperty(named = "stateful.writeGolden", matches = "true")
    void writeGoldenFixtures() throws IOException {
        InMemoryCluster cluster = InMemoryCluster.builder().seed(7).instantKubelet().build();
        ControllerDriver driver = new ControllerDriver(cluster);
        assertThat(cluster.apply(MANIFEST).hasProblems()).isFalse();
        driver.settle();
        var set = cluster.stores().statefulSets().get(new ObjectKey("default", "web")).orElseThrow();
        var changed = set.withSpec(set.spec().withTemplate(set.spec().template().update("metadata",
                m -> m.update("annotations", a -> a.with("rollout", "2")))));
        cluster.user().statefulSets().update(changed);
        driver.settle();
        List<Object> sets = new ArrayList<>();
        cluster.stores().statefulSets().list("default").forEach(s -> sets.add(ModelCodec.encode(s)));
        List<Object> revisions = new ArrayList<>();
        cluster.stores().revisions().list("default").forEach(r -> revisions.add(ModelCodec.encode(r)));
        List<Object> claims = new ArrayList<>();
        cluster.stores().claims().list("default").forEach(c -> claims.add(ModelCodec.encode(c)));
        List<Object> pods = new ArrayList<>();
        cluster.stores().pods().list("default").forEach(p -> pods.add(ModelCodec.encode(p)));
        Json out = Json.object("statefulSets", sets, "controllerRevisions", revisions, "persistentVolumeClaims", claims, "pods", pods);
        Path file = Path.of("src/test/resources" + GOLDEN + "/objects.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, out.toString() + "\n");
    }
}
