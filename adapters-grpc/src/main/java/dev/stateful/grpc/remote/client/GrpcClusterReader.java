package dev.stateful.grpc.remote.client;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.grpc.remote.UndecodableSets;
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
import dev.stateful.ports.StatefulSetList;
import dev.stateful.ports.StatefulSetRead;
import dev.stateful.ports.UndecodableSet;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link ClusterReader} by calling a remote {@code ClusterReaderService}: each read is a call
 * (the remote side keeps the cache). Failures surface as ApiException. An object of a list that
 * does not decode is left out of it (with a warning), as the watch leaves out a change it cannot
 * decode: one malformed pod of some other workload must not fail the sync of every set in its
 * namespace, nor one malformed set the resync of all the others. Leaving an object out loses
 * nothing: the controller never deletes what it does not see. Its own set is handled as if the pod
 * were missing until it decodes: in the replica range the controller creates it again and the
 * remote's AlreadyExists fails that set's sync alone; above the range it is neither condemned nor
 * counted in the set's status. A set whose JSON does not decode is not left out but undecodable
 * ({@link #statefulSetList}, {@link #statefulSetRead}), as fabric8's caches hold such a set: the
 * engine reports it and does not sync it.
 */
final class GrpcClusterReader implements ClusterReader {

    private static final Logger LOG = LoggerFactory.getLogger(GrpcClusterReader.class);
    /** How many distinct undecodable objects are warned about once each; beyond it, each is logged at debug. */
    private static final int WARNED_LIMIT = 1024;

    private final ClusterReaderServiceBlockingStub stub;
    private final RemoteCalls calls;
    /** The undecodable objects warned about already (every list would repeat the warning). */
    private final Set<String> warned = ConcurrentHashMap.newKeySet();
    /** Set once the remote answered GetPod UNIMPLEMENTED (a server from before it): from then on, the list. */
    private volatile boolean noGetPod;

    GrpcClusterReader(ClusterReaderServiceBlockingStub stub, RemoteCalls calls) {
        this.stub = stub;
        this.calls = calls;
    }

    @Override
    public Optional<StatefulSet> statefulSet(ObjectKey key) {
        return statefulSetRead(key).decoded();
    }

    @Override
    public Optional<UndecodableSet> undecodableStatefulSet(ObjectKey key) {
        return statefulSetRead(key).undecodable();
    }

    /**
     * Both from one call; a server from before the undecodable field leaves it absent, so it has none.
     * A set whose JSON the codec here refuses is undecodable too ({@link Replies#statefulSetOrUndecodable}),
     * unless the server said why it could not decode its latest state.
     */
    @Override
    public StatefulSetRead statefulSetRead(ObjectKey key) {
        GetStatefulSetObjectResponse response = calls.call(stub, "get statefulset " + key, s -> s.getStatefulSetObject(
                GetStatefulSetObjectRequest.newBuilder().setRef(ref(key.namespace(), key.name())).build()));
        StatefulSetRead sent = response.hasStatefulSet() ? Replies.statefulSetOrUndecodable(response.getStatefulSet(), key)
                : new StatefulSetRead(Optional.empty(), Optional.empty());
        return response.hasUndecodable() ? new StatefulSetRead(sent.decoded(), Optional.of(UndecodableSets.of(response.getUndecodable()))) : sent;
    }

    /** The sets that decode here; the others are {@link #undecodableStatefulSets}. */
    @Override
    public List<StatefulSet> statefulSets(String namespace) {
        return statefulSetList(namespace).decoded();
    }

    /** Those of {@link #statefulSetList}. */
    @Override
    public List<UndecodableSet> undecodableStatefulSets(String namespace) {
        return statefulSetList(namespace).undecodable();
    }

    /**
     * Both from one list call: the sets that decode here, and beside them the sets the server could not
     * decode and those it sent whose JSON the codec here refuses, ordered by namespace then name as
     * fabric8's caches order theirs. A server from before the field has none of its own.
     */
    @Override
    public StatefulSetList statefulSetList(String namespace) {
        ListObjectsResponse response = calls.call(stub, "list statefulsets", s -> s.listStatefulSetObjects(list(namespace)));
        List<StatefulSet> decoded = new ArrayList<>();
        Map<ObjectKey, UndecodableSet> undecodable = new TreeMap<>();
        response.getUndecodableStatefulSetsList().forEach(u -> undecodable.put(UndecodableSets.key(u), UndecodableSets.of(u)));
        for (StatefulSetRead read : readSets(response)) {
            read.decoded().ifPresent(decoded::add);
            read.undecodable().ifPresent(u -> undecodable.putIfAbsent(ObjectKey.of(u.metadata()), u));
        }
        return new StatefulSetList(decoded, List.copyOf(undecodable.values()));
    }

    /** Each listed set read here; one that is not even a named JSON object is left out, as any such object of a list. */
    private List<StatefulSetRead> readSets(ListObjectsResponse response) {
        return decode(response, object -> Replies.statefulSetOrUndecodable(object, null), "statefulset");
    }

    @Override
    public List<Pod> pods(String namespace) {
        return decode(calls.call(stub, "list pods", s -> s.listPods(list(namespace))), Replies::pod, "pod");
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
        return decode(calls.call(stub, "list claims", s -> s.listClaims(list(namespace))), Replies::claim, "claim");
    }

    /** One list carrying the uid, which a server may answer from an owner index; filtered here as well, as a server may ignore it. */
    @Override
    public List<PersistentVolumeClaim> claimsControlledBy(String namespace, String controllerUid) {
        ListObjectsRequest request = ListObjectsRequest.newBuilder().setNamespace(namespace).setControllerUid(controllerUid).build();
        List<PersistentVolumeClaim> listed = decode(calls.call(stub, "list claims", s -> s.listClaims(request)), Replies::claim, "claim");
        return listed.stream().filter(c -> c.metadata().isControlledBy(controllerUid)).toList();
    }

    @Override
    public List<ControllerRevision> revisions(String namespace) {
        return decode(calls.call(stub, "list revisions", s -> s.listRevisions(list(namespace))), Replies::revision, "revision");
    }

    private static ObjectRef ref(String namespace, String name) {
        return ObjectRef.newBuilder().setNamespace(namespace).setName(name).build();
    }

    private static ListObjectsRequest list(String namespace) {
        return ListObjectsRequest.newBuilder().setNamespace(namespace).build();
    }

    private <T> List<T> decode(ListObjectsResponse response, Function<KubeObject, T> decoder, String kind) {
        List<T> decoded = new ArrayList<>(response.getObjectsCount());
        for (KubeObject object : response.getObjectsList()) {
            try {
                decoded.add(decoder.apply(object));
            } catch (ApiException.Invalid e) {
                skipped(kind, e);
            }
        }
        return Collections.unmodifiableList(decoded);
    }

    private void skipped(String kind, ApiException.Invalid e) {
        if (warned.size() < WARNED_LIMIT && warned.add(kind + e.getMessage())) {
            LOG.warn("list {}: left out, as {}", kind + "s", e.getMessage());
        } else {
            LOG.debug("list {}: left out, as {}", kind + "s", e.getMessage());
        }
    }
}
