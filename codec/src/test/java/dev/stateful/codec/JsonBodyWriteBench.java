package dev.stateful.codec;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonWriter;

/**
 * Side by side, in one JVM: a pod create's body written by {@link JsonBody} and by the domain's
 * {@link JsonWriter} (what {@code Json.Obj.toString} wrote before), over the same encoded pod
 * (the encode, {@code ModelCodec.encode}, is the same for both and left out), in
 * alternating rounds so both see the same JIT and machine load. Not a test; run it with the codec's
 * test class path: {@code java -cp codec/target/classes:codec/target/test-classes:... dev.stateful.codec.JsonBodyWriteBench}.
 */
public final class JsonBodyWriteBench {

    private JsonBodyWriteBench() {
    }

    public static void main(String[] args) {
        Json.Obj pod = ModelCodec.encode(ModelCodec.pod(JsonParser.parseObject(pod(20))));
        int perRound = 20_000;
        int rounds = 10;
        long[] body = new long[rounds];
        long[] go = new long[rounds];
        long sink = 0;
        for (int warm = 0; warm < 3; warm++) {
            sink += time(pod, perRound, true)[1] + time(pod, perRound, false)[1];
        }
        for (int r = 0; r < rounds; r++) {
            long[] a = time(pod, perRound, r % 2 == 0);
            long[] b = time(pod, perRound, r % 2 != 0);
            (r % 2 == 0 ? body : go)[r] = a[0];
            (r % 2 == 0 ? go : body)[r] = b[0];
            sink += a[1] + b[1];
        }
        java.util.Arrays.sort(body);
        java.util.Arrays.sort(go);
        System.out.printf("body %d bytes; median per pod: JsonBody %.2f us, JsonWriter %.2f us, ratio %.2f (sink %d)%n",
                JsonBody.write(pod).length(), body[rounds / 2] / 1e3 / perRound, go[rounds / 2] / 1e3 / perRound,
                (double) body[rounds / 2] / go[rounds / 2], sink);
    }

    /** The nanoseconds {@code n} writes took, and a length sum that keeps the work alive. */
    private static long[] time(Json.Obj pod, int n, boolean jsonBody) {
        long lengths = 0;
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            lengths += (jsonBody ? JsonBody.write(pod) : JsonWriter.write(pod)).length();
        }
        return new long[] {System.nanoTime() - start, lengths};
    }

    /** A pod as the controller creates it from a template: one container with {@code env} variables, a probe, mounts. */
    private static String pod(int env) {
        StringBuilder vars = new StringBuilder();
        for (int i = 0; i < env; i++) {
            vars.append(i == 0 ? "" : ",").append("{\"name\":\"VAR_").append(i).append("\",\"value\":\"value-").append(i).append("\"}");
        }
        return "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"web-0\",\"namespace\":\"default\",\"generateName\":\"web-\","
                + "\"labels\":{\"app\":\"nginx\",\"apps.kubernetes.io/pod-index\":\"0\",\"controller-revision-hash\":\"web-7b9d6c8f4\","
                + "\"statefulset.kubernetes.io/pod-name\":\"web-0\"},\"annotations\":{\"prometheus.io/scrape\":\"true\"},"
                + "\"ownerReferences\":[{\"apiVersion\":\"apps/v1\",\"kind\":\"StatefulSet\",\"name\":\"web\","
                + "\"uid\":\"ec335e25-1045-4216-8634-50cfbe05f3d6\",\"controller\":true,\"blockOwnerDeletion\":true}]},"
                + "\"spec\":{\"containers\":[{\"name\":\"nginx\",\"image\":\"registry.k8s.io/nginx-slim:0.27\",\"imagePullPolicy\":\"IfNotPresent\","
                + "\"ports\":[{\"containerPort\":80,\"name\":\"web\",\"protocol\":\"TCP\"}],\"env\":[" + vars + "],"
                + "\"resources\":{\"requests\":{\"cpu\":\"100m\",\"memory\":\"128Mi\"},\"limits\":{\"memory\":\"256Mi\"}},"
                + "\"readinessProbe\":{\"httpGet\":{\"path\":\"/healthz\",\"port\":80,\"scheme\":\"HTTP\"},\"periodSeconds\":10,"
                + "\"timeoutSeconds\":1,\"successThreshold\":1,\"failureThreshold\":3},"
                + "\"volumeMounts\":[{\"name\":\"www\",\"mountPath\":\"/usr/share/nginx/html\"}],"
                + "\"terminationMessagePath\":\"/dev/termination-log\",\"terminationMessagePolicy\":\"File\"}],"
                + "\"volumes\":[{\"name\":\"www\",\"persistentVolumeClaim\":{\"claimName\":\"www-web-0\"}}],"
                + "\"hostname\":\"web-0\",\"subdomain\":\"nginx\",\"restartPolicy\":\"Always\",\"terminationGracePeriodSeconds\":30,"
                + "\"dnsPolicy\":\"ClusterFirst\",\"schedulerName\":\"default-scheduler\",\"securityContext\":{}},"
                + "\"status\":{}}";
    }
}
