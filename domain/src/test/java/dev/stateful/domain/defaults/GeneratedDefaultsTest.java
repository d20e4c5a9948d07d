package dev.stateful.domain.defaults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.LabelSelector;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.validation.StatefulSetValidator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Generated sets with generated pod templates: defaulting is idempotent, never changes a value the
 * user set (Go's unset values — absent, null, "" and 0 — are the only ones it may fill), and turns a
 * set that only lacks defaults into a valid one. Replay with {@code -Ddefaults.seed=<seed>}.
 */
class GeneratedDefaultsTest {

    static final int RUNS = 2_000;
    static final String[] IMAGES = {"test", "nginx", "nginx:1.25", "nginx:latest", "quay.io/org/app:v1", "localhost:5000/app",
        "app@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", "Bad Image", ""};

    @Test
    void defaultingIsIdempotentKeepsUserValuesAndCompletesTheSet() {
        long seed = Long.getLong("defaults.seed", new Random().nextLong());
        Random r = new Random(seed);
        for (int run = 0; run < RUNS; run++) {
            String context = "seed=" + seed + " run=" + run;
            StatefulSet set = set(r);
            StatefulSet once;
            try {
                once = Defaults.statefulSet(set);
            } catch (RuntimeException e) {
                throw new AssertionError("defaulting threw, " + context, e);
            }
            assertThat(Defaults.statefulSet(once)).as("idempotent, " + context).isEqualTo(once);
            assertPreserved(set.spec().template(), once.spec().template(), "spec.template", context);
            for (int i = 0; i < set.spec().volumeClaimTemplates().size(); i++) {
                assertPreserved(set.spec().volumeClaimTemplates().get(i).spec(), once.spec().volumeClaimTemplates().get(i).spec(),
                        "spec.volumeClaimTemplates[" + i + "].spec", context);
            }
            assertSpecValuesPreserved(set.spec(), once.spec(), context);
            // defaulting gives no image, which validateContainerCommon requires: a container without one is all that may be wrong
            Json.Obj podSpec = once.spec().template().objectOrEmpty("spec");
            boolean imageless = Stream.concat(podSpec.array("containers").stream(), podSpec.array("initContainers").stream())
                    .anyMatch(c -> c.asObject().flatMap(o -> o.string("image")).orElse("").isEmpty());
            if (imageless) {
                assertThat(StatefulSetValidator.validate(once)).as("a set with a container without an image, " + context).isNotEmpty()
                        .allSatisfy(v -> assertThat(v.field()).matches("spec\\.template\\.spec\\.(containers|initContainers)\\[\\d+\\]\\.image"));
            } else {
                assertThat(StatefulSetValidator.validate(once)).as("a bare but otherwise valid set is valid once defaulted, " + context).isEmpty();
            }
        }
    }

    /** Every value the user set (not absent, null, "" or 0) is still there, unchanged. */
    static void assertPreserved(Json given, Json defaulted, String path, String context) {
        if (given instanceof Json.Obj obj) {
            if (!(defaulted instanceof Json.Obj out)) {
                fail(path + " is no longer an object, " + context);
                return;
            }
            obj.fields().forEach((k, v) -> {
                if (v != Json.Null.INSTANCE) {
                    assertPreserved(v, out.fields().get(k), path + "." + k, context);
                }
            });
        } else if (given instanceof Json.Arr arr) {
            if (!(defaulted instanceof Json.Arr out) || out.items().size() != arr.items().size()) {
                fail(path + " is no longer an array of the same length, " + context);
                return;
            }
            for (int i = 0; i < arr.items().size(); i++) {
                assertPreserved(arr.items().get(i), out.items().get(i), path + "[" + i + "]", context);
            }
        } else if (!isGoZero(given)) {
            assertThat(defaulted).as(path + ", " + context).isEqualTo(given);
        }
    }

    static boolean isGoZero(Json value) {
        return value.asString().map(String::isEmpty).orElse(false) || (value instanceof Json.Num n && n.value().signum() == 0);
    }

    static void assertSpecValuesPreserved(StatefulSetSpec given, StatefulSetSpec out, String context) {
        if (given.replicas() != null) {
            assertThat(out.replicas()).as(context).isEqualTo(given.replicas());
        }
        if (given.revisionHistoryLimit() != null) {
            assertThat(out.revisionHistoryLimit()).as(context).isEqualTo(given.revisionHistoryLimit());
        }
        if (!given.podManagementPolicy().isEmpty()) {
            assertThat(out.podManagementPolicy()).as(context).isEqualTo(given.podManagementPolicy());
        }
        if (!given.updateStrategy().type().isEmpty()) {
            assertThat(out.updateStrategy().type()).as(context).isEqualTo(given.updateStrategy().type());
        }
        UpdateStrategy.RollingUpdate block = given.updateStrategy().rollingUpdate();
        if (block != null) {
            if (block.partition() != null) {
                assertThat(out.updateStrategy().rollingUpdate().partition()).as(context).isEqualTo(block.partition());
            }
            assertThat(out.updateStrategy().rollingUpdate().maxUnavailable()).as(context).isEqualTo(block.maxUnavailable());
        }
        if (given.persistentVolumeClaimRetentionPolicy() != null) {
            assertThat(out.persistentVolumeClaimRetentionPolicy()).as(context).isEqualTo(given.persistentVolumeClaimRetentionPolicy());
        }
        assertThat(out.selector()).as(context).isEqualTo(given.selector());
        assertThat(out.serviceName()).as(context).isEqualTo(given.serviceName());
        assertThat(out.minReadySeconds()).as(context).isEqualTo(given.minReadySeconds());
        assertThat(out.ordinals()).as(context).isEqualTo(given.ordinals());
    }

    // ------------------------------------------------------------------ generators

    static StatefulSet set(Random r) {
        UpdateStrategy strategy = switch (r.nextInt(5)) {
            case 0 -> UpdateStrategy.UNSET;
            case 1 -> new UpdateStrategy("", new UpdateStrategy.RollingUpdate(maybe(r, r.nextInt(5)), null));
            case 2 -> new UpdateStrategy(UpdateStrategy.ROLLING_UPDATE, null);
            case 3 -> new UpdateStrategy(UpdateStrategy.ROLLING_UPDATE, new UpdateStrategy.RollingUpdate(maybe(r, r.nextInt(5)),
                    maybe(r, r.nextBoolean() ? IntOrString.of(1 + r.nextInt(3)) : IntOrString.of((1 + r.nextInt(100)) + "%"))));
            default -> UpdateStrategy.onDelete();
        };
        RetentionPolicy retention = r.nextBoolean() ? null
                : new RetentionPolicy(oneOf(r, "", "Retain", "Delete"), oneOf(r, "", "Retain", "Delete"));
        List<PersistentVolumeClaim> claims = new ArrayList<>();
        int claimCount = r.nextInt(3);
        for (int i = 0; i < claimCount; i++) {
            Map<String, Object> spec = new LinkedHashMap<>();
            spec.put("accessModes", Json.array("ReadWriteOnce"));
            // not "": defaulting keeps an empty volumeMode (SetDefaults_PersistentVolumeClaimSpec fills an absent one only), and
            // ValidatePersistentVolumeClaimSpec refuses it, as kube-apiserver 1.36.3 does (ApiServerValidationIT)
            putMaybe(r, spec, "volumeMode", oneOf(r, "Block", "Filesystem"));
            spec.put("resources", Json.object("requests", Json.object("storage", "1Gi")));
            claims.add(new PersistentVolumeClaim(ObjectMeta.named("", "claim-" + i), (Json.Obj) Json.from(spec), oneOf(r, "", "Bound")));
        }
        StatefulSetSpec spec = new StatefulSetSpec(maybe(r, r.nextInt(10)), LabelSelector.of(Map.of("app", "web")), template(r),
                claims, oneOf(r, "", "web"), oneOf(r, "", "", StatefulSetSpec.PARALLEL, StatefulSetSpec.ORDERED_READY), strategy,
                maybe(r, r.nextInt(20) - 5), r.nextInt(60), null, retention);
        return new StatefulSet(ObjectMeta.named("default", "web"), spec, null);
    }

    static Json.Obj template(Random r) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("labels", Json.object("app", "web"));
        putMaybe(r, metadata, "annotations", Json.object("note", "x"));
        putMaybe(r, metadata, "creationTimestamp", Json.Null.INSTANCE);
        Map<String, Object> pod = new LinkedHashMap<>();
        putMaybe(r, pod, "dnsPolicy", oneOf(r, "", "ClusterFirst", "Default", "None"));
        if ("None".equals(pod.get("dnsPolicy"))) {
            // validatePodDNSConfig: dnsPolicy None needs a nameserver
            pod.put("dnsConfig", Json.object("nameservers", Json.array("10.0.0.10")));
        }
        putMaybe(r, pod, "restartPolicy", oneOf(r, "", "Always"));
        putMaybe(r, pod, "schedulerName", oneOf(r, "", "custom"));
        putMaybe(r, pod, "securityContext", oneOf(r, Json.object(), Json.object("fsGroup", 1000), Json.Null.INSTANCE));
        putMaybe(r, pod, "terminationGracePeriodSeconds", r.nextInt(3) * 30);
        putMaybe(r, pod, "hostNetwork", r.nextBoolean());
        pod.put("containers", containers(r, 1 + r.nextInt(3), "c"));
        // init containers named apart from the containers, and sidecars (restartPolicy Always), the only init
        // containers validateInitContainers lets have probes and a lifecycle
        List<Object> sidecars = containers(r, r.nextInt(2), "init").stream()
                .map(c -> (Object) ((Json.Obj) Json.from(c)).with("restartPolicy", "Always")).toList();
        putMaybe(r, pod, "initContainers", sidecars);
        List<Object> volumes = new ArrayList<>();
        int volumeCount = r.nextInt(4);
        for (int i = 0; i < volumeCount; i++) {
            volumes.add(volume(r, "v" + i));
        }
        putMaybe(r, pod, "volumes", volumes);
        Map<String, Object> template = new LinkedHashMap<>();
        putMaybe(r, template, "metadata", metadata);
        if (!template.containsKey("metadata")) {
            // without labels the selector would not match; keep the set valid apart from missing defaults
            template.put("metadata", Json.object("labels", Json.object("app", "web")));
        }
        template.put("spec", pod);
        return (Json.Obj) Json.from(template);
    }

    static List<Object> containers(Random r, int count, String namePrefix) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("name", namePrefix + i);
            putMaybe(r, c, "image", oneOf(r, IMAGES));
            putMaybe(r, c, "imagePullPolicy", oneOf(r, "", "Always", "Never", "IfNotPresent"));
            putMaybe(r, c, "terminationMessagePath", oneOf(r, "", "/tmp/x"));
            putMaybe(r, c, "terminationMessagePolicy", oneOf(r, "", "FallbackToLogsOnError"));
            putMaybe(r, c, "resources", oneOf(r, Json.object(), Json.object("limits", Json.object("cpu", "500m"))));
            putMaybe(r, c, "ports", List.of(port(r), port(r)));
            putMaybe(r, c, "env", List.of(
                    Json.object("name", "A", "value", "x"),
                    Json.object("name", "B", "valueFrom", Json.object("fieldRef", fieldRef(r))),
                    Json.object("name", "C", "valueFrom", Json.object("resourceFieldRef", resourceFieldRef(r)))));
            for (String probe : List.of("livenessProbe", "readinessProbe", "startupProbe")) {
                putMaybe(r, c, probe, probe(r, !probe.equals("readinessProbe")));
            }
            putMaybe(r, c, "lifecycle", Json.object("preStop", Json.object("httpGet", httpGet(r))));
            out.add(c);
        }
        return out;
    }

    static Json port(Random r) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("containerPort", 1 + r.nextInt(65535));
        putMaybe(r, p, "protocol", oneOf(r, "", "TCP", "UDP", "SCTP"));
        return Json.from(p);
    }

    static Json fieldRef(Random r) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("fieldPath", "metadata.name");
        putMaybe(r, f, "apiVersion", oneOf(r, "", "v1"));
        return Json.from(f);
    }

    static Json resourceFieldRef(Random r) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("resource", "limits.cpu");
        putMaybe(r, f, "divisor", oneOf(r, "1m", "1"));
        return Json.from(f);
    }

    /** A probe with any handler and numbers; liveness and startup probes must succeed once ({@code validateLivenessProbe}). */
    static Json probe(Random r, boolean succeedsOnce) {
        Map<String, Object> p = new LinkedHashMap<>();
        switch (r.nextInt(4)) {
            case 0 -> p.put("httpGet", httpGet(r));
            case 1 -> p.put("tcpSocket", Json.object("port", 80));
            case 2 -> p.put("grpc", r.nextBoolean() ? Json.object("port", 9000) : Json.object("port", 9000, "service", "health"));
            default -> p.put("exec", Json.object("command", Json.array("true")));
        }
        for (String field : List.of("timeoutSeconds", "periodSeconds", "successThreshold", "failureThreshold", "initialDelaySeconds")) {
            putMaybe(r, p, field, succeedsOnce && field.equals("successThreshold") ? r.nextInt(2) : r.nextInt(3) * 5);
        }
        return Json.from(p);
    }

    static Json httpGet(Random r) {
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("port", r.nextBoolean() ? (Object) 8080 : "http");
        putMaybe(r, h, "path", oneOf(r, "", "/healthz"));
        putMaybe(r, h, "scheme", oneOf(r, "", "HTTP", "HTTPS"));
        return Json.from(h);
    }

    static Json volume(Random r, String name) {
        return switch (r.nextInt(8)) {
            case 0 -> Json.object("name", name);
            case 1 -> Json.object("name", name, "emptyDir", Json.object());
            case 2 -> Json.object("name", name, "configMap", r.nextBoolean() ? Json.object("name", "cm") : Json.object("name", "cm", "defaultMode", 256));
            case 3 -> Json.object("name", name, "secret", Json.object("secretName", "s"));
            case 4 -> Json.object("name", name, "hostPath", r.nextBoolean() ? Json.object("path", "/d") : Json.object("path", "/d", "type", "Directory"));
            case 5 -> Json.object("name", name, "downwardAPI", Json.object("items", Json.array(Json.object("path", "n", "fieldRef", fieldRef(r)))));
            case 6 -> Json.object("name", name, "projected", Json.object("sources", Json.array(
                    Json.object("serviceAccountToken", r.nextBoolean() ? Json.object("path", "t") : Json.object("path", "t", "expirationSeconds", 600)))));
            // a claim template's spec needs its access modes and storage request (ValidatePersistentVolumeClaimSpec)
            default -> Json.object("name", name, "ephemeral", Json.object("volumeClaimTemplate", Json.object("spec", Json.object(
                    "accessModes", Json.array("ReadWriteOnce"), "resources", Json.object("requests", Json.object("storage", "1Gi"))))));
        };
    }

    static <T> T maybe(Random r, T value) {
        return r.nextBoolean() ? value : null;
    }

    static void putMaybe(Random r, Map<String, Object> map, String key, Object value) {
        if (r.nextBoolean()) {
            map.put(key, value);
        }
    }

    @SafeVarargs
    static <T> T oneOf(Random r, T... values) {
        return values[r.nextInt(values.length)];
    }
}
