package dev.stateful.fabric8.informer;

import dev.stateful.codec.JacksonTree;
import dev.stateful.codec.JsonParser;
import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.defaults.Defaults;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.fabric8.convert.CustomKindConvert;
import dev.stateful.fabric8.convert.InternedMeta;
import dev.stateful.fabric8.convert.SlimClaim;
import dev.stateful.fabric8.convert.SlimPod;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.api.model.WatchEvent;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.impl.BaseClient;
import io.fabric8.kubernetes.client.impl.KubernetesClientImpl;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.fabric8.kubernetes.model.jackson.Jackson2JdkTypesModule;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Supplier;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;

/**
 * The informers' serialisation: fabric8's, except that the kinds the caches keep are read from the
 * wire's JSON straight into their domain records by the codec, each carried by a blank fabric8
 * object ({@link DomainStore#carrier}), so no fabric8 model object is built and no JSON tree
 * rebuilt from one. A list's items reach the deserializers
 * registered here through the list's item type; a watch event is read by {@link WatchEventDeserializer},
 * which picks the kind by apiVersion and kind as fabric8 does. Everything else (a watch's ERROR
 * {@code Status}, list metadata, the server version) binds as fabric8 binds it, so its informers'
 * relist on 410 Gone, bookmarks, resync and reconnects work unchanged.
 *
 * <p>Why a serialisation and not our own list-watch: fabric8's informer machinery stays as it is,
 * only what it reads is changed; its objects are blanks that carry the record.
 */
final class RecordSerialization {

    /**
     * Server-side apply's bookkeeping, most of an object's bytes: no record holds it, so it is
     * passed over unread (nor are its per-object keys interned).
     */
    private static final List<String> UNREAD = List.of("metadata", "managedFields");

    private final SimpleModule module = new SimpleModule("stateful-records");
    /** The registered kinds' readers by apiVersion and kind, as fabric8 resolves a watched object's class. */
    private final Map<String, Function<Json.Obj, ? extends HasMetadata>> byKind = new HashMap<>();
    /** Pods the protobuf pod watch read, which its events hand over by number ({@link ProtobufPodWatches}). */
    private final DecodedPods decoded = new DecodedPods();

    private RecordSerialization() {
        module.addDeserializer(WatchEvent.class, new WatchEventDeserializer());
    }

    /**
     * The records the caches keep, of every kind they watch. Sets and revisions are written back
     * whole, so they are kept whole, their repeated metadata strings interned. Pods are most of a
     * cluster: the cache keeps only what the controller reads of them ({@link SlimPod}); claims too
     * (one per pod, updated against the live claim like pods).
     */
    static RecordSerialization forCaches(Decoders decoders) {
        RecordSerialization serialization = new RecordSerialization();
        return serialization
                .decode(io.fabric8.kubernetes.api.model.apps.StatefulSet.class, io.fabric8.kubernetes.api.model.apps.StatefulSet::new,
                        json -> interned(decoders.statefulSet(json)))
                .decode(GenericKubernetesResource.class, GenericKubernetesResource::new, json -> interned(decoders.customKind(json)))
                .decode(io.fabric8.kubernetes.api.model.Pod.class, io.fabric8.kubernetes.api.model.Pod::new,
                        json -> SlimPod.of(DecodedPods.isHandedOver(json) ? serialization.decoded.take(json) : decoders.pod(json)))
                .decode(io.fabric8.kubernetes.api.model.PersistentVolumeClaim.class, io.fabric8.kubernetes.api.model.PersistentVolumeClaim::new,
                        json -> SlimClaim.of(decoders.claim(json)))
                .decode(io.fabric8.kubernetes.api.model.apps.ControllerRevision.class,
                        io.fabric8.kubernetes.api.model.apps.ControllerRevision::new, json -> interned(decoders.revision(json)));
    }

    private static StatefulSet interned(StatefulSet set) {
        return set.withMetadata(InternedMeta.of(set.metadata()));
    }

    private static ControllerRevision interned(ControllerRevision revision) {
        return revision.withMetadata(InternedMeta.of(revision.metadata()));
    }

    /**
     * Objects of {@code type} become {@code blank()} carrying {@code decode} of their JSON, or the
     * reason it failed (the store then keeps the previous state: one bad object never fails a
     * whole list or watch).
     */
    private <T extends HasMetadata> RecordSerialization decode(Class<T> type, Supplier<T> blank, Function<Json.Obj, ?> decode) {
        Function<Json.Obj, T> read = json -> carrier(json, blank.get(), decode);
        module.addDeserializer(type, new ValueDeserializer<T>() {
            @Override
            public T deserialize(tools.jackson.core.JsonParser p, DeserializationContext ctxt) throws JacksonException {
                return read.apply(JsonParser.readObject(p, UNREAD));
            }
        });
        if (type != GenericKubernetesResource.class) {
            byKind.put(HasMetadata.getApiVersion(type) + "/" + HasMetadata.getKind(type), read);
        }
        return this;
    }

    /**
     * A watch event, its object read once off the token stream. fabric8's own event deserializer
     * reads the object into a Jackson tree to find its class, then binds the tree; here an object of
     * a kind registered above goes straight to its record, and anything else (a {@code Status}, our
     * own kind, which fabric8 binds generically) is handed to fabric8's resolution as a tree.
     */
    private final class WatchEventDeserializer extends ValueDeserializer<WatchEvent> {

        @Override
        public WatchEvent deserialize(tools.jackson.core.JsonParser p, DeserializationContext ctxt) throws JacksonException {
            WatchEvent event = new WatchEvent();
            for (JsonToken t = p.nextToken(); t == JsonToken.PROPERTY_NAME; t = p.nextToken()) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if ("type".equals(field) && value == JsonToken.VALUE_STRING) {
                    event.setType(p.getString());
                } else if ("object".equals(field) && value == JsonToken.START_OBJECT) {
                    event.setObject(object(JsonParser.readObject(p, UNREAD), ctxt));
                } else {
                    p.skipChildren();
                }
            }
            return event;
        }

        private Object object(Json.Obj json, DeserializationContext ctxt) {
            Function<Json.Obj, ? extends HasMetadata> read =
                    byKind.get(json.string("apiVersion").orElse("") + "/" + json.string("kind").orElse(""));
            return read != null ? read.apply(json) : ctxt.readTreeAsValue(JacksonTree.of(json), KubernetesResource.class);
        }
    }

    static <T extends HasMetadata> T carrier(Json.Obj json, T blank, Function<Json.Obj, ?> decode) {
        Object record;
        try {
            record = decode.apply(json);
        } catch (RuntimeException e) {
            // the codec's problems name their field paths; anything else (a bug) is at least named by its class
            record = new DomainStore.Undecodable(e.getMessage() != null ? e.getMessage() : e.toString());
        }
        Json.Obj meta = json.objectOrEmpty("metadata");
        return DomainStore.carrier(blank, text(meta, "namespace"), text(meta, "name"), text(meta, "uid"), text(meta, "resourceVersion"), record);
    }

    private static String text(Json.Obj meta, String key) {
        return meta.string(key).orElse(null);
    }

    /** fabric8's own serialisation (the mapper its default one is built from) with these deserializers. */
    KubernetesSerialization serialization() {
        return new TextSerialization(JsonMapper.builderWithJackson2Defaults().addModule(new Jackson2JdkTypesModule())
                .addModule(module).build());
    }

    /**
     * fabric8's serialisation, with a JSON text read straight from the string. fabric8 hands each watch
     * message to {@code unmarshal(String, Class)}, which encodes the text to bytes again and wraps them in a
     * new 8 KB {@code BufferedInputStream} only to peek whether it is YAML: the largest single allocation site of
     * our controller over the upstream comparison (docs/benchmarks.md, "Where our controller allocates").
     * Text that is not a JSON object or array still takes fabric8's route.
     */
    static final class TextSerialization extends KubernetesSerialization {

        private final JsonMapper mapper;

        TextSerialization(JsonMapper mapper) {
            super(mapper, true);
            this.mapper = mapper;
        }

        @Override
        public <T> T unmarshal(String text, Class<T> type) {
            if (!isJson(text)) {
                return super.unmarshal(text, type);
            }
            try {
                return mapper.readerFor(type).readValue(text);
            } catch (JacksonException e) {
                throw new KubernetesClientException("An error has occurred.", e);
            }
        }

        /** As fabric8 tells JSON from YAML: the first character that is not whitespace opens an object or array. */
        static boolean isJson(String text) {
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (!Character.isWhitespace(c)) {
                    return c == '{' || c == '[';
                }
            }
            return false;
        }
    }

    /**
     * A client for the informers that shares {@code client}'s HTTP client (its connections, rate
     * limiter and request metrics), configuration and executor, with {@link #serialization()}, its
     * watches reading ahead of their decoding ({@link ReadAheadWatches}). Never closed itself:
     * closing it would close the shared HTTP client.
     */
    KubernetesClient clientSharing(KubernetesClient client) {
        Executor executor = client instanceof BaseClient base ? base.getExecutor() : null;
        return new KubernetesClientImpl(ReadAheadWatches.of(client.getHttpClient(), decoded), client.getConfiguration(),
                executor == null ? null : () -> executor, serialization());
    }

    /**
     * How the informers turn each object they receive, as the JSON the API server sent, into a record.
     * Called once per object read off the wire (a list item or a watch event's object); the caches and
     * the event handlers get that record, decoded nothing again. Pods that came over the protobuf pod
     * watch were read by {@code ProtobufPod} instead ({@link DecodedPods}).
     */
    interface Decoders {

        /** The codec ({@link ModelCodec}): what production uses. */
        Decoders CODEC = new Decoders() {
        };

        /** {@link #CODEC} with apps/v1 sets defaulted as they are read ({@link ClusterCache.SetDefaults#PLAYED}). */
        Decoders PLAYED_DEFAULTS = new Decoders() {
            @Override
            public StatefulSet statefulSet(Json.Obj set) {
                return Defaults.statefulSet(ModelCodec.statefulSet(set));
            }
        };

        default StatefulSet statefulSet(Json.Obj set) {
            return ModelCodec.statefulSet(set);
        }

        /** Our own kind, defaulted as an apps/v1 API server defaults a StatefulSet ({@link CustomKindConvert}). */
        default StatefulSet customKind(Json.Obj set) {
            return CustomKindConvert.toDomain(set);
        }

        default Pod pod(Json.Obj pod) {
            return ModelCodec.pod(pod);
        }

        default PersistentVolumeClaim claim(Json.Obj claim) {
            return ModelCodec.persistentVolumeClaim(claim);
        }

        /** {@code data} is read as the server sent it: its exact bytes re-serialised by the Go-compatible writer. */
        default ControllerRevision revision(Json.Obj revision) {
            return ModelCodec.controllerRevision(revision);
        }
    }
}
