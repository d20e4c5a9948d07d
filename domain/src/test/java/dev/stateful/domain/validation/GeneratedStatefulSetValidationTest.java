package dev.stateful.domain.validation;

import static dev.stateful.domain.testing.PodSpecJson.execProbe;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.LabelSelector;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.Ordinals;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.domain.testing.Fixtures;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Thousands of generated sets: random mutations of a valid set, at most one per aspect ("slot") so
 * that mutations do not undo each other. Mutations known to be invalid must each be reported (with a
 * violation under their own field path); combinations of valid mutations must pass; nothing throws.
 * Run with {@code -Dvalidation.seed=<seed>} to replay a failure.
 */
class GeneratedStatefulSetValidationTest {

    static final int RUNS = 5_000;
    static final StatefulSet BASE = Fixtures.statefulSet("web", 3);
    static final String LABEL_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-";
    static final String BAD_CHARS = "ABZ_.! é/:";
    static final String BAD_VALUE_CHARS = "! é/:@";

    /**
     * A mutation: the slot it occupies, whether the result is invalid, where the error must show, and
     * which paths it hides: upstream skips the template checks (metadata and pod spec) when the selector
     * does not convert, so a bad template label or container next to a malformed selector is (correctly)
     * not reported.
     */
    record Mutation(String slot, String description, boolean invalid, String path, String hides, UnaryOperator<StatefulSet> apply) {
    }

    static final List<Function<Random, Mutation>> GENERATORS = List.of(
            // ---- names
            r -> invalid("name", "bad characters", "metadata.name", meta(m -> m.withName(withBadChar(r, label(r, 1, 40))))),
            r -> invalid("name", "dash at an end", "metadata.name", meta(m -> m.withName(r.nextBoolean() ? "-" + label(r, 1, 20) : label(r, 1, 20) + "-"))),
            r -> invalid("name", "too long", "metadata.name", meta(m -> m.withName(label(r, 53, 300)))),
            r -> invalid("name", "empty", "metadata.name", meta(m -> m.withName(""))),
            r -> valid("name", "valid name", meta(m -> m.withName(label(r, 1, 52)))),
            r -> invalid("namespace", "bad namespace", "metadata.namespace", meta(m -> m.withNamespace(withBadChar(r, label(r, 1, 30))))),
            r -> valid("namespace", "valid or empty namespace", meta(m -> m.withNamespace(r.nextBoolean() ? "" : label(r, 1, 63)))),
            // ---- numbers
            r -> invalid("replicas", "negative replicas", "spec.replicas", spec(s -> s.withReplicas(negative(r)))),
            r -> valid("replicas", "any non-negative replicas", spec(s -> s.withReplicas(nonNegative(r)))),
            r -> invalid("minReadySeconds", "negative minReadySeconds", "spec.minReadySeconds", spec(s -> s.withMinReadySeconds(negative(r)))),
            r -> valid("minReadySeconds", "minReadySeconds", spec(s -> s.withMinReadySeconds(nonNegative(r)))),
            // replicas and the start ordinal share a slot: together they must keep the highest ordinal within 32 bits
            r -> invalid("replicas", "negative start", "spec.ordinals.start", spec(s -> s.withOrdinals(new Ordinals(negative(r))))),
            r -> valid("replicas", "replicas and start ending at most at 2147483647", spec(s -> {
                int replicas = nonNegative(r);
                return s.withReplicas(replicas).withOrdinals(new Ordinals((int) r.nextLong((long) Integer.MAX_VALUE - Math.max(replicas, 1) + 2)));
            })),
            r -> invalid("replicas", "replicas and start beyond 2147483647", "spec.replicas", spec(s -> {
                int replicas = 2 + r.nextInt(Integer.MAX_VALUE - 1);
                return s.withReplicas(replicas).withOrdinals(new Ordinals(Integer.MAX_VALUE - replicas + 2 + r.nextInt(replicas - 1)));
            })),
            r -> valid("revisionHistoryLimit", "any revisionHistoryLimit (negative only warns)", spec(s -> s.withRevisionHistoryLimit(r.nextInt()))),
            // ---- strategies and policies
            r -> invalid("policy", "unknown podManagementPolicy", "spec.podManagementPolicy", spec(s -> s.withPodManagementPolicy(
                    oneOf(r, "", "Sequential", "parallel", "orderedready", label(r, 1, 10) + "X")))),
            r -> valid("policy", "known podManagementPolicy", spec(s -> s.withPodManagementPolicy(oneOf(r, StatefulSetSpec.PARALLEL, StatefulSetSpec.ORDERED_READY)))),
            r -> invalid("strategy", "unknown strategy type", "spec.updateStrategy", spec(s -> s.withUpdateStrategy(
                    new UpdateStrategy(oneOf(r, "", "Recreate", "rollingupdate", "ondelete", label(r, 1, 10)), null)))),
            r -> invalid("strategy", "OnDelete with rollingUpdate", "spec.updateStrategy.rollingUpdate", spec(s -> s.withUpdateStrategy(
                    new UpdateStrategy(UpdateStrategy.ON_DELETE, new UpdateStrategy.RollingUpdate(nonNegative(r), null))))),
            r -> invalid("strategy", "negative partition", "spec.updateStrategy.rollingUpdate.partition", spec(s -> s.withUpdateStrategy(
                    UpdateStrategy.rollingUpdate(negative(r), null)))),
            r -> invalid("strategy", "bad maxUnavailable", "spec.updateStrategy.rollingUpdate.maxUnavailable", spec(s -> s.withUpdateStrategy(
                    UpdateStrategy.rollingUpdate(0, badMaxUnavailable(r))))),
            r -> valid("strategy", "valid strategy", spec(s -> s.withUpdateStrategy(validStrategy(r)))),
            r -> invalid("retention", "unknown retention value", "spec.persistentVolumeClaimRetentionPolicy", spec(s -> s.withRetentionPolicy(
                    r.nextBoolean() ? new RetentionPolicy(badRetention(r), "Retain") : new RetentionPolicy("Delete", badRetention(r))))),
            r -> valid("retention", "valid retention", spec(s -> s.withRetentionPolicy(
                    new RetentionPolicy(oneOf(r, "Retain", "Delete", ""), oneOf(r, "Retain", "Delete", ""))))),
            // ---- selector and template
            r -> invalid("selector", "selector does not match", "spec.template.metadata.labels", spec(s -> s.withSelector(
                    LabelSelector.of(Map.of("app", "nginx" + label(r, 1, 5)))))),
            r -> invalid("selector", "missing selector", "spec.selector", spec(s -> s.withSelector(null))),
            r -> invalid("selector", "empty selector", "spec.selector", spec(s -> s.withSelector(LabelSelector.of(Map.of())))),
            r -> hiding("spec.template", invalid("selector", "malformed expression", "spec.selector", spec(s -> s.withSelector(new LabelSelector(Map.of("app", "nginx"),
                    List.of(oneOf(r, new LabelSelector.Requirement("tier", "In", List.of()),
                            new LabelSelector.Requirement("tier", "Exists", List.of("x")),
                            new LabelSelector.Requirement("tier", "Equals", List.of("x")),
                            new LabelSelector.Requirement("Tier!", "DoesNotExist", List.of())))))))),
            r -> valid("selector", "selector by expression", spec(s -> s.withSelector(new LabelSelector(Map.of(),
                    List.of(new LabelSelector.Requirement("app", "In", List.of("nginx", label(r, 1, 10)))))))),
            r -> invalid("templateLabels", "bad template label value", "spec.template.labels", templateMeta(m -> m.with("labels",
                    Json.object("app", "nginx", "extra", r.nextBoolean() ? label(r, 64, 100) : withBadValueChar(r, label(r, 1, 20)))))),
            r -> invalid("restartPolicy", "restartPolicy other than Always", "spec.template.spec.restartPolicy",
                    templateSpec(t -> t.with("restartPolicy", oneOf(r, "Never", "OnFailure", "always")))),
            r -> valid("restartPolicy", "restartPolicy unset or Always", templateSpec(t -> r.nextBoolean() ? t.without("restartPolicy") : t.with("restartPolicy", "Always"))),
            r -> invalid("deadline", "activeDeadlineSeconds", "spec.template.spec.activeDeadlineSeconds",
                    templateSpec(t -> t.with("activeDeadlineSeconds", r.nextInt(1000)))),
            // ---- the pod spec's containers (ValidatePodSpec), each aspect its own key of the one container
            r -> invalid("mounts", "a mount of no volume", "spec.template.spec.containers[0].volumeMounts", container(c -> c.with("volumeMounts",
                    Json.array(Json.object("name", oneOf(r, "cache", "", "www-" + label(r, 1, 5)), "mountPath", "/data"))))),
            r -> invalid("mounts", "two mounts at one path", "spec.template.spec.containers[0].volumeMounts", container(c -> c.with("volumeMounts",
                    Json.array(Json.object("name", "www", "mountPath", "/data"), Json.object("name", "www", "mountPath", "/data"))))),
            r -> valid("mounts", "a mount of the claim template", container(c -> c.with("volumeMounts",
                    Json.array(Json.object("name", "www", "mountPath", "/" + label(r, 1, 10)))))),
            r -> invalid("ports", "a port out of range", "spec.template.spec.containers[0].ports", container(c -> c.with("ports",
                    Json.array(Json.object("containerPort", r.nextBoolean() ? 65536 + r.nextInt(100_000) : negative(r), "protocol", "TCP"))))),
            r -> invalid("ports", "an unknown protocol", "spec.template.spec.containers[0].ports", container(c -> c.with("ports",
                    Json.array(Json.object("containerPort", 1 + r.nextInt(65535), "protocol", oneOf(r, "tcp", "HTTP", "ICMP")))))),
            r -> invalid("ports", "a bad or repeated port name", "spec.template.spec.containers[0].ports", container(c -> c.with("ports",
                    Json.array(Json.object("name", "web", "containerPort", 80), Json.object("name", oneOf(r, "web", "80", "a--b", "-web",
                            "web-" + label(r, 12, 20)), "containerPort", 81))))),
            r -> valid("ports", "ports in range with known protocols", container(c -> c.with("ports",
                    Json.array(Json.object("name", "web", "containerPort", 1 + r.nextInt(65535), "protocol", oneOf(r, "TCP", "UDP", "SCTP", "")))))),
            r -> invalid("env", "an env name empty or with '='", "spec.template.spec.containers[0].env", container(c -> c.with("env",
                    Json.array(Json.object("name", oneOf(r, "", "A=B", "=", "tab\tname")))))),
            r -> valid("env", "an env name of printable ASCII", container(c -> c.with("env", Json.array(Json.object("name", oneOf(r, "HOME", "1x", "a b.c-d")))))),
            r -> invalid("env", "a valueFrom of no source, two, or beside a value", "spec.template.spec.containers[0].env[0].valueFrom", container(c -> c.with("env",
                    Json.array(Json.object("name", "A", "value", oneOf(r, "", "x"), "valueFrom", oneOf(r, Json.object(),
                            Json.object("configMapKeyRef", keyRef(), "secretKeyRef", keyRef()),
                            Json.object("fieldRef", Json.object("apiVersion", "v1", "fieldPath", oneOf(r, "status.phase", "metadata.labels", "spec.x"))))))))),
            r -> valid("env", "a valueFrom of one source", container(c -> c.with("env", Json.array(Json.object("name", "A", "valueFrom", oneOf(r,
                    Json.object("configMapKeyRef", keyRef()), Json.object("secretKeyRef", keyRef()),
                    Json.object("fieldRef", Json.object("apiVersion", "v1", "fieldPath", oneOf(r, "metadata.name", "status.podIP", "metadata.labels['app']"))),
                    Json.object("resourceFieldRef", Json.object("resource", oneOf(r, "limits.cpu", "requests.memory"), "divisor", "1")))))))),
            r -> invalid("envFrom", "an envFrom of no source or two, or a prefix with '='", "spec.template.spec.containers[0].envFrom", container(c -> c.with("envFrom",
                    Json.array(oneOf(r, Json.object("prefix", "P_"), Json.object("configMapRef", Json.object("name", "a"), "secretRef", Json.object("name", "b")),
                            Json.object("prefix", "A=", "configMapRef", Json.object("name", "a"))))))),
            r -> valid("envFrom", "an envFrom of one source", container(c -> c.with("envFrom", Json.array(Json.object("prefix", oneOf(r, "", "P_", "1 x"),
                    oneOf(r, "configMapRef", "secretRef"), Json.object("name", label(r, 1, 20))))))),
            r -> invalid("policies", "an unknown pull or termination message policy", "spec.template.spec.containers[0]", container(c -> r.nextBoolean()
                    ? c.with("imagePullPolicy", oneOf(r, "always", "Sometimes", "IfNotPresent "))
                    : c.with("terminationMessagePolicy", oneOf(r, "file", "Stdout", "FallbackToLogs")))),
            r -> valid("policies", "known pull and termination message policies", container(c -> c.with("imagePullPolicy", oneOf(r, "Always", "IfNotPresent", "Never"))
                    .with("terminationMessagePolicy", oneOf(r, "File", "FallbackToLogsOnError")))),
            r -> invalid("probes", "a probe without a handler, with two, a negative number, a bad port, or a liveness success threshold over 1",
                    "spec.template.spec.containers[0].livenessProbe", container(c -> c.with("livenessProbe", switch (r.nextInt(5)) {
                        case 0 -> Json.object();
                        case 1 -> execProbe().with("tcpSocket", Json.object("port", 80));
                        case 2 -> execProbe().with(oneOf(r, "initialDelaySeconds", "timeoutSeconds", "periodSeconds", "failureThreshold"), negative(r));
                        case 3 -> Json.object("httpGet", Json.object("port", oneOf(r, (Object) 0, 65536, "a--b", "80")));
                        default -> execProbe().with("successThreshold", 2 + r.nextInt(10));
                    }))),
            r -> valid("probes", "probes of one handler each, liveness succeeding once", container(c -> c
                    .with("livenessProbe", execProbe().with("successThreshold", r.nextInt(2)).with("periodSeconds", r.nextInt(100)))
                    .with("readinessProbe", Json.object("httpGet", Json.object("port", oneOf(r, (Object) (1 + r.nextInt(65535)), "http"))).with("successThreshold", r.nextInt(5)))
                    .with("startupProbe", Json.object("grpc", Json.object("port", 1 + r.nextInt(65535)))))),
            r -> invalid("resources", "a request over its limit", "spec.template.spec.containers[0].resources", container(c -> c.with("resources",
                    Json.object("limits", Json.object("cpu", "1"), "requests", Json.object("cpu", oneOf(r, "1001m", "2", "1.0001")))))),
            r -> invalid("resources", "a resource name no container has", "spec.template.spec.containers[0].resources", container(c -> c.with("resources",
                    Json.object("limits", Json.object(oneOf(r, "gpu", "pods", "Bad Name", "requests.example.com/x", "example.com/a/b"), "1"))))),
            r -> valid("resources", "a request within its limit", container(c -> c.with("resources",
                    Json.object("limits", Json.object("memory", "1Gi"), "requests", Json.object("memory", oneOf(r, "1Gi", "1024Mi", "512M")))))),
            // ---- the pod's own fields
            r -> invalid("dnsPolicy", "an unknown dnsPolicy, or None without a nameserver", "spec.template.spec.dns", templateSpec(t -> r.nextBoolean()
                    ? t.with("dnsPolicy", oneOf(r, "clusterfirst", "Cluster", "Host"))
                    : t.with("dnsPolicy", "None").with("dnsConfig", oneOf(r, Json.Null.INSTANCE, Json.object())))),
            r -> valid("dnsPolicy", "a known dnsPolicy", templateSpec(t -> t.with("dnsPolicy", oneOf(r, "ClusterFirst", "Default", "ClusterFirstWithHostNet")))),
            r -> invalid("tolerations", "a toleration of no key but Equal, a value with Exists, an unknown operator or effect",
                    "spec.template.spec.tolerations", templateSpec(t -> t.with("tolerations", Json.array(oneOf(r,
                            Json.object("operator", "Equal", "value", "v"), Json.object("key", "k", "operator", "Exists", "value", "v"),
                            Json.object("key", "k", "operator", oneOf(r, "In", "Lt", "exists")), Json.object("key", "k", "effect", oneOf(r, "NoRun", "noschedule")),
                            Json.object("key", "k", "tolerationSeconds", 5, "effect", "NoSchedule")))))),
            r -> valid("tolerations", "tolerations of known operators and effects", templateSpec(t -> t.with("tolerations", Json.array(
                    Json.object("operator", "Exists"), Json.object("key", label(r, 1, 20), "value", label(r, 0, 20),
                            "effect", oneOf(r, "NoSchedule", "PreferNoSchedule", "NoExecute")))))),
            // ---- claim templates
            r -> valid("claims", "claim templates repeating a name (merged, the last winning)", spec(s -> s.withVolumeClaimTemplates(
                    shuffled(r, List.of(claim("www"), claim("data"), claim(r.nextBoolean() ? "www" : "data")))))),
            r -> invalid("claims", "badly named claim template", "spec.volumeClaimTemplates", spec(s -> s.withVolumeClaimTemplates(
                    List.of(claim("www"), claim(oneOf(r, "", withBadChar(r, label(r, 1, 20)), label(r, 1, 10) + ".x", label(r, 64, 80))))))),
            r -> valid("claims", "distinct claim templates", spec(s -> s.withVolumeClaimTemplates(
                    List.of(claim("www"), claim("data-" + label(r, 1, 10)))))),
            r -> invalid("serviceName", "serviceName not a DNS-1123 label", "spec.serviceName", spec(s -> s.withServiceName(
                    oneOf(r, withBadChar(r, label(r, 1, 20)), label(r, 1, 10) + "." + label(r, 1, 10), label(r, 64, 80))))),
            r -> valid("serviceName", "an empty serviceName or a DNS-1123 label", spec(s -> s.withServiceName(r.nextBoolean() ? "" : label(r, 1, 30)))));

    @Test
    void everyKnownInvalidMutationIsReportedAndValidOnesPass() {
        long seed = Long.getLong("validation.seed", new Random().nextLong());
        Random random = new Random(seed);
        int invalidSets = 0;
        for (int run = 0; run < RUNS; run++) {
            List<Mutation> mutations = pick(random);
            StatefulSet set = BASE;
            for (Mutation m : mutations) {
                set = m.apply().apply(set);
            }
            String context = "seed=" + seed + " run=" + run + " mutations=" + mutations.stream().map(Mutation::description).toList();
            List<Violation> violations;
            try {
                violations = StatefulSetValidator.validate(set);
                StatefulSetValidator.warnings(set);
                StatefulSetValidator.validateUpdate(BASE, set);
            } catch (RuntimeException e) {
                throw new AssertionError("validation threw, " + context, e);
            }
            List<Mutation> invalid = mutations.stream().filter(Mutation::invalid).toList();
            if (invalid.isEmpty()) {
                assertThat(violations).as(context).isEmpty();
                continue;
            }
            invalidSets++;
            assertThat(violations).as(context).isNotEmpty()
                    .allSatisfy(v -> assertThat(v.field()).as(context).matches("(metadata|spec)\\..+"));
            for (Mutation m : invalid) {
                if (mutations.stream().anyMatch(other -> !other.hides().isEmpty() && m.path().startsWith(other.hides()))) {
                    continue;
                }
                if (violations.stream().noneMatch(v -> v.field().startsWith(m.path()))) {
                    fail("no violation under " + m.path() + " for '" + m.description() + "': " + violations + ", " + context);
                }
            }
        }
        assertThat(invalidSets).as("generator sanity, seed=" + seed).isGreaterThan(RUNS / 2);
    }

    /** One to four mutations from distinct slots. */
    static List<Mutation> pick(Random r) {
        Map<String, Mutation> bySlot = new LinkedHashMap<>();
        int wanted = 1 + r.nextInt(4);
        while (bySlot.size() < wanted) {
            Mutation m = GENERATORS.get(r.nextInt(GENERATORS.size())).apply(r);
            bySlot.putIfAbsent(m.slot(), m);
        }
        return List.copyOf(bySlot.values());
    }

    // ------------------------------------------------------------------ value generators

    static String label(Random r, int min, int max) {
        int length = min + r.nextInt(max - min + 1);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < length; i++) {
            boolean end = i == 0 || i == length - 1;
            String chars = end ? LABEL_CHARS.substring(0, LABEL_CHARS.length() - 1) : LABEL_CHARS;
            out.append(chars.charAt(r.nextInt(chars.length())));
        }
        return out.toString();
    }

    /** A label with one character no DNS label, subdomain, label value or qualified name accepts everywhere. */
    static String withBadChar(Random r, String label) {
        int at = r.nextInt(label.length() + 1);
        char bad = BAD_CHARS.charAt(r.nextInt(BAD_CHARS.length()));
        if (bad == '.' || bad == '_' || bad == '/' || bad == ':') {
            // harmless in some formats in the middle, so put them where none accepts them
            return bad + label;
        }
        return label.substring(0, at) + bad + label.substring(at);
    }

    /** Label values accept upper case and inner '.', '_' and '-', but none of these anywhere. */
    static String withBadValueChar(Random r, String label) {
        int at = r.nextInt(label.length() + 1);
        return label.substring(0, at) + BAD_VALUE_CHARS.charAt(r.nextInt(BAD_VALUE_CHARS.length())) + label.substring(at);
    }

    static int negative(Random r) {
        return r.nextBoolean() ? -1 - r.nextInt(100) : Integer.MIN_VALUE + r.nextInt(1000);
    }

    static int nonNegative(Random r) {
        return r.nextBoolean() ? r.nextInt(100) : Integer.MAX_VALUE - r.nextInt(1000);
    }

    static IntOrString badMaxUnavailable(Random r) {
        return switch (r.nextInt(4)) {
            case 0 -> IntOrString.of(r.nextBoolean() ? 0 : negative(r));
            case 1 -> IntOrString.of(r.nextBoolean() ? "0%" : (101 + r.nextInt(100_000)) + "%");
            case 2 -> IntOrString.of(oneOf(r, "", "%", "-5%", "5.5%", "5", "abc", " 5%", "5% ", "five%", "+5%"));
            default -> IntOrString.of("0".repeat(1 + r.nextInt(3)) + "%");
        };
    }

    static UpdateStrategy validStrategy(Random r) {
        if (r.nextInt(3) == 0) {
            return UpdateStrategy.onDelete();
        }
        IntOrString max = switch (r.nextInt(3)) {
            case 0 -> null;
            case 1 -> IntOrString.of(1 + r.nextInt(Integer.MAX_VALUE - 1));
            default -> IntOrString.of((1 + r.nextInt(100)) + "%");
        };
        return UpdateStrategy.rollingUpdate(r.nextBoolean() ? null : nonNegative(r), max);
    }

    static String badRetention(Random r) {
        return oneOf(r, "retain", "delete", "Keep", "Orphan", label(r, 1, 10) + "X");
    }

    @SafeVarargs
    static <T> T oneOf(Random r, T... values) {
        return values[r.nextInt(values.length)];
    }

    static <T> List<T> shuffled(Random r, List<T> values) {
        List<T> copy = new ArrayList<>(values);
        Collections.shuffle(copy, r);
        return copy;
    }

    static PersistentVolumeClaim claim(String name) {
        return Fixtures.claimTemplate(name);
    }

    static Mutation invalid(String slot, String description, String path, UnaryOperator<StatefulSet> apply) {
        return new Mutation(slot, description, true, path, "", apply);
    }

    static Mutation valid(String slot, String description, UnaryOperator<StatefulSet> apply) {
        return new Mutation(slot, description, false, "", "", apply);
    }

    static Mutation hiding(String hides, Mutation m) {
        return new Mutation(m.slot(), m.description(), m.invalid(), m.path(), hides, m.apply());
    }

    static UnaryOperator<StatefulSet> meta(UnaryOperator<ObjectMeta> change) {
        return StatefulSetValidatorTest.meta(change);
    }

    static UnaryOperator<StatefulSet> spec(UnaryOperator<StatefulSetSpec> change) {
        return StatefulSetValidatorTest.spec(change);
    }

    static UnaryOperator<StatefulSet> templateMeta(UnaryOperator<Json.Obj> change) {
        return StatefulSetValidatorTest.templateMeta(change);
    }

    static UnaryOperator<StatefulSet> templateSpec(UnaryOperator<Json.Obj> change) {
        return StatefulSetValidatorTest.templateSpec(change);
    }

    static Json.Obj keyRef() {
        return Json.object("name", "config", "key", "k");
    }

    static UnaryOperator<StatefulSet> container(UnaryOperator<Json.Obj> change) {
        return StatefulSetValidatorTest.container(change);
    }
}
