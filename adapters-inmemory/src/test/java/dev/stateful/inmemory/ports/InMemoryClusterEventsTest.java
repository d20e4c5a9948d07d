package dev.stateful.inmemory.ports;

import static dev.stateful.inmemory.testing.TestObjects.NS;
import static dev.stateful.inmemory.testing.TestObjects.claim;
import static dev.stateful.inmemory.testing.TestObjects.pod;
import static dev.stateful.inmemory.testing.TestObjects.statefulSet;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.store.DeleteOptions;
import dev.stateful.ports.ClusterEvents;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Watch notifications: synchronous, in commit order, old and new state. */
class InMemoryClusterEventsTest {

    private final InMemoryCluster cluster = InMemoryCluster.builder().instantKubelet().build();
    private final List<String> seen = new ArrayList<>();

    /** Records "<kind> <added|updated|deleted> <name>". */
    private class Recorder implements ClusterEvents.Handler {
        @Override
        public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
            seen.add("set " + verb(oldSet, newSet) + " " + (newSet != null ? newSet : oldSet).name());
        }

        @Override
        public void podChanged(Pod oldPod, Pod newPod) {
            seen.add("pod " + verb(oldPod, newPod) + " " + (newPod != null ? newPod : oldPod).name());
        }

        private String verb(Object before, Object after) {
            return before == null ? "added" : after == null ? "deleted" : "updated";
        }
    }

    @Test
    void handlersSeeAddsUpdatesAndDeletesInCommitOrder() throws Exception {
        cluster.clusterEvents().subscribe(new Recorder());

        StatefulSet set = cluster.user().statefulSets().create(statefulSet("web", 1));
        Pod pod = cluster.user().pods().create(pod("web-0"));
        cluster.tick();
        cluster.user().pods().delete(ObjectKey.of(pod.metadata()), DeleteOptions.DEFAULT);
        cluster.tick();
        cluster.user().statefulSets().delete(set.key(), DeleteOptions.DEFAULT);

        assertThat(seen).containsExactly("set added web", "pod added web-0", "pod updated web-0", "pod updated web-0",
                "pod deleted web-0", "set deleted web");
    }

    @Test
    void aDeleteCarriesTheLastKnownState() {
        List<Pod> tombstones = new ArrayList<>();
        cluster.clusterEvents().subscribe(new ClusterEvents.Handler() {
            @Override
            public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
            }

            @Override
            public void podChanged(Pod oldPod, Pod newPod) {
                if (newPod == null) {
                    tombstones.add(oldPod);
                }
            }
        });
        Pod pod = cluster.user().pods().create(pod("web-0"));

        cluster.user().pods().delete(ObjectKey.of(pod.metadata()), DeleteOptions.DEFAULT);
        Pod terminating = cluster.reader().pods(NS).get(0);
        cluster.tick();

        assertThat(tombstones).containsExactly(terminating);
    }

    @Test
    void changesMadeByAHandlerAreDeliveredAfterTheCurrentOne() {
        cluster.clusterEvents().subscribe(new Recorder());
        cluster.clusterEvents().subscribe(new ClusterEvents.Handler() {
            @Override
            public void statefulSetChanged(StatefulSet oldSet, StatefulSet newSet) {
                if (oldSet == null) {
                    cluster.user().pods().create(pod(newSet.name() + "-0"));
                }
            }

            @Override
            public void podChanged(Pod oldPod, Pod newPod) {
            }
        });
        cluster.clusterEvents().subscribe(new Recorder());

        cluster.user().statefulSets().create(statefulSet("web", 1));

        assertThat(seen).containsExactly("set added web", "set added web", "pod added web-0", "pod added web-0");
    }

    @Test
    void anUnsubscribedHandlerHearsNothingMore() throws Exception {
        AutoCloseable subscription = cluster.clusterEvents().subscribe(new Recorder());
        cluster.user().pods().create(pod("web-0"));

        subscription.close();
        cluster.user().pods().create(pod("web-1"));

        assertThat(seen).containsExactly("pod added web-0");
    }

    @Test
    void claimsRevisionsAndNoOpWritesNotifyNobody() {
        cluster.clusterEvents().subscribe(new Recorder());
        Pod pod = cluster.user().pods().create(pod("web-0"));
        seen.clear();

        cluster.user().claims().create(claim("www-web-0"));
        cluster.user().pods().update(pod);

        assertThat(seen).isEmpty();
    }

    @Test
    void aResyncDeliversEveryObjectAsAnUpdateToItself() {
        cluster.user().statefulSets().create(statefulSet("web", 1));
        cluster.user().pods().create(pod("web-0"));
        cluster.clusterEvents().subscribe(new Recorder());

        cluster.clusterEvents().resync();

        assertThat(seen).containsExactly("set updated web", "pod updated web-0");
        assertThat(cluster.clusterEvents().hasSynced()).isTrue();
    }
}
