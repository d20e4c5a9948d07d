package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.junit.InMemoryClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(InMemoryClusterExtension.class)
class SmokeScenarioTest {

    static final String WEB = """
            apiVersion: apps/v1
            kind: StatefulSet
            metadata:
              name: web
            spec:
              selector:
                matchLabels:
                  app: nginx
              serviceName: nginx
              replicas: 3
              template:
                metadata:
                  labels:
                    app: nginx
                spec:
                  containers:
                  - name: nginx
                    image: nginx:1.25
              volumeClaimTemplates:
              - metadata:
                  name: www
                spec:
                  accessModes: [ReadWriteOnce]
                  resources:
                    requests:
                      storage: 1Gi
            """;

    @Test
    void aNewSetComesUpWithOnePodAndOneClaimPerOrdinal(InMemoryCluster cluster, ControllerDriver driver) {
        assertThat(cluster.apply(WEB).hasProblems()).isFalse();
        driver.settle();
        assertThat(cluster.stores().pods().list("default")).extracting(Pod::name).containsExactlyInAnyOrder("web-0", "web-1", "web-2");
        assertThat(cluster.stores().claims().list("default")).extracting(c -> c.name()).containsExactlyInAnyOrder("www-web-0", "www-web-1", "www-web-2");
        StatefulSet set = cluster.stores().statefulSets().get(new ObjectKey("default", "web")).orElseThrow();
        assertThat(set.status().readyReplicas()).isEqualTo(3);
        assertThat(set.status().currentRevision()).isEqualTo(set.status().updateRevision()).startsWith("web-");
    }
}
