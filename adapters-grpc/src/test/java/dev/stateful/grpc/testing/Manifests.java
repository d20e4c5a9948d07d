package dev.stateful.grpc.testing;

import java.util.Arrays;
import java.util.stream.Collectors;

/** Manifests the tests apply. */
public final class Manifests {

    private Manifests() {
    }

    /** The nginx "web" StatefulSet: OrderedReady, one claim template {@code www}. */
    public static String web(int replicas, String image) {
        return """
                apiVersion: apps/v1
                kind: StatefulSet
                metadata:
                  name: web
                spec:
                  selector:
                    matchLabels:
                      app: nginx
                  serviceName: nginx
                  replicas: %d
                  template:
                    metadata:
                      labels:
                        app: nginx
                    spec:
                      containers:
                      - name: nginx
                        image: %s
                  volumeClaimTemplates:
                  - metadata:
                      name: www
                    spec:
                      accessModes: [ReadWriteOnce]
                      resources:
                        requests:
                          storage: 1Gi
                """.formatted(replicas, image);
    }

    /**
     * {@link #web} as our own kind (apps.stateful.dev/v1alpha1) with ordinal 1 reserved
     * ({@code spec.reserveOrdinals}, a field apps/v1 lacks): its pods are web-0, web-2, ...
     */
    public static String webOfOurKind(int replicas, String image) {
        return web(replicas, image).replace("apiVersion: apps/v1", "apiVersion: apps.stateful.dev/v1alpha1")
                .replace("spec:\n  selector:", "spec:\n  reserveOrdinals: [1]\n  selector:");
    }

    /** The same set as JSON, for Plan and Validate. */
    public static String webJson(int replicas, String image) {
        return """
                {"apiVersion":"apps/v1","kind":"StatefulSet","metadata":{"name":"web","namespace":"default"},
                 "spec":{"selector":{"matchLabels":{"app":"nginx"}},"serviceName":"nginx","replicas":%d,
                  "template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"name":"nginx","image":"%s"}]}},
                  "volumeClaimTemplates":[{"metadata":{"name":"www"},"spec":{"accessModes":["ReadWriteOnce"],
                   "resources":{"requests":{"storage":"1Gi"}}}}]}}
                """.formatted(replicas, image);
    }

    /** {@link #webJson} as our own kind, reserving the given ordinals ({@code spec.reserveOrdinals}). */
    public static String webJsonOfOurKind(int replicas, String image, int... reserved) {
        String ordinals = Arrays.stream(reserved).mapToObj(Integer::toString).collect(Collectors.joining(","));
        return webJson(replicas, image).replace("\"apiVersion\":\"apps/v1\"", "\"apiVersion\":\"apps.stateful.dev/v1alpha1\"")
                .replace("\"spec\":{\"selector\"", "\"spec\":{\"reserveOrdinals\":[" + ordinals + "],\"selector\"");
    }
}
