package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import dev.stateful.inmemory.kubelet.PodBehaviour;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code kubectl apply} of a manifest that did not change, or that spells out the API defaults,
 * must not start a rollout (the class of upstream #134773); an explicit {@code type: RollingUpdate}
 * without a block keeps upstream's revision choice for recreated pods ({@code newVersionedStatefulSetPod}, kubernetes#70442).
 */
@ExtendWith(InMemoryClusterExtension.class)
class ReapplyScenarioTest {

    private Scenario s;

    @BeforeEach
    void setUp(InMemoryCluster cluster, ControllerDriver driver) {
        s = new Scenario(cluster, driver);
    }

    @Test
    void reapplyingAnUnchangedManifestChangesNothing() {
        SetManifest manifest = SetManifest.web().replicas(3).minReadySeconds(2).retention("Delete", "Delete");
        s.apply(manifest);
        s.settle();
        long mark = s.mark();

        s.apply(manifest);
        s.settle();

        assertThat(s.set().metadata().generation()).isEqualTo(1);
        assertThat(s.controllerWrites(mark).isEmpty()).isTrue();
    }

    @Test
    void spellingOutTheDefaultsInTheTemplateIsNotATemplateChange() {
        s.apply(SetManifest.web().replicas(2));
        s.settle();
        String revision = s.status().updateRevision();
        long mark = s.mark();

        String explicit = SetManifest.web().replicas(2).yaml()
                .replace("        image: nginx:1.25\n", """
                                image: nginx:1.25
                                imagePullPolicy: IfNotPresent
                                terminationMessagePath: /dev/termination-log
                                terminationMessagePolicy: File
                        """)
                .replace("    spec:\n      containers:\n", """
                            spec:
                              restartPolicy: Always
                              dnsPolicy: ClusterFirst
                              schedulerName: default-scheduler
                              terminationGracePeriodSeconds: 30
                              securityContext: {}
                              containers:
                        """);
        assertThat(s.cluster().apply(explicit).hasProblems()).isFalse();
        s.settle();

        assertThat(s.status().updateRevision()).isEqualTo(revision);
        assertThat(s.podsDeleted(mark)).isEmpty();
    }

    @Test
    void anExplicitRollingUpdateWithoutABlockRecreatesADeletedOutdatedPodOnTheCurrentRevisionAndStillConverges() {
        s.apply(SetManifest.web().replicas(3).updateStrategyType("RollingUpdate"));
        s.settle();
        assertThat(s.set().spec().updateStrategy().rollingUpdate()).as("no block was defaulted").isNull();
        String old = s.status().currentRevision();
        s.cluster().kubelet().setDefaultBehaviour(PodBehaviour.MANUAL);
        s.setImage("nginx:1.26");
        s.sync();
        s.cluster().tick();
        s.sync();
        s.ready("web-2");
        s.sync();

        s.deletePod("web-0");
        s.cluster().tick();
        s.sync();
        assertThat(s.revisionOf("web-0")).as("newVersionedStatefulSetPod: ordinal < currentReplicas gets the current revision").isEqualTo(old);

        s.cluster().kubelet().clearBehaviours();
        s.settle();
        assertThat(s.podNames()).allSatisfy(p -> assertThat(s.imageOf(p)).isEqualTo("nginx:1.26"));
        assertThat(s.status().currentRevision()).isEqualTo(s.status().updateRevision());
    }
}
