package dev.stateful.grpc.testing;

import dev.stateful.codec.JsonParser;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonWriter;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.grpc.v1.ClusterChange;
import dev.stateful.grpc.v1.GetStatefulSetObjectResponse;
import dev.stateful.grpc.v1.KubeObject;
import dev.stateful.grpc.v1.ListObjectsResponse;
import dev.stateful.grpc.v1.StatefulSetChanged;
import io.grpc.BindableService;
import io.grpc.ForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A remote-ports server written by someone else, whose cluster holds sets our codec refuses: the
 * services it wraps answer as before, but the JSON of each set a test breaks (in the watch, in
 * {@code GetStatefulSetObject} and in the lists) has {@code spec.replicas} as a string, which that
 * server stores and sends as a normal set, with no {@code StatefulSetUndecodable}.
 */
public final class ThirdPartyJson implements ServerInterceptor {

    /** The field path the codec names for a broken set. */
    public static final String FIELD = "spec.replicas";

    private final Set<ObjectKey> broken = ConcurrentHashMap.newKeySet();

    /** From now on the set of that key is sent as JSON our codec refuses. */
    public void breakSet(ObjectKey key) {
        broken.add(key);
    }

    /** The set is sent as it is again. */
    public void mend(ObjectKey key) {
        broken.remove(key);
    }

    /** The services, each answering through this. */
    public List<BindableService> wrap(List<BindableService> services) {
        return services.stream().<BindableService>map(s -> () -> ServerInterceptors.intercept(s, this)).toList();
    }

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers, ServerCallHandler<Q, A> next) {
        return next.startCall(new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
            @Override
            @SuppressWarnings("unchecked")
            public void sendMessage(A message) {
                super.sendMessage((A) rewrite(message));
            }
        }, headers);
    }

    private Object rewrite(Object message) {
        if (message instanceof ClusterChange change && change.hasStatefulSet()) {
            StatefulSetChanged set = change.getStatefulSet();
            StatefulSetChanged.Builder out = set.toBuilder();
            if (set.hasOldObject()) {
                out.setOldObject(rewrite(set.getOldObject()));
            }
            if (set.hasNewObject()) {
                out.setNewObject(rewrite(set.getNewObject()));
            }
            return change.toBuilder().setStatefulSet(out).build();
        }
        if (message instanceof GetStatefulSetObjectResponse response && response.hasStatefulSet()) {
            return response.toBuilder().setStatefulSet(rewrite(response.getStatefulSet())).build();
        }
        if (message instanceof ListObjectsResponse list) {
            return list.toBuilder().clearObjects().addAllObjects(list.getObjectsList().stream().map(this::rewrite).toList()).build();
        }
        return message;
    }

    private KubeObject rewrite(KubeObject object) {
        Json.Obj json = JsonParser.parseObject(object.getJson());
        Json.Obj meta = json.objectOrEmpty("metadata");
        ObjectKey key = new ObjectKey(meta.string("namespace").orElse(""), meta.string("name").orElse(""));
        if (!"StatefulSet".equals(json.string("kind").orElse("")) || !broken.contains(key)) {
            return object;
        }
        return KubeObject.newBuilder().setJson(JsonWriter.write(json.update("spec", spec -> spec.with("replicas", "three")))).build();
    }
}
