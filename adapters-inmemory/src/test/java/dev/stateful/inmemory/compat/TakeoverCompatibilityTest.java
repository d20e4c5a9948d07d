package dev.stateful.inmemory.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.json.Json;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.ports.reconcile.SyncResult;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Objects written by kube-controller-manager (1.33 and 1.34) handed to our controller: a sync
 * makes no write at all — no new revision, no pod restarted, no status rewritten.
 */
class TakeoverCompatibilityTest {

    InMemoryCluster cluster;
    ControllerDriver driver;
    FixtureLoader load;

    @BeforeEach
    void cluster() {
        cluster = InMemoryCluster.create();
        cluster.kubelet().pause();
        driver = new ControllerDriver(cluster);
        load = new FixtureLoader(cluster);
    }

    private int controllerWritesOfOneSync() {
        long mark = cluster.audit().mark();
        SyncResult result = driver.sync("default", "test");
        assertThat(result.error()).isEmpty();
        return cluster.audit().since(mark).by(Actor.CONTROLLER).count();
    }

    private void loadAll(String dir) {
        load.statefulSet(FixtureLoader.json(dir + "/statefulset.json"));
        load.revision(FixtureLoader.json(dir + "/controllerrevision.json"));
        load.claim(FixtureLoader.json(dir + "/pvc.json"));
        load.pod(FixtureLoader.json(dir + "/pod.json"));
    }

    @Test
    void objectsWrittenByKubeControllerManager133AreTakenOverWithoutAnyWrite() {
        loadAll("/compat/kube-1.33");
        assertThat(controllerWritesOfOneSync()).isZero();
        assertThat(cluster.stores().revisions().list("default")).hasSize(1);
    }

    @Test
    void objectsWrittenByKubeControllerManager134AreTakenOverWithoutAnyWrite() {
        loadAll("/compat/kube-1.34");
        assertThat(controllerWritesOfOneSync()).isZero();
        assertThat(cluster.stores().revisions().list("default")).hasSize(1);
    }

    /**
     * Upstream #134773: after an upgrade the API server serialises the template without
     * {@code creationTimestamp: null}, but the stored revision still has it. The revision is
     * reused (semantic comparison), so no pod is restarted.
     */
    @Test
    void a133RevisionIsReusedWhenTheSetIsReadWith134Serialisation() {
        Json.Obj set134 = FixtureLoader.json("/compat/kube-1.34/statefulset.json");
        Json.Obj status133 = FixtureLoader.json("/compat/kube-1.33/statefulset.json").objectOrEmpty("status");
        load.statefulSet(set134.with("status", status133));
        load.revision(FixtureLoader.json("/compat/kube-1.33/controllerrevision.json"));
        load.claim(FixtureLoader.json("/compat/kube-1.33/pvc.json"));
        load.pod(FixtureLoader.json("/compat/kube-1.33/pod.json"));
        assertThat(controllerWritesOfOneSync()).isZero();
        assertThat(cluster.stores().revisions().list("default")).extracting(r -> r.name()).containsExactly("test-c77f6d978");
    }
}
