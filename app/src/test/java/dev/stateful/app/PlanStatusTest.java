package dev.stateful.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.codec.JsonParser;
import dev.stateful.domain.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code stateful plan} prints the status the set shows once the plan's writes are done, as the
 * controller writes it: a pod the rolling update deletes is no longer current
 * ({@code status.CurrentReplicas--} in upstream's {@code updateStatefulSet}), and a rollout whose
 * every replica is updated and available makes the update revision current ({@code completeRollingUpdate}).
 */
class PlanStatusTest {

    private static final String NOW = "2026-01-01T01:00:00Z";

    @Test
    void aCompletedRolloutIsPrintedWithTheUpdateRevisionCurrent() throws IOException {
        String update = updateRevision("nginx:1.26");
        Path set = write("complete-set.yaml", set(1, "nginx:1.26", "currentReplicas: 0\n  updatedReplicas: 1\n  currentRevision: web-old\n  updateRevision: " + update));
        Path state = write("complete-state.yaml", revision("web-old", 1, "nginx:1.25") + "---\n" + pod("web-0", update));

        CommandRun run = CommandRun.run("plan", "-f", set.toString(), "--state", state.toString(), "--now", NOW);

        assertThat(run.exit()).isZero();
        assertThat(run.out()).contains("replicas=1 ready=1 available=1 current=1 updated=1")
                .contains("currentRevision=" + update + " updateRevision=" + update);
    }

    @Test
    void aRollingDeleteIsPrintedAsOneCurrentReplicaFewer() throws IOException {
        String update = updateRevision("nginx:1.26");
        Path set = write("rolling-set.yaml", set(2, "nginx:1.26", "currentReplicas: 2\n  updatedReplicas: 0\n  currentRevision: web-old\n  updateRevision: web-old"));
        Path state = write("rolling-state.yaml", revision("web-old", 1, "nginx:1.25") + "---\n" + pod("web-0", "web-old") + "---\n" + pod("web-1", "web-old"));

        CommandRun run = CommandRun.run("plan", "-f", set.toString(), "--state", state.toString(), "--now", NOW);

        assertThat(run.exit()).isZero();
        assertThat(run.out()).contains("delete Pod web-1 (it is not at the update revision)")
                .contains("replicas=2 ready=2 available=2 current=1 updated=0")
                .contains("currentRevision=web-old updateRevision=" + update);
        CommandRun json = CommandRun.run("plan", "-f", set.toString(), "--state", state.toString(), "--now", NOW, "-o", "json");
        Json.Obj status = JsonParser.parseObject(json.out()).array("items").get(0).asObject().orElseThrow().objectOrEmpty("status");
        assertThat(status.integer("currentReplicas")).contains(1L);
    }

    @Test
    void aManifestWithoutAUidIsPlannedAsTheSetItsObservedPodsBelongTo() throws IOException {
        // the manifest the live set was applied from, against `kubectl get pods,pvc,controllerrevisions -o yaml`
        Path set = write("no-uid-set.yaml", set(2, "nginx:1.25", "currentReplicas: 2\n  currentRevision: web-old\n  updateRevision: web-old")
                .replace("  uid: web-uid\n", ""));
        Path state = write("no-uid-state.yaml", (revision("web-old", 1, "nginx:1.25") + "---\n" + pod("web-0", "web-old") + "---\n"
                + pod("web-1", "web-old")).replace("uid: web-uid", "uid: 4f1c2a9e-live"));

        Path live = write("live-set.yaml", set(2, "nginx:1.25", "currentReplicas: 2\n  currentRevision: web-old\n  updateRevision: web-old")
                .replace("  uid: web-uid\n", "  uid: 4f1c2a9e-live\n"));

        CommandRun run = CommandRun.run("plan", "-f", set.toString(), "--state", state.toString(), "--now", NOW);
        CommandRun ofTheLiveSet = CommandRun.run("plan", "-f", live.toString(), "--state", state.toString(), "--now", NOW);

        assertThat(run.exit()).isZero();
        assertThat(run.out()).contains("replicas=2 ready=2 available=2").doesNotContain("garbage collector", "create Pod")
                .isEqualTo(ofTheLiveSet.out());
    }

    /** The update revision's name, as the plan for a fresh cluster creates it. */
    private static String updateRevision(String image) throws IOException {
        Path fresh = write("fresh-" + image.replace(':', '-') + ".yaml", set(1, image, "currentReplicas: 0"));
        CommandRun run = CommandRun.run("plan", "-f", fresh.toString(), "--now", NOW, "-o", "json");
        assertThat(run.exit()).isZero();
        return JsonParser.parseObject(run.out()).array("items").get(0).asObject().orElseThrow()
                .objectOrEmpty("status").string("updateRevision").orElseThrow();
    }

    private static String set(int replicas, String image, String status) {
        return """
                apiVersion: apps/v1
                kind: StatefulSet
                metadata:
                  name: web
                  namespace: default
                  uid: web-uid
                  generation: 1
                spec:
                  replicas: %d
                  serviceName: nginx
                  selector:
                    matchLabels: {app: nginx}
                  template:
                    metadata:
                      labels: {app: nginx}
                    spec:
                      containers:
                      - name: nginx
                        image: %s
                status:
                  observedGeneration: 1
                  replicas: %d
                  readyReplicas: %d
                  availableReplicas: %d
                  %s
                """.formatted(replicas, image, replicas, replicas, replicas, status);
    }

    private static String revision(String name, int number, String image) {
        return """
                apiVersion: apps/v1
                kind: ControllerRevision
                metadata:
                  name: %s
                  namespace: default
                  labels: {app: nginx}
                  ownerReferences:
                  - {apiVersion: apps/v1, kind: StatefulSet, name: web, uid: web-uid, controller: true, blockOwnerDeletion: true}
                revision: %d
                data:
                  spec:
                    template:
                      $patch: replace
                      metadata:
                        labels: {app: nginx}
                      spec:
                        containers:
                        - name: nginx
                          image: %s
                """.formatted(name, number, image);
    }

    /** A Running pod, Ready since long before {@link #NOW}, at {@code revision}. */
    private static String pod(String name, String revision) {
        return """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: %s
                  namespace: default
                  uid: %s-uid
                  labels: {app: nginx, controller-revision-hash: %s, statefulset.kubernetes.io/pod-name: %s}
                  ownerReferences:
                  - {apiVersion: apps/v1, kind: StatefulSet, name: web, uid: web-uid, controller: true, blockOwnerDeletion: true}
                spec:
                  hostname: %s
                  subdomain: nginx
                  containers:
                  - name: nginx
                    image: nginx
                status:
                  phase: Running
                  conditions:
                  - {type: Ready, status: "True", lastTransitionTime: "2026-01-01T00:00:00Z"}
                """.formatted(name, name, revision, name, name);
    }

    private static Path write(String name, String text) throws IOException {
        Path file = Path.of("target", "plan-status", name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        return file;
    }
}
