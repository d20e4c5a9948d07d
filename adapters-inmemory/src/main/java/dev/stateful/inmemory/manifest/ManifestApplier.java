package dev.stateful.inmemory.manifest;

import dev.stateful.codec.CustomKindCodec;
import dev.stateful.codec.DecodeException;
import dev.stateful.codec.Decoded;
import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.validation.Violation;
import dev.stateful.inmemory.client.ClusterClient;
import dev.stateful.inmemory.client.ResourceClient;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.ports.ApiException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code kubectl apply --validate=strict} for the in-memory cluster: each document is created, or
 * replaced if it exists. StatefulSets are decoded strictly (unknown fields are problems); a
 * document with problems is not applied and its problems are returned with their positions, the
 * other documents are applied. Supported: StatefulSet, Service (kept as raw JSON), Pod and
 * PersistentVolumeClaim.
 */
public final class ManifestApplier {

    private static final Map<String, String> API_VERSIONS = new TreeMap<>(Map.of(
            "StatefulSet", "apps/v1", "Service", "v1", "Pod", "v1", "PersistentVolumeClaim", "v1"));

    /** The version the API serves {@code kind} in, for the kinds a manifest may hold; empty for any other kind. */
    public static java.util.Optional<String> servedVersion(String kind) {
        return java.util.Optional.ofNullable(API_VERSIONS.get(kind));
    }

    private final ClusterClient client;
    private final String defaultNamespace;

    public ManifestApplier(ClusterClient client, String defaultNamespace) {
        this.client = client;
        this.defaultNamespace = defaultNamespace;
    }

    /** Throws {@link ManifestException} if the text is not YAML; problems of single documents are in the result. */
    public ApplyResult apply(String yaml) {
        return apply(YamlDocuments.parse(yaml));
    }

    /**
     * All or nothing, as the gRPC Apply promises: every document is first applied as a dry run (kind
     * and apiVersion, strict decoding, then the cluster's own checks of the create or, for an object
     * that exists, the update: its admission, metadata rules and immutable fields, for every kind);
     * if any has a problem nothing is applied and the problems are returned. Check and apply hold the
     * cluster's lock, so no other write can change what was checked. Throws {@link ManifestException}
     * if the text is not YAML.
     */
    public ApplyResult applyAllOrNothing(String yaml) {
        List<YamlDocument> documents = YamlDocuments.parse(yaml);
        return client.atomically(() -> {
            ApplyResult dryRun = apply(documents, new DryRun());
            return dryRun.hasProblems() ? new ApplyResult(List.of(), dryRun.problems()) : apply(documents, null);
        });
    }

    public ApplyResult apply(List<YamlDocument> documents) {
        return apply(documents, null);
    }

    /**
     * What the documents of a dry run checked so far would have written: each checked as the write it
     * will be after them (a second document of one object updates what the first created), and
     * creates counted against the object limit as they will be.
     */
    private static final class DryRun {
        private final Map<Kind, Map<ObjectKey, Object>> written = new EnumMap<>(Kind.class);
        private int creates;

        @SuppressWarnings("unchecked")
        <T> Optional<T> earlier(Kind kind, ObjectKey key) {
            return Optional.ofNullable((T) written.getOrDefault(kind, Map.of()).get(key));
        }

        void wrote(Kind kind, ObjectKey key, Object object, boolean created) {
            if (!key.name().isEmpty()) {
                written.computeIfAbsent(kind, k -> new HashMap<>()).put(key, object);
            }
            if (created) {
                creates++;
            }
        }
    }

    /**
     * Each document as its own write; a dry run ({@code dryRun} not null) goes through the same decoding
     * and the cluster's same checks, so that what it finds is what applying would refuse, but writes nothing.
     */
    private ApplyResult apply(List<YamlDocument> documents, DryRun dryRun) {
        List<ApplyResult.Applied> applied = new ArrayList<>();
        List<ManifestProblem> problems = new ArrayList<>();
        for (YamlDocument document : documents) {
            Json.Obj content = withDefaultNamespace(document.content());
            String kind = content.string("kind").orElse("");
            String name = content.objectOrEmpty("metadata").string("name").orElse("");
            List<Finding> findings = new ArrayList<>();
            try {
                checkType(document, content, kind, findings);
                ApplyResult.Applied done = findings.isEmpty() ? applyObject(document, content, kind, dryRun, findings) : null;
                if (done != null) {
                    applied.add(done);
                }
            } catch (DecodeException e) {
                e.violations().forEach(v -> findings.add(finding(document, v)));
            } catch (ApiException.Invalid e) {
                findings.addAll(refused(document, e));
            } catch (ApiException e) {
                findings.add(new Finding("", e.getMessage(), document.start()));
            }
            if (!findings.isEmpty()) {
                problems.add(new ManifestProblem(document.index(), kind, name, findings));
            }
        }
        return new ApplyResult(applied, problems);
    }

    private void checkType(YamlDocument document, Json.Obj content, String kind, List<Finding> findings) {
        String apiVersion = content.string("apiVersion").orElse("");
        if (kind.isEmpty()) {
            findings.add(finding(document, new Violation("kind", Violation.Type.REQUIRED, "")));
        } else if (!API_VERSIONS.containsKey(kind)) {
            findings.add(finding(document, new Violation("kind", Violation.Type.NOT_SUPPORTED,
                    "\"" + kind + "\": supported values: " + String.join(", ", API_VERSIONS.keySet()))));
        } else if (!API_VERSIONS.get(kind).equals(apiVersion) && !(kind.equals("StatefulSet") && CustomKindCodec.isCustom(content))) {
            findings.add(finding(document, new Violation("apiVersion", Violation.Type.NOT_SUPPORTED,
                    "\"" + apiVersion + "\": " + kind + " is served as " + API_VERSIONS.get(kind)
                    + (kind.equals("StatefulSet") ? " or " + SetKind.STATEFUL_DEV.apiVersion() : ""))));
        }
    }

    /** Returns what was applied, or null after adding findings. */
    private ApplyResult.Applied applyObject(YamlDocument document, Json.Obj content, String kind, DryRun dryRun, List<Finding> findings) {
        switch (kind) {
            case "StatefulSet": {
                Decoded<StatefulSet> decoded = CustomKindCodec.decodeStatefulSet(content, true);
                if (!decoded.problems().isEmpty()) {
                    decoded.problems().forEach(v -> findings.add(finding(document, v)));
                    return null;
                }
                StatefulSet set = decoded.value();
                return put(Kind.STATEFULSETS, client.statefulSets(), set.key(), set.withMetadata(forApply(set.metadata())), dryRun);
            }
            case "Pod": {
                Pod pod = ModelCodec.pod(content);
                return put(Kind.PODS, client.pods(), ObjectKey.of(pod.metadata()), pod.withMetadata(forApply(pod.metadata())), dryRun);
            }
            case "PersistentVolumeClaim": {
                PersistentVolumeClaim claim = ModelCodec.persistentVolumeClaim(content);
                return put(Kind.CLAIMS, client.claims(), ObjectKey.of(claim.metadata()), claim.withMetadata(forApply(claim.metadata())), dryRun);
            }
            default: {
                ObjectMeta meta = ModelCodec.objectMeta(content.objectOrEmpty("metadata"));
                Json.Obj service = content.update("metadata", m -> m.without("uid").without("resourceVersion")
                        .without("creationTimestamp").without("deletionTimestamp").without("generation"));
                return put(Kind.SERVICES, client.services(), ObjectKey.of(meta), service, dryRun);
            }
        }
    }

    /** Create, or an unconditional replace of an existing object (the status stays the server's); or either's dry run. */
    private static <T> ApplyResult.Applied put(Kind kind, ResourceClient<T> resource, ObjectKey key, T object, DryRun dryRun) {
        Optional<T> earlier = dryRun == null ? Optional.empty() : dryRun.earlier(kind, key);
        boolean exists = earlier.isPresent() || !key.name().isEmpty() && resource.get(key).isPresent();
        if (dryRun == null) {
            if (exists) {
                resource.update(object);
            } else {
                resource.create(object);
            }
        } else {
            T would = earlier.isPresent() ? resource.dryRunUpdate(object, earlier.get())
                    : exists ? resource.dryRunUpdate(object) : resource.dryRunCreate(object, dryRun.creates);
            dryRun.wrote(kind, key, would, !exists);
        }
        return new ApplyResult.Applied(kind, key, !exists);
    }

    /** Server-owned fields a manifest may carry (e.g. from {@code kubectl get -o yaml}) are not applied. */
    private static ObjectMeta forApply(ObjectMeta meta) {
        return meta.withUid(null).withResourceVersion(null).withCreationTimestamp(null).withDeletionTimestamp(null).withGeneration(0);
    }

    private Json.Obj withDefaultNamespace(Json.Obj content) {
        return content.object("metadata")
                .filter(m -> m.string("namespace").orElse("").isEmpty())
                .map(m -> content.with("metadata", m.with("namespace", defaultNamespace)))
                .orElse(content);
    }

    /**
     * The cluster's refusal of a document, at each field it names (as validation's own problems are), or at
     * the document when it names none.
     */
    private static List<Finding> refused(YamlDocument document, ApiException.Invalid refusal) {
        if (refusal.causes().isEmpty()) {
            return List.of(new Finding("", refusal.getMessage(), document.start()));
        }
        return refusal.causes().stream().map(c -> new Finding(c.field(), c.toString(), document.locate(c.field()))).toList();
    }

    private static Finding finding(YamlDocument document, Violation violation) {
        return new Finding(violation.field(), violation.toString(), document.locate(violation.field()));
    }
}
