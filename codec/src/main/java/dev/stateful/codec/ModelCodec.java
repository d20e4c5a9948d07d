package dev.stateful.codec;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.LabelSelector;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.Ordinals;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.RetentionPolicy;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.model.UpdateStrategy;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Converts between the Kubernetes JSON wire shape and the domain records. Decoding never throws for
 * shape problems: they are collected as {@link dev.stateful.domain.validation.Violation}s with field
 * paths (strict mode also reports unknown fields, like {@code kubectl apply --validate=strict}).
 */
public final class ModelCodec {

    private static final Set<String> OBJECT_KEYS = Set.of("apiVersion", "kind", "metadata", "spec", "status");
    private static final Set<String> META_KEYS = Set.of("name", "generateName", "namespace", "uid", "resourceVersion",
            "generation", "labels", "annotations", "ownerReferences", "finalizers", "creationTimestamp",
            "deletionTimestamp", "deletionGracePeriodSeconds", "managedFields", "selfLink");
    private static final Set<String> SPEC_KEYS = Set.of("replicas", "selector", "template", "volumeClaimTemplates",
            "serviceName", "podManagementPolicy", "updateStrategy", "revisionHistoryLimit", "minReadySeconds",
            "ordinals", "persistentVolumeClaimRetentionPolicy");
    private static final Set<String> SELECTOR_KEYS = Set.of("matchLabels", "matchExpressions");
    private static final Set<String> REQUIREMENT_KEYS = Set.of("key", "operator", "values");
    private static final Set<String> TEMPLATE_KEYS = Set.of("metadata", "spec");
    private static final Set<String> STRATEGY_KEYS = Set.of("type", "rollingUpdate");
    private static final Set<String> ROLLING_KEYS = Set.of("partition", "maxUnavailable");
    private static final Set<String> ORDINALS_KEYS = Set.of("start");
    private static final Set<String> RETENTION_KEYS = Set.of("whenDeleted", "whenScaled");

    private ModelCodec() {
    }

    // ---------------------------------------------------------------- StatefulSet

    public static Decoded<StatefulSet> decodeStatefulSet(Json.Obj obj, boolean strict) {
        FieldReader r = new FieldReader(strict);
        r.known(obj, "", OBJECT_KEYS);
        ObjectMeta meta = meta(r, r.object(obj, "metadata", ""), "metadata");
        Json.Obj specObj = r.object(obj, "spec", "");
        StatefulSetSpec spec = spec(r, specObj == null ? Json.EMPTY_OBJECT : specObj, "spec");
        Json.Obj statusObj = r.object(obj, "status", "");
        StatefulSetStatus status = statusObj == null ? StatefulSetStatus.EMPTY : status(new FieldReader(false), statusObj);
        return new Decoded<>(new StatefulSet(meta, spec, status), r.problems());
    }

    public static StatefulSet statefulSet(Json.Obj obj) {
        return decodeStatefulSet(obj, false).orThrow();
    }

    public static Json.Obj encode(StatefulSet set) {
        return Json.object("apiVersion", "apps/v1", "kind", "StatefulSet",
                "metadata", encode(set.metadata()), "spec", encode(set.spec()), "status", encode(set.status()));
    }

    private static StatefulSetSpec spec(FieldReader r, Json.Obj s, String path) {
        r.known(s, path, SPEC_KEYS);
        Integer replicas = r.int32(s, "replicas", path);
        Json.Obj selectorObj = r.object(s, "selector", path);
        LabelSelector selector = selectorObj == null ? null : selector(r, selectorObj, path + ".selector");
        Json.Obj template = r.object(s, "template", path);
        if (template != null) {
            r.known(template, path + ".template", TEMPLATE_KEYS);
            Json.Obj tmeta = r.object(template, "metadata", path + ".template");
            if (tmeta != null) {
                r.known(tmeta, path + ".template.metadata", META_KEYS);
                r.stringMap(tmeta, "labels", path + ".template.metadata");
                r.stringMap(tmeta, "annotations", path + ".template.metadata");
            }
            r.object(template, "spec", path + ".template");
        }
        List<PersistentVolumeClaim> claims = new ArrayList<>();
        List<Json> claimItems = r.array(s, "volumeClaimTemplates", path);
        for (int i = 0; i < claimItems.size(); i++) {
            String p = path + ".volumeClaimTemplates[" + i + "]";
            if (claimItems.get(i) instanceof Json.Obj c) {
                claims.add(claim(r, c, p));
            } else {
                r.mismatch(p, "an object", claimItems.get(i));
            }
        }
        UpdateStrategy strategy = null;
        Json.Obj us = r.object(s, "updateStrategy", path);
        if (us != null) {
            r.known(us, path + ".updateStrategy", STRATEGY_KEYS);
            Json.Obj ru = r.object(us, "rollingUpdate", path + ".updateStrategy");
            UpdateStrategy.RollingUpdate rolling = null;
            if (ru != null) {
                String rp = path + ".updateStrategy.rollingUpdate";
                r.known(ru, rp, ROLLING_KEYS);
                rolling = new UpdateStrategy.RollingUpdate(r.int32(ru, "partition", rp), intOrString(r, ru, "maxUnavailable", rp));
            }
            strategy = new UpdateStrategy(r.string(us, "type", path + ".updateStrategy"), rolling);
        }
        Ordinals ordinals = null;
        Json.Obj ord = r.object(s, "ordinals", path);
        if (ord != null) {
            r.known(ord, path + ".ordinals", ORDINALS_KEYS);
            Integer start = r.int32(ord, "start", path + ".ordinals");
            ordinals = new Ordinals(start == null ? 0 : start);
        }
        RetentionPolicy retention = null;
        Json.Obj ret = r.object(s, "persistentVolumeClaimRetentionPolicy", path);
        if (ret != null) {
            String rp = path + ".persistentVolumeClaimRetentionPolicy";
            r.known(ret, rp, RETENTION_KEYS);
            retention = new RetentionPolicy(r.string(ret, "whenDeleted", rp), r.string(ret, "whenScaled", rp));
        }
        Integer minReady = r.int32(s, "minReadySeconds", path);
        return new StatefulSetSpec(replicas, selector, template, claims, r.string(s, "serviceName", path),
                r.string(s, "podManagementPolicy", path), strategy, r.int32(s, "revisionHistoryLimit", path),
                minReady == null ? 0 : minReady, ordinals, retention);
    }

    private static IntOrString intOrString(FieldReader r, Json.Obj obj, String key, String path) {
        Json value = obj.fields().get(key);
        if (value == null || value == Json.Null.INSTANCE) {
            return null;
        }
        if (value instanceof Json.Str s) {
            return IntOrString.of(s.value());
        }
        Integer i = r.int32(obj, key, path);
        return i == null ? null : IntOrString.of(i);
    }

    private static LabelSelector selector(FieldReader r, Json.Obj obj, String path) {
        r.known(obj, path, SELECTOR_KEYS);
        Map<String, String> labels = r.stringMap(obj, "matchLabels", path);
        List<LabelSelector.Requirement> reqs = new ArrayList<>();
        List<Json> items = r.array(obj, "matchExpressions", path);
        for (int i = 0; i < items.size(); i++) {
            String p = path + ".matchExpressions[" + i + "]";
            if (items.get(i) instanceof Json.Obj e) {
                r.known(e, p, REQUIREMENT_KEYS);
                reqs.add(new LabelSelector.Requirement(r.string(e, "key", p), r.string(e, "operator", p), r.stringList(e, "values", p)));
            } else {
                r.mismatch(p, "an object", items.get(i));
            }
        }
        return new LabelSelector(labels, reqs);
    }

    public static Json.Obj encode(StatefulSetSpec s) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (s.replicas() != null) {
            out.put("replicas", s.replicas());
        }
        if (s.selector() != null) {
            out.put("selector", encode(s.selector()));
        }
        out.put("template", s.template());
        if (!s.volumeClaimTemplates().isEmpty()) {
            out.put("volumeClaimTemplates", s.volumeClaimTemplates().stream().map(ModelCodec::encode).toList());
        }
        if (!s.serviceName().isEmpty()) {
            out.put("serviceName", s.serviceName());
        }
        if (!s.podManagementPolicy().isEmpty()) {
            out.put("podManagementPolicy", s.podManagementPolicy());
        }
        UpdateStrategy us = s.updateStrategy();
        if (!us.type().isEmpty() || us.rollingUpdate() != null) {
            Map<String, Object> strategy = new LinkedHashMap<>();
            if (!us.type().isEmpty()) {
                strategy.put("type", us.type());
            }
            if (us.rollingUpdate() != null) {
                Map<String, Object> ru = new LinkedHashMap<>();
                if (us.rollingUpdate().partition() != null) {
                    ru.put("partition", us.rollingUpdate().partition());
                }
                IntOrString mu = us.rollingUpdate().maxUnavailable();
                if (mu != null) {
                    ru.put("maxUnavailable", mu.isInt() ? (Object) mu.intValue() : mu.stringValue());
                }
                strategy.put("rollingUpdate", ru);
            }
            out.put("updateStrategy", strategy);
        }
        if (s.revisionHistoryLimit() != null) {
            out.put("revisionHistoryLimit", s.revisionHistoryLimit());
        }
        if (s.minReadySeconds() != 0) {
            out.put("minReadySeconds", s.minReadySeconds());
        }
        if (s.ordinals() != null) {
            out.put("ordinals", Map.of("start", s.ordinals().start()));
        }
        if (s.persistentVolumeClaimRetentionPolicy() != null) {
            out.put("persistentVolumeClaimRetentionPolicy", Map.of(
                    "whenDeleted", s.persistentVolumeClaimRetentionPolicy().whenDeleted(),
                    "whenScaled", s.persistentVolumeClaimRetentionPolicy().whenScaled()));
        }
        return (Json.Obj) Json.from(out);
    }

    public static Json.Obj encode(LabelSelector selector) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (!selector.matchLabels().isEmpty()) {
            out.put("matchLabels", new java.util.TreeMap<>(selector.matchLabels()));
        }
        if (!selector.matchExpressions().isEmpty()) {
            List<Object> exprs = new ArrayList<>();
            for (LabelSelector.Requirement req : selector.matchExpressions()) {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("key", req.key());
                e.put("operator", req.operator());
                if (!req.values().isEmpty()) {
                    e.put("values", req.values());
                }
                exprs.add(e);
            }
            out.put("matchExpressions", exprs);
        }
        return (Json.Obj) Json.from(out);
    }

    private static StatefulSetStatus status(FieldReader r, Json.Obj s) {
        List<StatefulSetStatus.Condition> conditions = new ArrayList<>();
        for (Json item : r.array(s, "conditions", "status")) {
            if (item instanceof Json.Obj c) {
                conditions.add(new StatefulSetStatus.Condition(r.string(c, "type", ""), r.string(c, "status", ""),
                        r.time(c, "lastTransitionTime", ""), r.string(c, "reason", ""), r.string(c, "message", "")));
            }
        }
        return new StatefulSetStatus(orZero(r.int64(s, "observedGeneration", "status")),
                orZero(r.int32(s, "replicas", "status")), orZero(r.int32(s, "readyReplicas", "status")),
                orZero(r.int32(s, "currentReplicas", "status")), orZero(r.int32(s, "updatedReplicas", "status")),
                orZero(r.int32(s, "availableReplicas", "status")), r.string(s, "currentRevision", "status"),
                r.string(s, "updateRevision", "status"), r.int32(s, "collisionCount", "status"), conditions);
    }

    public static StatefulSetStatus statefulSetStatus(Json.Obj obj) {
        return status(new FieldReader(false), obj);
    }

    public static Json.Obj encode(StatefulSetStatus s) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (s.observedGeneration() != 0) {
            out.put("observedGeneration", s.observedGeneration());
        }
        out.put("replicas", s.replicas());
        putNonZero(out, "readyReplicas", s.readyReplicas());
        putNonZero(out, "currentReplicas", s.currentReplicas());
        putNonZero(out, "updatedReplicas", s.updatedReplicas());
        putNonZero(out, "availableReplicas", s.availableReplicas());
        if (!s.currentRevision().isEmpty()) {
            out.put("currentRevision", s.currentRevision());
        }
        if (!s.updateRevision().isEmpty()) {
            out.put("updateRevision", s.updateRevision());
        }
        if (s.collisionCount() != null) {
            out.put("collisionCount", s.collisionCount());
        }
        if (!s.conditions().isEmpty()) {
            List<Object> conds = new ArrayList<>();
            for (StatefulSetStatus.Condition c : s.conditions()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("type", c.type());
                m.put("status", c.status());
                if (c.lastTransitionTime() != null) {
                    m.put("lastTransitionTime", time(c.lastTransitionTime()));
                }
                if (c.reason() != null && !c.reason().isEmpty()) {
                    m.put("reason", c.reason());
                }
                if (c.message() != null && !c.message().isEmpty()) {
                    m.put("message", c.message());
                }
                conds.add(m);
            }
            out.put("conditions", conds);
        }
        return (Json.Obj) Json.from(out);
    }

    // ---------------------------------------------------------------- metadata

    private static ObjectMeta meta(FieldReader r, Json.Obj m, String path) {
        if (m == null) {
            return ObjectMeta.named("", "");
        }
        r.known(m, path, META_KEYS);
        List<OwnerReference> refs = new ArrayList<>();
        List<Json> items = r.array(m, "ownerReferences", path);
        for (int i = 0; i < items.size(); i++) {
            String p = path + ".ownerReferences[" + i + "]";
            if (items.get(i) instanceof Json.Obj o) {
                refs.add(new OwnerReference(r.string(o, "apiVersion", p), r.string(o, "kind", p), r.string(o, "name", p),
                        r.string(o, "uid", p), r.bool(o, "controller", p), r.bool(o, "blockOwnerDeletion", p)));
            } else {
                r.mismatch(p, "an object", items.get(i));
            }
        }
        Long generation = r.int64(m, "generation", path);
        return new ObjectMeta(r.string(m, "name", path), r.string(m, "generateName", path), r.string(m, "namespace", path),
                r.string(m, "uid", path), r.string(m, "resourceVersion", path), generation == null ? 0 : generation,
                r.stringMap(m, "labels", path), r.stringMap(m, "annotations", path), refs,
                r.stringList(m, "finalizers", path), r.time(m, "creationTimestamp", path), r.time(m, "deletionTimestamp", path));
    }

    public static ObjectMeta objectMeta(Json.Obj obj) {
        FieldReader r = new FieldReader(false);
        ObjectMeta meta = meta(r, obj, "metadata");
        if (!r.problems().isEmpty()) {
            throw new DecodeException(r.problems());
        }
        return meta;
    }

    public static Json.Obj encode(ObjectMeta m) {
        Map<String, Object> out = new LinkedHashMap<>();
        putNonEmpty(out, "name", m.name());
        putNonEmpty(out, "generateName", m.generateName());
        putNonEmpty(out, "namespace", m.namespace());
        putNonEmpty(out, "uid", m.uid());
        putNonEmpty(out, "resourceVersion", m.resourceVersion());
        if (m.generation() != 0) {
            out.put("generation", m.generation());
        }
        if (m.creationTimestamp() != null) {
            out.put("creationTimestamp", time(m.creationTimestamp()));
        }
        if (m.deletionTimestamp() != null) {
            out.put("deletionTimestamp", time(m.deletionTimestamp()));
        }
        if (!m.labels().isEmpty()) {
            out.put("labels", new java.util.TreeMap<>(m.labels()));
        }
        if (!m.annotations().isEmpty()) {
            out.put("annotations", new java.util.TreeMap<>(m.annotations()));
        }
        if (!m.ownerReferences().isEmpty()) {
            List<Object> refs = new ArrayList<>();
            for (OwnerReference ref : m.ownerReferences()) {
                Map<String, Object> o = new LinkedHashMap<>();
                o.put("apiVersion", ref.apiVersion());
                o.put("kind", ref.kind());
                o.put("name", ref.name());
                o.put("uid", ref.uid());
                if (ref.controller() != null) {
                    o.put("controller", ref.controller());
                }
                if (ref.blockOwnerDeletion() != null) {
                    o.put("blockOwnerDeletion", ref.blockOwnerDeletion());
                }
                refs.add(o);
            }
            out.put("ownerReferences", refs);
        }
        if (!m.finalizers().isEmpty()) {
            out.put("finalizers", m.finalizers());
        }
        return (Json.Obj) Json.from(out);
    }

    // ---------------------------------------------------------------- Pod

    public static Pod pod(Json.Obj obj) {
        FieldReader r = new FieldReader(false);
        ObjectMeta meta = meta(r, r.object(obj, "metadata", ""), "metadata");
        Json.Obj spec = r.object(obj, "spec", "");
        Json.Obj st = r.object(obj, "status", "");
        PodStatus status = PodStatus.NONE;
        if (st != null) {
            List<PodStatus.PodCondition> conditions = new ArrayList<>();
            for (Json item : r.array(st, "conditions", "status")) {
                if (item instanceof Json.Obj c) {
                    conditions.add(new PodStatus.PodCondition(r.string(c, "type", "status.conditions"),
                            r.string(c, "status", "status.conditions"), r.time(c, "lastTransitionTime", "status.conditions")));
                }
            }
            status = new PodStatus(r.string(st, "phase", "status"), conditions);
        }
        if (!r.problems().isEmpty()) {
            throw new DecodeException(r.problems());
        }
        return new Pod(meta, spec, status);
    }

    public static Json.Obj encode(Pod pod) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("apiVersion", "v1");
        out.put("kind", "Pod");
        out.put("metadata", encode(pod.metadata()));
        out.put("spec", pod.spec());
        out.put("status", encode(pod.status()));
        return (Json.Obj) Json.from(out);
    }

    public static Json.Obj encode(PodStatus status) {
        Map<String, Object> out = new LinkedHashMap<>();
        putNonEmpty(out, "phase", status.phase());
        if (!status.conditions().isEmpty()) {
            List<Object> conds = new ArrayList<>();
            for (PodStatus.PodCondition c : status.conditions()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("type", c.type());
                m.put("status", c.status());
                if (c.lastTransitionTime() != null) {
                    m.put("lastTransitionTime", time(c.lastTransitionTime()));
                }
                conds.add(m);
            }
            out.put("conditions", conds);
        }
        return (Json.Obj) Json.from(out);
    }

    // ---------------------------------------------------------------- PersistentVolumeClaim

    private static PersistentVolumeClaim claim(FieldReader r, Json.Obj obj, String path) {
        r.known(obj, path, OBJECT_KEYS);
        ObjectMeta meta = meta(r, r.object(obj, "metadata", path), FieldReader.join(path, "metadata"));
        Json.Obj spec = r.object(obj, "spec", path);
        Json.Obj status = r.object(obj, "status", path);
        String phase = status == null ? "" : r.string(status, "phase", FieldReader.join(path, "status"));
        // status.capacity.storage: what our kind's storage resize waits for
        String capacity = status == null ? "" : status.objectOrEmpty("capacity").string("storage").orElse("");
        return new PersistentVolumeClaim(meta, spec, phase, capacity);
    }

    public static PersistentVolumeClaim persistentVolumeClaim(Json.Obj obj) {
        FieldReader r = new FieldReader(false);
        PersistentVolumeClaim claim = claim(r, obj, "");
        if (!r.problems().isEmpty()) {
            throw new DecodeException(r.problems());
        }
        return claim;
    }

    public static Json.Obj encode(PersistentVolumeClaim claim) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("apiVersion", "v1");
        out.put("kind", "PersistentVolumeClaim");
        out.put("metadata", encode(claim.metadata()));
        out.put("spec", claim.spec());
        if (!claim.phase().isEmpty() || !claim.capacity().isEmpty()) {
            Map<String, Object> status = new LinkedHashMap<>();
            if (!claim.phase().isEmpty()) {
                status.put("phase", claim.phase());
            }
            if (!claim.capacity().isEmpty()) {
                status.put("capacity", Map.of("storage", claim.capacity()));
            }
            out.put("status", status);
        }
        return (Json.Obj) Json.from(out);
    }

    // ---------------------------------------------------------------- ControllerRevision

    public static ControllerRevision controllerRevision(Json.Obj obj) {
        FieldReader r = new FieldReader(false);
        ObjectMeta meta = meta(r, r.object(obj, "metadata", ""), "metadata");
        Json data = obj.fields().get("data");
        String raw = data == null || data == Json.Null.INSTANCE ? "" : data.toString();
        Long revision = r.int64(obj, "revision", "");
        if (!r.problems().isEmpty()) {
            throw new DecodeException(r.problems());
        }
        // the tree is kept beside the bytes: what the revision restores is read from it, never parsed again
        return new ControllerRevision(meta, raw, revision == null ? 0 : revision, data == Json.Null.INSTANCE ? null : data);
    }

    /**
     * A revision whose data arrives as JSON text (the gRPC projection, tests): the text kept as it is,
     * decoded once beside it; text that is not JSON is kept too (the revision then restores nothing).
     */
    public static ControllerRevision controllerRevision(ObjectMeta meta, String data, long revision) {
        Json decoded;
        try {
            decoded = data == null || data.isEmpty() ? null : JsonParser.parse(data);
        } catch (dev.stateful.domain.json.JsonException notJson) {
            decoded = null;
        }
        return new ControllerRevision(meta, data, revision, decoded);
    }

    public static Json.Obj encode(ControllerRevision revision) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("apiVersion", "apps/v1");
        out.put("kind", "ControllerRevision");
        out.put("metadata", encode(revision.metadata()));
        if (!revision.data().isEmpty()) {
            out.put("data", revision.decoded() != null ? revision.decoded() : JsonParser.parse(revision.data()));
        }
        out.put("revision", revision.revision());
        return (Json.Obj) Json.from(out);
    }

    // ---------------------------------------------------------------- helpers

    /** metav1.Time wire format: RFC 3339 in UTC with whole seconds. */
    public static String time(Instant instant) {
        return instant.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    private static long orZero(Long value) {
        return value == null ? 0 : value;
    }

    private static int orZero(Integer value) {
        return value == null ? 0 : value;
    }

    private static void putNonZero(Map<String, Object> out, String key, int value) {
        if (value != 0) {
            out.put(key, value);
        }
    }

    private static void putNonEmpty(Map<String, Object> out, String key, String value) {
        if (value != null && !value.isEmpty()) {
            out.put(key, value);
        }
    }
}
