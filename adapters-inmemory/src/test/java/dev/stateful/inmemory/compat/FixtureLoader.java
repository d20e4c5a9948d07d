package dev.stateful.inmemory.compat;

import dev.stateful.codec.JsonParser;
import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.InMemoryCluster;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Loads objects another controller wrote into the in-memory cluster as they are, except for the
 * server-assigned uid (the store assigns its own): owner references are rewired to the new uids.
 */
final class FixtureLoader {

    private final InMemoryCluster cluster;
    private final Map<String, String> uids = new HashMap<>();

    FixtureLoader(InMemoryCluster cluster) {
        this.cluster = cluster;
    }

    static Json.Obj json(String resource) {
        try (InputStream in = FixtureLoader.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("missing fixture " + resource);
            }
            return JsonParser.parseObject(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    StatefulSet statefulSet(Json.Obj obj) {
        StatefulSet written = ModelCodec.statefulSet(obj);
        StatefulSet created = cluster.stores().statefulSets().create(written.withMetadata(fresh(written.metadata())));
        uids.put(written.metadata().uid(), created.metadata().uid());
        return cluster.stores().statefulSets().updateStatus(created.withStatus(written.status()));
    }

    ControllerRevision revision(Json.Obj obj) {
        ControllerRevision written = ModelCodec.controllerRevision(obj);
        return cluster.stores().revisions().create(written.withMetadata(fresh(written.metadata())));
    }

    Pod pod(Json.Obj obj) {
        Pod written = ModelCodec.pod(obj);
        Pod created = cluster.stores().pods().create(written.withMetadata(fresh(written.metadata())));
        return cluster.stores().pods().updateStatus(created.withStatus(written.status()));
    }

    PersistentVolumeClaim claim(Json.Obj obj) {
        PersistentVolumeClaim written = ModelCodec.persistentVolumeClaim(obj);
        return cluster.stores().claims().create(written.withMetadata(fresh(written.metadata())));
    }

    private ObjectMeta fresh(ObjectMeta meta) {
        List<OwnerReference> refs = new ArrayList<>();
        for (OwnerReference ref : meta.ownerReferences()) {
            refs.add(new OwnerReference(ref.apiVersion(), ref.kind(), ref.name(), uids.getOrDefault(ref.uid(), ref.uid()),
                    ref.controller(), ref.blockOwnerDeletion()));
        }
        return meta.withUid(null).withResourceVersion(null).withOwnerReferences(refs);
    }
}
