package dev.stateful.inmemory.faults;

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
import dev.stateful.inmemory.store.Kind;
import dev.stateful.ports.ClusterReader;
import org.junit.jupiter.api.Test;

/** The controller's cache lagging behind the API server by N writes. */
class StaleReadsTest {

    private final InMemoryCluster cluster = InMemoryCluster.create();
    private final ClusterReader reader = cluster.reader();

    @Test
    void aFreshReaderSeesEveryWrite() {
        cluster.user().pods().create(pod("web-0"));

        assertThat(reader.pods(NS)).extracting(Pod::name).containsExactly("web-0");
    }

    @Test
    void aLaggingReaderShowsTheStateAsOfNWritesAgo() {
        cluster.user().pods().create(pod("web-0"));
        cluster.user().pods().create(pod("web-1"));
        cluster.user().pods().create(pod("web-2"));

        cluster.faults().staleReads(2);

        assertThat(reader.pods(NS)).extracting(Pod::name).containsExactly("web-0");
    }

    @Test
    void aLaggingReaderStillShowsADeletedObjectAndTheOldVersionOfAnUpdatedOne() {
        StatefulSet set = cluster.user().statefulSets().create(statefulSet("web", 1));
        Pod pod = cluster.user().pods().create(pod("web-0"));
        cluster.user().statefulSets().update(set.withSpec(set.spec().withReplicas(3)));
        cluster.user().pods().delete(ObjectKey.of(pod.metadata()), DeleteOptions.immediate(pod.metadata().uid()));

        cluster.faults().staleReads(2);

        assertThat(reader.pods(NS)).containsExactly(pod);
        assertThat(reader.statefulSet(set.key())).contains(set);
    }

    @Test
    void aPerKindLagCountsOnlyWritesOfThatKind() {
        cluster.user().claims().create(claim("www-web-0"));
        cluster.user().pods().create(pod("web-0"));
        cluster.user().claims().create(claim("www-web-1"));
        cluster.user().pods().create(pod("web-1"));

        cluster.faults().staleReads(Kind.CLAIMS, 1);

        assertThat(reader.claims(NS)).extracting(c -> c.name()).containsExactly("www-web-0");
        assertThat(reader.claim(NS, "www-web-1")).isEmpty();
        assertThat(reader.pods(NS)).extracting(Pod::name).containsExactly("web-0", "web-1");
    }

    @Test
    void freshReadsEndTheLag() {
        cluster.user().pods().create(pod("web-0"));
        cluster.faults().staleReads(1);

        cluster.faults().freshReads();

        assertThat(reader.pods(NS)).hasSize(1);
    }

    @Test
    void aLaggingReaderFiltersNamespacesAfterRewinding() {
        Pod elsewhere = pod("db-0");
        cluster.user().pods().create(elsewhere.withMetadata(elsewhere.metadata().withNamespace("prod")));
        cluster.user().pods().create(pod("web-0"));
        cluster.user().pods().delete(new ObjectKey("prod", "db-0"), DeleteOptions.immediate(null));

        cluster.faults().staleReads(1);

        assertThat(reader.pods(NS)).extracting(Pod::name).containsExactly("web-0");
        assertThat(reader.pods("prod")).extracting(Pod::name).containsExactly("db-0");
    }
}
