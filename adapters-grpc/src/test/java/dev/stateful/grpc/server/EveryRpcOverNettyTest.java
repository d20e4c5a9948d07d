package dev.stateful.grpc.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.grpc.runtime.Channels;
import dev.stateful.grpc.runtime.GrpcServer;
import dev.stateful.grpc.runtime.ServerSettings;
import dev.stateful.grpc.security.BearerToken;
import dev.stateful.grpc.testing.Autopilot;
import dev.stateful.grpc.testing.Kube;
import dev.stateful.grpc.testing.Manifests;
import dev.stateful.grpc.testing.NettyServers;
import dev.stateful.grpc.v1.ApplyRequest;
import dev.stateful.grpc.v1.GetStatefulSetRequest;
import dev.stateful.grpc.v1.ListStatefulSetsRequest;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.PlanRequest;
import dev.stateful.grpc.v1.RollbackRequest;
import dev.stateful.grpc.v1.RolloutEvent;
import dev.stateful.grpc.v1.RolloutHistoryRequest;
import dev.stateful.grpc.v1.ScaleRequest;
import dev.stateful.grpc.v1.SetPartitionRequest;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc.StatefulSetServiceBlockingStub;
import dev.stateful.grpc.v1.ValidateRequest;
import dev.stateful.grpc.v1.WatchRolloutRequest;
import dev.stateful.inmemory.InMemoryCluster;
import io.grpc.ManagedChannel;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** One user session over the real transport, with a token: every RPC of StatefulSetService once. */
class EveryRpcOverNettyTest {

    private static final ObjectRef WEB = ObjectRef.newBuilder().setName("web").build();
    private static final BearerToken TOKEN = BearerToken.of("t0ken");

    @Test
    void aToolCanPlanApplySteerAndWatchAStatefulSet() {
        InMemoryCluster cluster = InMemoryCluster.builder().instantKubelet().build();
        try (GrpcServer server = NettyServers.statefulSetService(cluster, ServerSettings.loopback(0).withToken(TOKEN));
             Autopilot controller = Autopilot.withController(cluster)) {
            ManagedChannel channel = Channels.open(NettyServers.client(server).withToken(TOKEN));
            try {
                StatefulSetServiceBlockingStub stub = StatefulSetServiceGrpc.newBlockingStub(channel).withDeadlineAfter(60, TimeUnit.SECONDS);

                assertThat(stub.validate(ValidateRequest.newBuilder().setStatefulSet(Kube.json(Manifests.webJson(3, "nginx:1.25"))).build())
                        .getValid()).isTrue();
                assertThat(stub.plan(PlanRequest.newBuilder().setStatefulSet(Kube.json(Manifests.webJson(3, "nginx:1.25"))).build())
                        .getActionsCount()).isEqualTo(2);
                assertThat(stub.apply(ApplyRequest.newBuilder().setManifest(Manifests.web(3, "nginx:1.25")).build()).getApplied(0).getCreated()).isTrue();
                assertThat(last(stub.watchRollout(WatchRolloutRequest.newBuilder().setRef(WEB).build())).hasDone()).isTrue();
                assertThat(stub.listStatefulSets(ListStatefulSetsRequest.getDefaultInstance()).getStatefulSetsCount()).isEqualTo(1);
                assertThat(stub.getStatefulSet(GetStatefulSetRequest.newBuilder().setRef(WEB).build()).getPodsCount()).isEqualTo(3);

                stub.setPartition(SetPartitionRequest.newBuilder().setRef(WEB).setPartition(0).build());
                stub.apply(ApplyRequest.newBuilder().setManifest(Manifests.web(3, "nginx:1.26")).build());
                assertThat(last(stub.watchRollout(WatchRolloutRequest.newBuilder().setRef(WEB).build())).hasDone()).isTrue();
                assertThat(stub.rolloutHistory(RolloutHistoryRequest.newBuilder().setRef(WEB).build()).getRevisionsCount()).isEqualTo(2);

                assertThat(stub.rollback(RollbackRequest.newBuilder().setRef(WEB).build()).getSkipped()).isFalse();
                long scaled = stub.scale(ScaleRequest.newBuilder().setRef(WEB).setReplicas(2).build()).getStatefulSet().getGeneration();
                assertThat(last(stub.watchRollout(WatchRolloutRequest.newBuilder().setRef(WEB).build())).getDone().getStatus().getObservedGeneration())
                        .isEqualTo(scaled);
            } finally {
                channel.shutdownNow();
            }
        }
    }

    private static RolloutEvent last(Iterator<RolloutEvent> stream) {
        List<RolloutEvent> events = new ArrayList<>();
        stream.forEachRemaining(events::add);
        return events.get(events.size() - 1);
    }
}
