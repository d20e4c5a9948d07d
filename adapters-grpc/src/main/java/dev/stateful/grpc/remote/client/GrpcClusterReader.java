package dev.stateful.grpc.remote.client;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.grpc.v1.ClusterReaderServiceGrpc.ClusterReaderServiceBlockingStub;
import dev.stateful.grpc.v1.GetClaimRequest;
import dev.stateful.grpc.v1.GetClaimResponse;
import dev.stateful.grpc.v1.GetPodRequest;
import dev.stateful.grpc.v1.GetPodResponse;
import dev.stateful.grpc.v1.GetStatefulSetObjectRequest;
import dev.stateful.grpc.v1.GetStatefulSetObjectResponse;
import dev.stateful.grpc.v1.KubeObject;
import dev.stateful.grpc.v1.ListObjectsRequest;
import dev.stateful.grpc.v1.ListObjectsResponse;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.ClusterReader;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@link ClusterReader} by calling a remote {@code ClusterReaderService}: each read is a call
 * (the remote side keeps the cache). Failures surface as ApiException.
 */
final class GrpcClusterReader implements ClusterReader {

    private final ClusterReaderServiceBlockingStub stub;
    private final RemoteCalls calls;
    /** Set once the remote answered GetPod UNIMPLEMENTED (a server from before it): from then on, the list. */
    private volatile boolean noGetPod;

    GrpcClusterReader(ClusterReaderServiceBlockingStub stub, RemoteCalls calls) {
        this.stub = stub;
        this.calls = calls;
    }

    @Override
    public Optional<StatefulSet> statefulSet(ObjectKey key) {
        GetStatefulSetObjectResponse response = calls.call(stub, "get statefulset " + key, s -> s.getStatefulSetObject(
                GetStatefulSetObjectRequest.newBuilder().setRef(ref(key.namespace(), key.name())).build()));
        return response.hasStatefulSet() ? Optional.of(Replies.statefulSet(response.getStatefulSet())) : Optional.empty();
    }

    @Override
    public List<StatefulSet> statefulSets(String namespace) {
        return decode(calls.call(stub, "list statefulsets", s -> s.listStatefulSetObjects(list(namespace))), Replies::statefulSet);
    }

    @Override
    public List<Pod> pods(String namespace) {
        return decode(calls.call(stub, "list pods", s -> s.listPods(list(namespace))), Replies::pod);
    }

    @Override
    public Optional<Pod> pod(String namespace, String name) {
        if (!noGetPod) {
            try {
                GetPodResponse response = calls.call(stub, "get pod " + name, s -> s.getPod(
                        GetPodRequest.newBuilder().setRef(ref(namespace, name)).build()));
                return response.hasPod() ? Optional.of(Replies.pod(response.getPod())) : Optional.empty();
            } catch (ApiException.Unavailable e) {
                if (!(e.getCause() instanceof StatusRuntimeException cause && cause.getStatus().getCode() == Status.Code.UNIMPLEMENTED)) {
                    throw e;
                }
                noGetPod = true;
            }
        }
        return ClusterReader.super.pod(namespace, name);
    }

    @Override
    public Optional<PersistentVolumeClaim> claim(String namespace, String name) {
        GetClaimResponse response = calls.call(stub, "get claim " + name, s -> s.getClaim(
                GetClaimRequest.newBuilder().setRef(ref(namespace, name)).build()));
        return response.hasClaim() ? Optional.of(Replies.claim(response.getClaim())) : Optional.empty();
    }

    @Override
    public List<PersistentVolumeClaim> claims(String namespace) {
        return decode(calls.call(stub, "list claims", s -> s.listClaims(list(namespace))), Replies::claim);
    }

    @Override
    public List<ControllerRevision> revisions(String namespace) {
        return decode(calls.call(stub, "list revisions", s -> s.listRevisions(list(namespace))), Replies::revision);
    }

    private static ObjectRef ref(String namespace, String name) {
        return ObjectRef.newBuilder().setNamespace(namespace).setName(name).build();
    }

    private static ListObjectsRequest list(String namespace) {
        return ListObjectsRequest.newBuilder().setNamespace(namespace).build();
    }

    private static <T> List<T> decode(ListObjectsResponse response, Function<KubeObject, T> decoder) {
        return response.getObjectsList().stream().map(decoder).toList();
    }
}
