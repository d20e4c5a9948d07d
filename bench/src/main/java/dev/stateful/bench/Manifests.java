package dev.stateful.bench;

/** The StatefulSet every figure uses: nginx with one {@code www} claim template. */
public final class Manifests {

    public static final String IMAGE = "nginx:1.25";
    public static final String NEXT_IMAGE = "nginx:1.26";

    private Manifests() {
    }

    /**
     * @param policy {@code OrderedReady} or {@code Parallel}
     * @param partition rollingUpdate partition, or null
     * @param maxUnavailable rollingUpdate maxUnavailable (e.g. "100%"), or null
     */
    public static String statefulSet(String namespace, String name, int replicas, String image, String policy,
                                     Integer partition, String maxUnavailable) {
        StringBuilder rolling = new StringBuilder();
        if (partition != null || maxUnavailable != null) {
            rolling.append("    rollingUpdate:\n");
            if (partition != null) {
                rolling.append("      partition: ").append(partition).append('\n');
            }
            if (maxUnavailable != null) {
                rolling.append("      maxUnavailable: \"").append(maxUnavailable).append("\"\n");
            }
        }
        return """
                apiVersion: apps/v1
                kind: StatefulSet
                metadata:
                  name: %1$s
                  namespace: %2$s
                spec:
                  replicas: %3$d
                  podManagementPolicy: %5$s
                  serviceName: %1$s
                  selector:
                    matchLabels:
                      app: %1$s
                  updateStrategy:
                    type: RollingUpdate
                %6$s  template:
                    metadata:
                      labels:
                        app: %1$s
                    spec:
                      terminationGracePeriodSeconds: 10
                      containers:
                      - name: nginx
                        image: %4$s
                        ports:
                        - containerPort: 80
                          name: web
                        volumeMounts:
                        - name: www
                          mountPath: /usr/share/nginx/html
                  volumeClaimTemplates:
                  - metadata:
                      name: www
                    spec:
                      accessModes: [ "ReadWriteOnce" ]
                      resources:
                        requests:
                          storage: 1Gi
                """.formatted(name, namespace, replicas, image, policy, rolling);
    }
}
