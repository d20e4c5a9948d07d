package dev.stateful.grpc.testing;

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
}
