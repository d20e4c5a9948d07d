package dev.stateful.fabric8.informer;

import dev.stateful.fabric8.convert.ProtobufWatchEvent;
import io.fabric8.kubernetes.client.http.WebSocket;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pod informer's watch in protobuf, as kube-controller-manager's informers read pods
 * (kube-controller-manager's {@code --kube-api-content-type} default): the pod cache's watch asks for
 * {@value #MEDIA_TYPE}, and each binary message is read ({@link ProtobufWatchEvent}) on the socket's
 * thread. fabric8's watch reads text only, so it is given a small JSON event that hands the pod over
 * ({@link DecodedPods}), or for an ERROR the JSON of its {@code Status}. Pods are most of what a
 * controller's watches carry; a pod in protobuf is about three fifths of its
 * JSON's bytes, and what the cache does not keep (containers, managed fields, container statuses)
 * is skipped by its length instead of being tokenised. The comparison with kube-controller-manager
 * run on {@code --kube-api-content-type=application/json} put most of the CPU gap between it and us
 * on the wire format (docs/benchmarks.md, section "What the wire format is worth").
 *
 * <p>A text message passes as it is: a server that answers in JSON (fabric8's mock) is read as
 * before. A binary message that cannot be read fails the watch ({@code onError}) and tells
 * {@code undecodable}, whose client then watches pods in JSON: fabric8 watches again from the last
 * event it read, and the JSON path keeps a bad object from spoiling the others
 * ({@code RecordSerialization}), where a watch in protobuf would fail on the same event each time.
 */
final class ProtobufPodWatches {

    static final String MEDIA_TYPE = "application/vnd.kubernetes.protobuf";
    private static final Logger LOG = LoggerFactory.getLogger(ProtobufPodWatches.class);
    /** All pods, or one namespace's: the pod informer's watch (its query holds {@code watch=true}). */
    private static final Pattern PODS = Pattern.compile("/api/v1/(namespaces/[^/]+/)?pods");

    private ProtobufPodWatches() {
    }

    static boolean isPodWatch(URI uri) {
        return uri != null && PODS.matcher(uri.getRawPath()).matches() && uri.getRawQuery() != null
                && uri.getRawQuery().contains("watch=true");
    }

    /**
     * {@code listener}, given each binary message as the text of its event, its pod handed over through
     * {@code decoded}; {@code undecodable} runs when one cannot be read.
     */
    static WebSocket.Listener decoding(WebSocket.Listener listener, Runnable undecodable, DecodedPods decoded) {
        return new WebSocket.Listener() {
            @Override
            public void onOpen(WebSocket webSocket) {
                listener.onOpen(webSocket);
            }

            @Override
            public void onMessage(WebSocket webSocket, String text) {
                listener.onMessage(webSocket, text);
            }

            @Override
            public void onMessage(WebSocket webSocket, ByteBuffer bytes) {
                String json;
                try {
                    ProtobufWatchEvent.Event event = ProtobufWatchEvent.read(bytes);
                    json = event instanceof ProtobufWatchEvent.PodEvent pod ? decoded.handOver(pod) : ((ProtobufWatchEvent.StatusEvent) event).json();
                } catch (IOException | RuntimeException e) {
                    LOG.warn("could not read a pod watch event in protobuf, watching pods in JSON from now on: {}", e.toString());
                    undecodable.run();
                    webSocket.request(); // the message is done with, as a decoded one would be
                    listener.onError(webSocket, new IOException("undecodable protobuf watch event: " + e.getMessage(), e));
                    return;
                }
                listener.onMessage(webSocket, json);
            }

            @Override
            public void onClose(WebSocket webSocket, int code, String reason) {
                listener.onClose(webSocket, code, reason);
            }

            @Override
            public void onError(WebSocket webSocket, Throwable error) {
                listener.onError(webSocket, error);
            }
        };
    }
}
