/**
 * The ports over a real API server, through the fabric8 client. Subpackages by role:
 * <ul>
 *   <li>{@code client}: building the {@code KubernetesClient} (kubectl's config lookup, QPS/burst);</li>
 *   <li>{@code convert}: fabric8 model &lt;-&gt; domain records, through JSON and the domain codec;</li>
 *   <li>{@code control}: the write ports (pods, claims, revisions, status, events);</li>
 *   <li>{@code informer}: the read side, {@code ClusterReader} and {@code ClusterEvents} from shared informers;</li>
 *   <li>{@code queue}: client-go's rate-limited work queue;</li>
 *   <li>{@code loop}: change -> key routing, and the workers that sync each key, counted and timed;</li>
 *   <li>{@code election}: the Lease and its elector, which drives the ports' {@code LeadershipGate} (ports {@code leadership}: the gate and {@code LeaderGuard}, the rule that stops writes the moment it is lost).</li>
 * </ul>
 * Wiring, in the order the pieces depend on each other:
 * <pre>{@code
 * KubernetesClient client = ClientFactory.create(ClientFactory.Options.defaults().withKubeconfig(flagOrNull));
 * ClientFactory.verifyReachable(client);
 * ClusterCache cache = new ClusterCache(client, namespaceOrEmpty, ClusterCache.DEFAULT_RESYNC).start();
 * WorkQueue<ObjectKey> queue = WorkQueue.create("statefulset", meterRegistry);
 * LeaderElection[] election = new LeaderElection[1];
 * ControllerLoop[] loop = new ControllerLoop[1];
 * election[0] = new LeaderElection(client, LeaderElection.Settings.defaults("kube-system", "stateful-controller"),
 *         () -> loop[0].start(),
 *         () -> { loop[0].stop(Duration.ofSeconds(30)); exitProcess(); }); // like kube-controller-manager
 * LeadershipGate gate = election[0].gate();
 * PodControl pods = LeaderGuard.pods(gate, new Fabric8PodControl(client));
 * ClaimControl claims = LeaderGuard.claims(gate, new Fabric8ClaimControl(client));
 * RevisionControl revisions = LeaderGuard.revisions(gate, new Fabric8RevisionControl(client));
 * StatusWriter status = LeaderGuard.status(gate, new Fabric8StatusWriter(client));
 * EventRecorder events = LeaderGuard.events(gate, new Fabric8EventRecorder(client, Clock.systemUTC()));
 * StatefulSetReconciler reconciler = new StatefulSetReconciler(cache, pods, claims, revisions, status, events, ...);
 * loop[0] = new ControllerLoop(cache, new PodEventRouter(cache::statefulSetsNamed, cache::statefulSets), queue,
 *         reconciler::sync, meterRegistry, ControllerLoop.DEFAULT_WORKERS);
 * election[0].start();
 * }</pre>
 * A loop runs once: after leadership is lost the process should exit and start over, as upstream does.
 */
package dev.stateful.fabric8;
