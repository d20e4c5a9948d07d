package dev.stateful.bench.startup;

import dev.stateful.bench.memory.RealisticObjects;
import dev.stateful.fabric8.convert.Fabric8Codec;
import dev.stateful.testsupport.controlplane.ControlPlane;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;

/**
 * The cluster of the start-up figure to /readyz (docs/benchmarks.md, 6a): a real control plane holding {@code pods} pods
 * and as many claims, in sets of {@value #PODS_PER_SET}, as a running cluster has them (each set's
 * first plan for the set the API server stored, with what the scheduler, kubelet and volume binder
 * add, from {@link RealisticObjects}): pods Running and Ready, claims Bound. Nothing is left for a
 * controller to create or delete. Written as JSON straight over the admin client's connection,
 * {@value #IN_FLIGHT} requests at a time, so the bench's JVM does not also build and decode a
 * fabric8 object per request on the two cores the API server needs.
 */
final class StartupCluster {

    static final String NAMESPACE = "startup";
    static final int PODS_PER_SET = 100;
    private static final int IN_FLIGHT = 48;
    private static final String JSON = "application/json";
    private static final String MERGE = "application/merge-patch+json";

    private final KubernetesClient admin;
    private final HttpClient http;
    private final String base;
    private final Semaphore inFlight = new Semaphore(IN_FLIGHT);
    private final List<CompletableFuture<Void>> writes = new ArrayList<>();

    private StartupCluster(KubernetesClient admin) {
        this.admin = admin;
        this.http = admin.getHttpClient();
        this.base = admin.getMasterUrl().toString().replaceAll("/$", "");
    }

    /** Fills namespace {@value #NAMESPACE} of {@code plane} (created here) with {@code pods} pods and claims. */
    static void fill(ControlPlane plane, int pods) throws Exception {
        new StartupCluster(plane.admin()).fill(pods);
    }

    private void fill(int pods) throws Exception {
        List<RealisticObjects.SetObjects> sets = new ArrayList<>();
        for (int s = 0; s * PODS_PER_SET < pods; s++) {
            int replicas = Math.min(PODS_PER_SET, pods - s * PODS_PER_SET);
            StatefulSet stored = admin.apps().statefulSets().inNamespace(NAMESPACE).resource(Fabric8Codec.toFabric8(
                    RealisticObjects.set(NAMESPACE, String.format(Locale.ROOT, "web-%03d", s), replicas))).create();
            sets.add(RealisticObjects.forStoredSet(Fabric8Codec.toDomain(stored)));
        }
        for (RealisticObjects.SetObjects set : sets) {
            create("/apis/apps/v1/namespaces/" + NAMESPACE + "/controllerrevisions", set.revision());
            set.claims().forEach(claim -> create("/api/v1/namespaces/" + NAMESPACE + "/persistentvolumeclaims", claim));
            set.pods().forEach(pod -> create("/api/v1/namespaces/" + NAMESPACE + "/pods", pod));
        }
        awaitWrites();
        // an API server drops the status given on create: it is written the way kubelets and the volume binder write it
        for (RealisticObjects.SetObjects set : sets) {
            set.claims().forEach(claim -> status("/api/v1/namespaces/" + NAMESPACE + "/persistentvolumeclaims/", claim, claim.getStatus()));
            set.pods().forEach(pod -> status("/api/v1/namespaces/" + NAMESPACE + "/pods/", pod, pod.getStatus()));
        }
        awaitWrites();
    }

    private void create(String path, HasMetadata object) {
        object.getMetadata().setUid(null);
        object.getMetadata().setCreationTimestamp(null);
        send(http.newHttpRequestBuilder().uri(base + path).post(JSON, Serialization.asJson(object)).build());
    }

    private void status(String collection, HasMetadata object, Object status) {
        send(http.newHttpRequestBuilder().uri(base + collection + object.getMetadata().getName() + "/status")
                .patch(MERGE, Serialization.asJson(Map.of("status", status))).build());
    }

    private void send(HttpRequest request) {
        inFlight.acquireUninterruptibly();
        writes.add(http.sendAsync(request, String.class).handle((HttpResponse<String> response, Throwable failure) -> {
            inFlight.release();
            if (failure != null) {
                throw new IllegalStateException(request.method() + " " + request.uri() + " failed", failure);
            }
            if (!response.isSuccessful()) {
                throw new IllegalStateException(request.method() + " " + request.uri() + " answered " + response.code() + ": " + response.body());
            }
            return null;
        }));
    }

    private void awaitWrites() {
        CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).join();
        writes.clear();
    }
}
