package dev.stateful.it.support;

import dev.stateful.testsupport.api.ApiWrite;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every end-to-end run against the mock must show of the controller's writes: it never
 * creates again a pod or claim it created itself (a 409 AlreadyExists there means it decided from a
 * cache that did not show its own earlier write), and the status fields that only grow,
 * {@code observedGeneration} and {@code collisionCount}, never go back in a status write that took
 * effect. A 409 on an object someone else created just before is not such a mistake: the set's
 * first sync may run before the pod watch delivers that object, as upstream's may, and the sync
 * fails, is retried and adopts it ({@code anOrphanPodThatMatchesIsAdoptedNotReplaced}).
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

    /** No pod or claim create of a controller's answered AlreadyExists for an object a controller had created and nobody deleted since. */
    public static void assertNoCreateAnsweredAlreadyExists(MockApiServer server, Predicate<ApiWrite> scope) {
        Set<String> createdByController = new HashSet<>();
        List<ApiWrite> refused = new ArrayList<>();
        for (ApiWrite write : server.writes(w -> scope.test(w) && (w.resource().equals("pods") || w.resource().equals("persistentvolumeclaims"))
                && w.subresource().isEmpty())) {
            String object = write.resource() + " " + write.namespace() + "/" + write.name();
            if (write.method().equals("POST") && byController(write) && write.code() == 409 && createdByController.contains(object)) {
                refused.add(write);
            } else if (write.method().equals("POST") && write.succeeded()) {
                if (byController(write)) {
                    createdByController.add(object);
                } else {
                    createdByController.remove(object);
                }
            } else if (write.method().equals("DELETE") && write.succeeded()) {
                createdByController.remove(object);
            }
        }
        assertThat(refused).as("pod and claim creates the API server answered with AlreadyExists, of objects a controller had created")
                .isEmpty();
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
