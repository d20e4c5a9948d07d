package dev.stateful.it.support;

import dev.stateful.testsupport.api.ApiWrite;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Pattern;

/**
 * fabric8's CRUD dispatcher, with two additions: every write is recorded with its caller, object
 * and answer, in the order the writes took effect; and a created pod gets {@code status.phase:
 * Pending} as the real API server's pod strategy gives it (the controller treats a pod without a
 * phase as not created yet).
 */
final class RecordingDispatcher extends Dispatcher {

    private static final Pattern POD_COLLECTION = Pattern.compile("/api/v1/namespaces/[^/]+/pods/?");
    private static final Pattern WATCH = Pattern.compile("[?&]watch=true");
    private static final Pattern SET_STATUS = Pattern.compile("/apis/apps/v1/namespaces/[^/]+/statefulsets/[^/]+/status/?");

    /** A watch the dispatcher registered: from then on it receives every change to {@code path}. */
    record Watch(String user, String path) {
    }

    private final KubernetesMixedDispatcher crud = new KubernetesMixedDispatcher(new HashMap<>());
    private final List<ApiWrite> writes = new CopyOnWriteArrayList<>();
    private final List<Watch> watches = new CopyOnWriteArrayList<>();
    private final List<StatusWrite> statusWrites = new CopyOnWriteArrayList<>();
    private long sequence;

    @Override
    public MockResponse dispatch(RecordedRequest request) {
        String method = request.getMethod();
        if ("GET".equals(method) || "HEAD".equals(method)) {
            MockResponse response = crud.dispatch(request);
            if (WATCH.matcher(request.getPath()).find()) {
                watches.add(new Watch(user(request), request.getPath().replaceFirst("\\?.*$", "")));
            }
            return response;
        }
        String path = request.getPath().replaceFirst("\\?.*$", "");
        // reading a body consumes it: read it once, hand the dispatcher a copy
        String body = request.getBody() == null ? "" : new String(request.getBody().getBytes(), StandardCharsets.UTF_8);
        boolean podCreate = "POST".equals(method) && POD_COLLECTION.matcher(path).matches();
        RecordedRequest admitted = new RecordedRequest(request.getHttpVersion(), request.method(), request.getPath(),
                request.getHeaders(), new Buffer((podCreate ? pending(body) : body).getBytes(StandardCharsets.UTF_8)));
        String name = "POST".equals(method) ? createdName(body) : nameInPath(path);
        synchronized (this) {
            MockResponse response = crud.dispatch(admitted);
            ApiWrite write = new ApiWrite(++sequence, System.nanoTime(), user(request), method, path, name, response.code());
            writes.add(write);
            if ("PUT".equals(method) && SET_STATUS.matcher(path).matches()) {
                statusWrites.add(StatusWrite.of(write, body));
            }
            return response;
        }
    }

    List<ApiWrite> writes() {
        return List.copyOf(writes);
    }

    List<Watch> watches() {
        return List.copyOf(watches);
    }

    List<StatusWrite> statusWrites() {
        return List.copyOf(statusWrites);
    }

    private static String pending(String body) {
        Pod pod = Serialization.unmarshal(body, Pod.class);
        if (pod.getStatus() == null) {
            pod.setStatus(new PodStatus());
        }
        if (pod.getStatus().getPhase() == null || pod.getStatus().getPhase().isEmpty()) {
            pod.getStatus().setPhase("Pending");
        }
        return Serialization.asJson(pod);
    }

    private static String createdName(String body) {
        try {
            var created = Serialization.unmarshal(body, GenericKubernetesResource.class);
            return created.getMetadata() == null || created.getMetadata().getName() == null ? "" : created.getMetadata().getName();
        } catch (RuntimeException notAnObject) {
            return "";
        }
    }

    private static String nameInPath(String path) {
        String[] parts = path.split("/");
        for (int i = 0; i + 3 < parts.length; i++) {
            if (parts[i].equals("namespaces")) {
                return parts[i + 3];
            }
        }
        return "";
    }

    private static String user(RecordedRequest request) {
        String authorization = request.getHeader("Authorization");
        return authorization == null ? "" : authorization.replaceFirst("^Bearer ", "");
    }

    @Override
    public void shutdown() {
        crud.shutdown();
    }

    @Override
    public void releaseResources() {
        crud.releaseResources();
    }
}
