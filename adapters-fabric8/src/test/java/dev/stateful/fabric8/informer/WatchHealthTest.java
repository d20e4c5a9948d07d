package dev.stateful.fabric8.informer;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.lang.reflect.Proxy;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class WatchHealthTest {

    /** What WatchHealth asks an informer; everything else is never called. */
    static final class State {
        boolean synced;
        boolean watching;

        SharedIndexInformer<?> informer() {
            return (SharedIndexInformer<?>) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {SharedIndexInformer.class},
                    (proxy, method, args) -> switch (method.getName()) {
                        case "hasSynced" -> synced;
                        case "isWatching" -> watching;
                        case "getApiTypeClass" -> StatefulSet.class;
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == args[0];
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
        }
    }

    private final State sets = new State();
    private final SharedIndexInformer<?> informer = sets.informer();
    private final WatchHealth health = new WatchHealth(() -> List.of(informer));
    private final Logger log = (Logger) LoggerFactory.getLogger(WatchHealth.class);
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    @BeforeEach
    void capture() {
        appender.start();
        log.addAppender(appender);
    }

    @AfterEach
    void release() {
        log.detachAppender(appender);
        health.close();
    }

    private List<String> warnings() {
        return appender.list.stream().filter(e -> e.getLevel() == Level.WARN).map(ILoggingEvent::getFormattedMessage).toList();
    }

    @Test
    void aSyncedInformerWhoseWatchHasNotStartedYetHasLostNothing() {
        sets.synced = true;
        health.check();
        health.check();

        assertThat(warnings()).isEmpty();
    }

    @Test
    void aWatchThatStopsIsOneWarningUntilItWatchesAgain() {
        sets.synced = true;
        sets.watching = true;
        health.check();
        sets.watching = false;
        health.check();
        health.check();
        sets.watching = true;
        health.check();
        sets.watching = false;
        health.check();

        assertThat(warnings()).containsExactly(
                "lost the watch of the API server (StatefulSet); reconnecting",
                "lost the watch of the API server (StatefulSet); reconnecting");
    }
}
