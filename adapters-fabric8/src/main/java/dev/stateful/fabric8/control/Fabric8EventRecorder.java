package dev.stateful.fabric8.control;

import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.fabric8.control.ApiErrors.Verb;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.EventRecorder;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * core/v1 Events on the StatefulSet, written like client-go's recorder ({@code EventCorrelate}):
 * off the caller's thread; a repeat of an event seen before (same object, type, reason and
 * message) bumps {@code count} and {@code lastTimestamp} of the existing Event instead of creating
 * another one; the tenth different message of one reason within ten minutes and those after it go
 * into one combined event ({@link EventAggregator}); past a burst of 25 per object and type,
 * events are dropped like client-go's spam filter does.
 * Best effort: failures are logged and dropped, never thrown; a write the API server did not answer
 * at all is tried again, up to {@value #MAX_TRIES} times {@link #RETRY_SLEEP} apart, the first wait a
 * random part of it, as client-go's {@code recordToSink} does, holding back the events queued behind it.
 */
public final class Fabric8EventRecorder implements EventRecorder, AutoCloseable {

    public static final String COMPONENT = "statefulset-controller";
    private static final Logger LOG = LoggerFactory.getLogger(Fabric8EventRecorder.class);
    /** client-go's correlator cache size. */
    private static final int REMEMBERED = 4096;
    /** client-go's broadcaster queue length; beyond it events are dropped rather than blocking a sync. */
    private static final int QUEUED = 1000;
    /** client-go's {@code maxTriesPerEvent}. */
    static final int MAX_TRIES = 12;
    /** client-go's {@code defaultSleepDuration}. */
    static final Duration RETRY_SLEEP = Duration.ofSeconds(10);

    /** How the writer waits between tries; tests do not wait. */
    interface Pause {
        void sleep(Duration duration) throws InterruptedException;
    }

    private static final Pause SLEEP = d -> Thread.sleep(d.toMillis());

    private final KubernetesClient client;
    private final Clock clock;
    private final Executor executor;
    private final boolean ownsExecutor;
    private final Pause pause;
    private final EventSpamFilter spam;
    private final EventAggregator aggregator;
    private final Map<String, Seen> seen = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Seen> eldest) {
            return size() > REMEMBERED;
        }
    };

    /** What was last written for one correlation key. */
    private record Seen(String name, int count, Instant first) {
    }

    /** Writes on a private background thread. */
    public Fabric8EventRecorder(KubernetesClient client, Clock clock) {
        this(client, clock, backgroundWriter(), true, SLEEP);
    }

    /** Writes on {@code executor} (tests pass {@code Runnable::run}). */
    public Fabric8EventRecorder(KubernetesClient client, Clock clock, Executor executor) {
        this(client, clock, executor, false, SLEEP);
    }

    /** Writes on {@code executor}, waiting between tries with {@code pause}. */
    Fabric8EventRecorder(KubernetesClient client, Clock clock, Executor executor, Pause pause) {
        this(client, clock, executor, false, pause);
    }

    private Fabric8EventRecorder(KubernetesClient client, Clock clock, Executor executor, boolean ownsExecutor, Pause pause) {
        this.client = client;
        this.clock = clock;
        this.executor = executor;
        this.ownsExecutor = ownsExecutor;
        this.pause = pause;
        this.spam = new EventSpamFilter(clock);
        this.aggregator = new EventAggregator(clock);
    }

    @Override
    public void record(StatefulSet set, Type type, String reason, String message) {
        // client-go's getSpamKey: source and object and type (the type since kubernetes#124747), not the reason
        String spamKey = String.join("\u0000", COMPONENT, "StatefulSet", set.namespace(), set.name(),
                nullToEmpty(set.metadata().uid()), set.kind().apiVersion(), type.name());
        // aggregated first, as EventCorrelate does: a dropped event still counts towards the group
        EventAggregator.Outcome outcome = aggregator.aggregate(spamKey + "\u0000" + reason, message);
        if (!spam.allow(spamKey)) {
            LOG.debug("dropping event {} on {}: more than {} in a burst", reason, set.key(), EventSpamFilter.BURST);
            return;
        }
        try {
            executor.execute(() -> write(set, type, reason, outcome));
        } catch (RejectedExecutionException e) {
            LOG.warn("dropping event {} on {}: recorder queue is full or closed", reason, set.key());
        }
    }

    private synchronized void write(StatefulSet set, Type type, String reason, EventAggregator.Outcome outcome) {
        // every try writes the same event, its name and times taken once, as client-go resends one object
        Instant now = clock.instant();
        String name = eventName(set, now);
        for (int tries = 1; ; tries++) {
            try {
                writeOnce(set, type, reason, outcome, now, name);
                return;
            } catch (ApiException e) {
                if (!ApiErrors.unanswered(e) || tries >= MAX_TRIES) {
                    LOG.warn("could not record event {} on {}{}: {}", reason, set.key(), tries > 1 ? " in " + tries + " tries" : "", e.getMessage());
                    return;
                }
                LOG.warn("could not record event {} on {}: {}; trying again", reason, set.key(), e.getMessage());
                // the first wait a random part of the interval, so that recorders do not all come back at once
                Duration wait = tries == 1 ? Duration.ofMillis((long) (RETRY_SLEEP.toMillis() * ThreadLocalRandom.current().nextDouble()))
                        : RETRY_SLEEP;
                try {
                    pause.sleep(wait);
                } catch (InterruptedException stopping) {
                    Thread.currentThread().interrupt();
                    return;
                }
            } catch (RuntimeException e) {
                LOG.warn("could not record event {} on {}: {}", reason, set.key(), e.getMessage());
                return;
            }
        }
    }

    private void writeOnce(StatefulSet set, Type type, String reason, EventAggregator.Outcome outcome, Instant now, String name) {
        String message = outcome.message();
        // a combined event is one Event for its whole group, its message the latest
        String key = String.join("\u0000", COMPONENT, "StatefulSet", set.namespace(), set.name(),
                nullToEmpty(set.metadata().uid()), type.name(), reason, outcome.combined() ? EventAggregator.COMBINED : message);
        Seen last = seen.get(key);
        Seen written = last == null ? create(set, type, reason, message, name, 1, now, now)
                : bump(set, type, reason, message, last, now);
        seen.put(key, written);
    }

    private Seen bump(StatefulSet set, Type type, String reason, String message, Seen last, Instant now) {
        int count = last.count() + 1;
        // the message too: a combined event shows the latest of its group (client-go's patch carries it)
        String patch = Json.array(
                Json.object("op", "replace", "path", "/count", "value", count),
                Json.object("op", "replace", "path", "/lastTimestamp", "value", ModelCodec.time(now)),
                Json.object("op", "replace", "path", "/message", "value", message)).toString();
        try {
            // patched through an item naming the event: by name alone fabric8 would GET it first, which
            // the controller's role does not allow (events: create and patch, as upstream's)
            Event named = new EventBuilder().withNewMetadata().withName(last.name()).withNamespace(set.namespace()).endMetadata().build();
            ApiErrors.run(Verb.PATCH, "event " + set.namespace() + "/" + last.name(), () -> client.v1().events()
                    .inNamespace(set.namespace()).resource(named).patch(PatchContext.of(PatchType.JSON), patch));
            return new Seen(last.name(), count, last.first());
        } catch (ApiException.NotFound gone) {
            // Expired or deleted meanwhile: client-go writes it again under the same name.
            return create(set, type, reason, message, last.name(), count, last.first(), now);
        }
    }

    /**
     * Through {@link JsonWrites}, as the codec's JSON, and the answer left unread: the recorder needs
     * only to know the write took. fabric8's typed create serialised an {@code Event} model and read the
     * answer back into another on the HTTP client's event loop, a thousand times in a rollout of 200
     * five-replica sets.
     */
    private Seen create(StatefulSet set, Type type, String reason, String message, String name, int count, Instant first, Instant now) {
        Json.Obj involved = Json.object("apiVersion", set.kind().apiVersion(), "kind", set.kind().kind(),
                "namespace", set.namespace(), "name", set.name());
        involved = withIfPresent(withIfPresent(involved, "uid", set.metadata().uid()), "resourceVersion", set.metadata().resourceVersion());
        Json.Obj event = Json.object(
                "apiVersion", "v1", "kind", "Event",
                "metadata", Json.object("name", name, "namespace", set.namespace()),
                "involvedObject", involved,
                "type", type.name(), "reason", reason, "message", message,
                "source", Json.object("component", COMPONENT),
                "reportingComponent", COMPONENT,
                "firstTimestamp", ModelCodec.time(first), "lastTimestamp", ModelCodec.time(now), "count", count);
        try {
            JsonWrites.post(client, "event " + set.namespace() + "/" + name, JsonWrites.core(set.namespace(), "events"), event);
        } catch (ApiException.AlreadyExists written) {
            // an earlier try of this write took, its answer lost: the name carries the time, so it is ours
        }
        return new Seen(name, count, first);
    }

    private static Json.Obj withIfPresent(Json.Obj object, String key, String value) {
        return value == null || value.isEmpty() ? object : object.with(key, value);
    }

    /** client-go: {@code <object name>.<unix nanoseconds in hex>}. */
    private static String eventName(StatefulSet set, Instant now) {
        long nanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
        return set.name() + "." + Long.toHexString(nanos);
    }

    private static ExecutorService backgroundWriter() {
        return new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(QUEUED), r -> {
            Thread t = new Thread(r, "event-recorder");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Stops the background writer after the queued events are written, waiting up to 5 s; a writer still
     * trying then (an API server that does not answer) is interrupted, and what is left is dropped.
     */
    @Override
    public void close() {
        if (ownsExecutor && executor instanceof ExecutorService pool) {
            pool.shutdown();
            try {
                if (!pool.awaitTermination(5, TimeUnit.SECONDS)) {
                    pool.shutdownNow();
                }
            } catch (InterruptedException e) {
                pool.shutdownNow();
                Thread.currentThread().interrupt();
            }
        }
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
