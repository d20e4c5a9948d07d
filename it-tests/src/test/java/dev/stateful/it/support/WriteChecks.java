package dev.stateful.it.support;

import dev.stateful.testsupport.api.ApiWrite;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every end-to-end run against the mock must show of the controller's writes: it never
 * creates a pod or claim that exists (a 409 AlreadyExists means it decided from a cache that did
 * not show its own earlier write), and the status fields that only grow, {@code observedGeneration}
 * and {@code collisionCount}, never go back in a status write that took effect.
 */
public final class WriteChecks {

    private WriteChecks() {
    }

    /** Whether a write came from a controller: the tests' controllers are users {@code controller} and {@code controller-N}. */
    public static boolean byController(ApiWrite write) {
        return write.user().startsWith(MockCluster.CONTROLLER);
    }

    /** Both checks, for every write the server took. */
    public static void assertControllerWritesConsistent(MockApiServer server) {
        assertNoCreateAnsweredAlreadyExists(server, w -> true);
        assertStatusNeverGoesBack(server, w -> true);
    }

    /** Both checks, for the writes to {@code namespace}. */
    public static void assertControllerWritesConsistent(MockApiServer server, String namespace) {
        assertNoCreateAnsweredAlreadyExists(server, w -> w.namespace().equals(namespace));
        assertStatusNeverGoesBack(server, w -> w.namespace().equals(namespace));
    }

    public static void assertNoCreateAnsweredAlreadyExists(MockApiServer server, Predicate<ApiWrite> scope) {
        List<ApiWrite> refused = server.writes(w -> scope.test(w) && byController(w) && w.method().equals("POST")
                && (w.resource().equals("pods") || w.resource().equals("persistentvolumeclaims")) && w.code() == 409);
        assertThat(refused).as("pod and claim creates the API server answered with AlreadyExists").isEmpty();
    }

    public static void assertStatusNeverGoesBack(MockApiServer server, Predicate<ApiWrite> scope) {
        Map<String, StatusWrite> last = new LinkedHashMap<>();
        for (StatusWrite write : server.statusWrites()) {
            if (!scope.test(write.write()) || !write.write().succeeded()) {
                continue;
            }
            StatusWrite before = last.put(write.set(), write);
            if (before != null) {
                assertThat(write.observedGeneration()).as("observedGeneration of %s in %s after %s", write.set(), write.write(), before.write())
                        .isGreaterThanOrEqualTo(before.observedGeneration());
                assertThat(write.collisionCount()).as("collisionCount of %s in %s after %s", write.set(), write.write(), before.write())
                        .isGreaterThanOrEqualTo(before.collisionCount());
            }
        }
    }
}
