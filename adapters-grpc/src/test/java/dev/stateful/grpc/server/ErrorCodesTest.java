package dev.stateful.grpc.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.grpc.runtime.ServerSettings;
import dev.stateful.grpc.testing.DelegatingReader;
import dev.stateful.grpc.testing.InMemory;
import dev.stateful.grpc.testing.Manifests;
import dev.stateful.grpc.testing.ServiceHarness;
import dev.stateful.grpc.testing.Sets;
import dev.stateful.grpc.v1.GetStatefulSetRequest;
import dev.stateful.grpc.v1.ListStatefulSetsRequest;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.ScaleRequest;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.ClusterEvents;
import dev.stateful.ports.ClusterReader;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** How cluster trouble reaches a caller of StatefulSetService: the standard status codes. */
class ErrorCodesTest {

    private static final ScaleRequest SCALE = ScaleRequest.newBuilder().setRef(ObjectRef.newBuilder().setName("web")).setReplicas(2).build();
    private final InMemoryCluster cluster = InMemoryCluster.create();
    private final AtomicInteger writes = new AtomicInteger();
    private ServiceHarness harness;

    @BeforeEach
    void webExists() {
        cluster.apply(Manifests.web(3, "nginx:1.25"));
    }

    @AfterEach
    void close() {
        harness.close();
    }

    private void serve(ClusterReader reader, ClusterEvents events, SpecWriter specs) {
        SpecWriter counted = set -> {
            writes.incrementAndGet();
            return specs.update(set);
        };
        harness = ServiceHarness.over(new PortsSetBackend(reader, events, counted, InMemory.manifests(cluster), cluster.clock()),
                ServerSettings.loopback(0));
    }

    private void serve(SpecWriter specs) {
        serve(cluster.reader(), cluster.clusterEvents(), specs);
    }

    private static StatusRuntimeException failure(Runnable call) {
        return catchThrowableOfType(StatusRuntimeException.class, call::run);
    }

    @Test
    void untilTheCachesHaveSyncedEveryClusterCallIsUnavailable() {
        serve(cluster.reader(), new NeverSynced(cluster.clusterEvents()), cluster.user().statefulSets()::update);

        StatusRuntimeException e = failure(() -> harness.stub.listStatefulSets(ListStatefulSetsRequest.getDefaultInstance()));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(e.getStatus().getDescription()).contains("not complete yet");
    }

    @Test
    void anUnreachableClusterIsUnavailable() {
        serve(set -> {
            throw new ApiException.Unavailable("connection refused");
        });

        assertThat(failure(() -> harness.stub.scale(SCALE)).getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
    }

    @Test
    void aChangeTheClusterForbidsIsPermissionDenied() {
        serve(set -> {
            throw new ApiException.Forbidden("statefulsets.apps \"web\" is forbidden: User \"stateful\" cannot update");
        });

        StatusRuntimeException e = failure(() -> harness.stub.scale(SCALE));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED);
        assertThat(e.getStatus().getDescription()).contains("cannot update");
    }

    @Test
    void aConflictIsRetriedOnAFreshCopyAndSucceedsWhenTheRaceIsOver() {
        AtomicInteger conflicts = new AtomicInteger(2);
        serve(set -> {
            if (conflicts.getAndDecrement() > 0) {
                throw new ApiException.Conflict("the object has been modified");
            }
            return cluster.user().statefulSets().update(set);
        });

        assertThat(harness.stub.scale(SCALE).getStatefulSet().getDesiredReplicas()).isEqualTo(2);
        assertThat(writes).hasValue(3);
    }

    @Test
    void aSetThatKeepsChangingUnderTheWriteIsAborted() {
        serve(set -> {
            throw new ApiException.Conflict("the object has been modified");
        });

        StatusRuntimeException e = failure(() -> harness.stub.scale(SCALE));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.ABORTED);
        assertThat(writes).hasValue(SetCommands.MAX_CONFLICT_RETRIES);
    }

    @Test
    void pastTheCallersDeadlineNothingIsWritten() throws InterruptedException {
        serve(new SlowReader(cluster.reader(), 300), cluster.clusterEvents(), cluster.user().statefulSets()::update);

        StatusRuntimeException e = failure(() -> harness.stub.withDeadlineAfter(100, TimeUnit.MILLISECONDS).scale(SCALE));
        TimeUnit.MILLISECONDS.sleep(500);

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(writes).hasValue(0);
        assertThat(Sets.get(cluster, Sets.WEB).spec().replicas()).isEqualTo(3);
    }

    @Test
    void anUnexpectedFailureIsInternalWithoutItsDetails() {
        serve(new FailingReader(cluster.reader()), cluster.clusterEvents(), cluster.user().statefulSets()::update);

        StatusRuntimeException e = failure(() -> harness.stub.getStatefulSet(GetStatefulSetRequest.newBuilder()
                .setRef(ObjectRef.newBuilder().setName("web")).build()));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INTERNAL);
        assertThat(e.getStatus().getDescription()).doesNotContain("secret-detail");
    }

    /** Events whose caches never fill. */
    private record NeverSynced(ClusterEvents delegate) implements ClusterEvents {
        @Override
        public AutoCloseable subscribe(Handler handler) {
            return delegate.subscribe(handler);
        }

        @Override
        public boolean hasSynced() {
            return false;
        }
    }

    /** A reader whose set lookups take a while. */
    private static final class SlowReader extends DelegatingReader {
        private final long millis;

        SlowReader(ClusterReader delegate, long millis) {
            super(delegate);
            this.millis = millis;
        }

        @Override
        public Optional<StatefulSet> statefulSet(ObjectKey key) {
            try {
                TimeUnit.MILLISECONDS.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return super.statefulSet(key);
        }
    }

    /** A reader with a bug. */
    private static final class FailingReader extends DelegatingReader {
        FailingReader(ClusterReader delegate) {
            super(delegate);
        }

        @Override
        public Optional<StatefulSet> statefulSet(ObjectKey key) {
            throw new IllegalStateException("secret-detail");
        }
    }
}
