/**
 * The ports: what the controller needs of a cluster, to be implemented in front of any
 * infrastructure (in process, or out of process behind the remote-ports gRPC services). What every
 * implementation must do, beyond each method's own contract:
 *
 * <h2>Threads</h2>
 * Port methods are called from several threads at once and must be thread-safe. A sync runs on a
 * worker thread; the production wiring over fabric8 runs several workers (upstream's
 * {@code --concurrent-statefulset-syncs}, 5), each syncing a different set, while the
 * {@code engine} over remote ports has one worker. Within a sync, the calls of one batch of a burst
 * phase (podManagementPolicy Parallel: the pod creates of a scale-up, say) are handed to the
 * reconciler's batch executor: a
 * thread pool under the fabric8 wiring, so calls for pods of the same set run concurrently;
 * inline on the worker under the {@code engine} and the in-memory driver. The remote-ports server
 * calls its ports from its gRPC call threads, and the StatefulSet service reads them from its own.
 * Calls may block (the engine's worker waits for each); a call that never returns holds its set's
 * sync. {@link dev.stateful.ports.ClusterEvents} says on which threads handlers run.
 *
 * <h2>Writes</h2>
 * A create returns the object as stored, with the {@code uid} and {@code resourceVersion} the
 * implementation assigned: the reconciler guards later deletes and adoptions by that uid, and,
 * waiting to see its own pod and claim writes ({@code OwnWrites}), counts a created one as seen
 * once the reader shows an object of that name with that uid (an answer without it is never seen,
 * and the set's syncs wait out that patience, a minute, before deciding again). Every write gives the
 * object a new resourceVersion, and an update whose resourceVersion differs from the stored one
 * fails with {@link dev.stateful.ports.ApiException.Conflict}: for the preconditions a
 * resourceVersion is an opaque string, compared for equality only. Errors are the
 * {@link dev.stateful.ports.ApiException}s, each with its meaning.
 *
 * <h2>resourceVersion order</h2>
 * Beyond the preconditions, the reconciler reads an order into resourceVersions only when both it
 * compares are decimal integers (up to 18 digits: etcd's revision, the in-memory store's counter;
 * {@code dev.stateful.domain.consistency.ResourceVersions}): a cached object, or a cache's
 * {@link dev.stateful.ports.ClusterReader#observedVersion}, at a number at least that of the answer
 * to its own write shows that write. Numbers must therefore grow with every write, and, for
 * {@code observedVersion}, across all objects of the kind, as etcd's single revision does. Any other
 * strings are compared for equality only, and a cached object whose version differs from the
 * answer's counts as showing the write (so an unusual server never stalls the controller, which then
 * decides from what the reader shows, still guarded by the preconditions).
 */
package dev.stateful.ports;
