package dev.stateful.fabric8.control;

import dev.stateful.codec.JsonBody;
import dev.stateful.codec.JsonParser;
import dev.stateful.domain.json.Json;
import dev.stateful.fabric8.control.ApiErrors.Verb;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;

/**
 * The controller's hot writes (pod, claim, revision and event creates, the status write) as the codec's JSON on
 * fabric8's HTTP client ({@link KubernetesClient#raw}: the same connection, interceptors, rate
 * limit, timeouts and retries as its typed DSL), the answer read straight back as JSON. The typed
 * DSL would turn the record into a fabric8 object, serialise that with Jackson, deserialise the
 * answer into another fabric8 object and turn that back into JSON for the codec: four passes over
 * every pod the controller creates, which a profile of a 200-replica Parallel scale-up without rate
 * limits put at about a sixth of the controller's CPU. The body sent is the same JSON tree the typed
 * path started from ({@code ModelCodec.encode}), written by the codec ({@link JsonBody}): the API
 * server needs JSON, not Go's byte form, which only the revision hash does. The answer's
 * {@code metadata.managedFields} (server-side apply's bookkeeping, a good part of its bytes) is passed
 * over unread: no record holds it.
 */
final class JsonWrites {

    private static final List<String> UNREAD = List.of("metadata", "managedFields");

    private JsonWrites() {
    }

    /** POSTs {@code body} to {@code collection} (e.g. {@code /api/v1/namespaces/ns/pods}); the object the API server stored. */
    static Json.Obj create(KubernetesClient client, String target, String collection, Json.Obj body) {
        return create(client, target, collection, JsonBody.write(body));
    }

    /** {@link #create(KubernetesClient, String, String, Json.Obj)} with the body's text as it is. */
    static Json.Obj create(KubernetesClient client, String target, String collection, String body) {
        return send(client, Verb.CREATE, target, "POST", collection, body);
    }

    /** POSTs {@code body} to {@code collection} where the caller needs no answer (an Event): the answer is not read. */
    static void post(KubernetesClient client, String target, String collection, Json.Obj body) {
        ApiErrors.run(Verb.CREATE, target, () -> client.raw(collection, "POST", JsonBody.write(body)));
    }

    /** PUTs {@code body} to {@code path}; the object the API server stored. */
    static Json.Obj update(KubernetesClient client, String target, String path, Json.Obj body) {
        return send(client, Verb.UPDATE, target, "PUT", path, JsonBody.write(body));
    }

    private static Json.Obj send(KubernetesClient client, Verb verb, String target, String method, String path, String body) {
        String answer = ApiErrors.call(verb, target, () -> client.raw(path, method, body));
        return JsonParser.parseObject(answer, UNREAD);
    }

    /** {@code /api/v1/namespaces/NS/RESOURCE}: a core collection. */
    static String core(String namespace, String resource) {
        return "/api/v1/namespaces/" + namespace + "/" + resource;
    }
}
