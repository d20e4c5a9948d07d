package dev.stateful.bench.upstream;

import dev.stateful.bench.Manifests;
import dev.stateful.bench.Scale;
import dev.stateful.testsupport.Eventually;
import dev.stateful.testsupport.controlplane.AuditLog;
import dev.stateful.testsupport.controlplane.ControlPlane;
import dev.stateful.testsupport.crd.OurKindDefinition;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBindingBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * One side of a comparison: a fresh control plane whose StatefulSet controller is upstream's or
 * ours, the same simulated kubelet (a process of its own, {@link KubeletProcess}: its own client
 * without rate limit, {@value #KUBELET_THREADS} threads, binding pods to one Node and marking them
 * Running and Ready), and both controllers
 * under the same client rate limit. The gate {@code MaxUnavailableStatefulSet} (beta, off by
 * default in 1.36) is on in kube-apiserver and kube-controller-manager, so a set's
 * {@code maxUnavailable} is kept and honoured.
 */
public final class BenchPlane implements AutoCloseable {

    static final String OUR_ACCOUNT = "stateful-controller";
    static final String KUBELET = "kubelet";
    static final int KUBELET_THREADS = 16;
    static final String FEATURE_GATES = "MaxUnavailableStatefulSet=true";
    static final Duration READY = Duration.ofSeconds(60);

    final Side side;
    final ControlPlane plane;
    private final KubeletProcess kubelet;
    private final OurControllerProcess ours;
    /** Upstream's side only, with {@link #bystander()}: our controller watching, managing none of the sets measured. */
    private final OurControllerProcess bystander;

    private BenchPlane(Side side, ControlPlane plane, KubeletProcess kubelet, OurControllerProcess ours, OurControllerProcess bystander) {
        this.side = side;
        this.plane = plane;
        this.kubelet = kubelet;
        this.ours = ours;
        this.bystander = bystander;
    }

    /**
     * {@code -Dbench.bystander=true}: upstream's side also runs our controller with {@code --kinds=crd}
     * (our own kind's CustomResourceDefinition installed, no set of it created). It lists and watches
     * the pods, claims and revisions as it does when it manages the apps/v1 sets, and writes nothing:
     * what a second controller process costs the plane's two cores, apart from what its syncs and
     * writes cost.
     */
    static boolean bystander() {
        return Boolean.getBoolean("bench.bystander");
    }

    /**
     * The plane's options. kube-controller-manager serves /metrics, for its StatefulSet queue's counters
     * ({@link #statefulSetSyncs()}); nothing scrapes it but the bench, a few times a side.
     */
    static ControlPlane.Options options(Side side, RateLimit rate) {
        List<String> flags = new ArrayList<>(rate.controllerManagerFlags());
        flags.addAll(extraControllerManagerFlags());
        ControlPlane.Options options = ControlPlane.Options.defaults().withUsers(KUBELET).withFeatureGates(FEATURE_GATES).withControllerManagerMetrics()
                .withControllerManagerFlags(flags.toArray(String[]::new));
        return side == Side.UPSTREAM ? options.withUpstreamStatefulSetController() : options;
    }

    /**
     * kube-controller-manager's flags given with {@code -Dbench.controllerManagerFlags}, on both planes:
     * e.g. {@code --kube-api-content-type=application/json}, kube-controller-manager reading and
     * writing JSON as we mostly do, to compare like with like on the wire.
     */
    static List<String> extraControllerManagerFlags() {
        String extra = System.getProperty("bench.controllerManagerFlags", "").trim();
        return extra.isEmpty() ? List.of() : List.of(extra.split("\\s+"));
    }

    /**
     * The warm-up's size: a Parallel set of a fifth of the measured one's replicas and a tenth of the
     * measured OrderedReady sets. With 20 replicas and 10 sets (until 2026-12-04), C1 was still
     * compiling in the first timed scenario: 14 % of our process's CPU samples while the Parallel set
     * of {@link UpstreamFigure#unlimited()} was created and turned Ready went to its compiler threads,
     * methods called once per replica having not yet been called the 200 times that get a method
     * compiled (docs/benchmarks.md, "Watches read ahead, a warm-up that finishes compiling").
     */
    record WarmUp(int parallelReplicas, int orderedSets) {

        static WarmUp forSize(Scale.Upstream size) {
            return new WarmUp(Math.max(2, size.parallelReplicas() / 5), Math.max(1, size.sets() / 10));
        }
    }

    /** Starts the plane, the kubelet and (ours) our controller; returns once it has run the warm-up. */
    static BenchPlane start(Side side, RateLimit rate, String label, WarmUp warmUp) throws Exception {
        ControlPlane plane = ControlPlane.start(label, options(side, rate));
        KubeletProcess kubelet = null;
        OurControllerProcess ours = null;
        OurControllerProcess bystander = null;
        try {
            kubelet = KubeletProcess.start(plane.kubeconfig(KUBELET), "bench-node", KUBELET_THREADS, plane.logs().resolve("simulated-kubelet.log"));
            if (side == Side.OURS) {
                ours = OurControllerProcess.start(ourKubeconfig(plane), rate, plane.logs().resolve("stateful-controller.log"));
            } else if (bystander()) {
                installOurKind(plane.admin());
                bystander = OurControllerProcess.start(ourKubeconfig(plane), rate, plane.logs().resolve("stateful-controller-bystander.log"), "crd");
            }
            BenchPlane bench = new BenchPlane(side, plane, kubelet, ours, bystander);
            bench.warmUp(warmUp);
            return bench;
        } catch (Exception | Error e) {
            if (ours != null) {
                ours.close();
            }
            if (bystander != null) {
                bystander.close();
            }
            if (kubelet != null) {
                kubelet.close();
            }
            plane.close();
            throw e;
        }
    }

    /** Service account {@value #OUR_ACCOUNT} in kube-system, bound to cluster-admin: its requests are all in the audit log. */
    static Path ourKubeconfig(ControlPlane plane) {
        KubernetesClient admin = plane.admin();
        admin.serviceAccounts().inNamespace("kube-system").resource(new ServiceAccountBuilder().withNewMetadata().withName(OUR_ACCOUNT)
                .endMetadata().build()).create();
        admin.rbac().clusterRoleBindings().resource(new ClusterRoleBindingBuilder().withNewMetadata().withName(OUR_ACCOUNT).endMetadata()
                .withNewRoleRef().withApiGroup("rbac.authorization.k8s.io").withKind("ClusterRole").withName("cluster-admin").endRoleRef()
                .addNewSubject().withKind("ServiceAccount").withName(OUR_ACCOUNT).withNamespace("kube-system").endSubject().build()).create();
        return plane.serviceAccountKubeconfig("kube-system", OUR_ACCOUNT);
    }

    /** Our kind's CustomResourceDefinition (deploy/crd/, from the repository's root or a module of it), established. */
    private static void installOurKind(KubernetesClient admin) throws java.io.IOException {
        Path crdDir = Stream.of(Path.of("deploy", "crd"), Path.of("..", "deploy", "crd"))
                .filter(dir -> Files.isRegularFile(dir.resolve(OurKindDefinition.FILE))).findFirst()
                .orElseThrow(() -> new IllegalStateException("-Dbench.bystander needs deploy/crd/" + OurKindDefinition.FILE + "; run from the repository"));
        OurKindDefinition.install(admin, crdDir, READY);
    }

    KubernetesClient admin() {
        return plane.admin();
    }

    String controllerUser() {
        return side.user;
    }

    List<AuditLog.Request> requests() {
        return plane.audit().requests();
    }

    /** Creates namespace {@code name} and waits until pods can be created in it (its default service account). */
    public static void createNamespace(KubernetesClient admin, String name) {
        admin.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build()).create();
        Eventually.await("the default service account of " + name, READY,
                () -> admin.serviceAccounts().inNamespace(name).withName("default").get() != null);
    }

    /**
     * Both controllers do the same work once before anything is timed: a Parallel set of
     * {@link WarmUp#parallelReplicas} with a claim template created, then rolled to a new image, and
     * {@link WarmUp#orderedSets} OrderedReady sets of two replicas without claims, the paths of the
     * third scenario (without them, gaps in our first requests of that scenario left the bucket
     * unused for 0.56 s in all, upstream's for 0.16 s; with them 0.11 s and none). Upstream's is compiled
     * ahead of time; ours would otherwise be timed while the JIT compiles its paths, which a
     * controller running for days has long done. Then nothing is timed until the controller has
     * been quiet for {@link AuditWindow#QUIET}, longer than its token bucket takes to fill (burst /
     * qps, 1.5 s at 20/30): the rollout's writes run at the rate limit to its last status write,
     * and a scenario started on their heels began with whatever tokens had come back by then (in
     * one run upstream's first request came 2 ms after the set's create, ours 43 ms).
     */
    private void warmUp(WarmUp size) throws InterruptedException {
        int replicas = size.parallelReplicas();
        createNamespace(admin(), "warmup");
        admin().resource(Manifests.statefulSet("warmup", "probe", replicas, Manifests.IMAGE, "Parallel", null, "10%")).create();
        awaitSets("warmup", 1, set -> ready(set, replicas));
        admin().apps().statefulSets().inNamespace("warmup").withName("probe").edit(set -> {
            set.getSpec().getTemplate().getSpec().getContainers().get(0).setImage(Manifests.NEXT_IMAGE);
            return set;
        });
        awaitSets("warmup", 1, set -> ready(set, replicas)
                && Manifests.NEXT_IMAGE.equals(set.getSpec().getTemplate().getSpec().getContainers().get(0).getImage()));
        for (int i = 0; i < size.orderedSets(); i++) {
            admin().apps().statefulSets().inNamespace("warmup").resource(Scenarios.orderedSet("warmup", "ordered-" + i, 2)).create();
        }
        awaitSets("warmup", 1 + size.orderedSets(), set -> ready(set, set.getSpec().getReplicas()));
        AuditWindow.open(this).awaitQuiet("warmup");
    }

    /** Waits until {@code sets} sets of {@code namespace} all satisfy {@code done}. */
    void awaitSets(String namespace, int sets, Predicate<StatefulSet> done) {
        Eventually.await("the sets of " + namespace, Duration.ofMinutes(5), () -> {
            List<StatefulSet> items = admin().apps().statefulSets().inNamespace(namespace).list().getItems();
            return items.size() == sets && items.stream().allMatch(done);
        });
    }

    /** The set's status has seen its spec and says every replica is Ready, updated and current. */
    static boolean ready(StatefulSet set, int replicas) {
        var status = set.getStatus();
        return status != null && Objects.equals(status.getObservedGeneration(), set.getMetadata().getGeneration())
                && Objects.equals(status.getReadyReplicas(), replicas) && Objects.equals(status.getUpdatedReplicas(), replicas)
                && Objects.equals(status.getReplicas(), replicas) && Objects.equals(status.getCurrentRevision(), status.getUpdateRevision());
    }

    /**
     * CPU seconds the StatefulSet controller's process has used: ours, or kube-controller-manager
     * (which also runs every other controller, so this overstates upstream's share).
     */
    double controllerCpuSeconds() throws java.io.IOException {
        return ProcessCpu.seconds(ours != null ? ours.pid() : plane.controllerManagerPid());
    }

    /** CPU seconds kube-apiserver and etcd have used: the server side of what the controller asks for. */
    double serverCpuSeconds() throws java.io.IOException {
        return ProcessCpu.seconds(plane.apiServerPid()) + ProcessCpu.seconds(plane.etcdPid());
    }

    /**
     * The StatefulSet work queue's counters of the controller measured: ours, or kube-controller-manager's;
     * {@link QueueSyncs#UNREAD} when /metrics does not answer (said on stderr: the figures do not depend on it).
     */
    QueueSyncs statefulSetSyncs() throws InterruptedException {
        try {
            return QueueSyncs.parse(ours != null ? ours.metrics() : plane.controllerManagerMetrics());
        } catch (java.io.IOException e) {
            dev.stateful.bench.Log.progress("    %s: the controller's /metrics not read: %s", side, e);
            return QueueSyncs.UNREAD;
        }
    }

    int kubeletFailures() throws java.io.IOException, InterruptedException {
        return kubelet.failures();
    }

    /** Whether this plane runs a bystander ({@link #bystander()}, upstream's side only). */
    boolean hasBystander() {
        return bystander != null;
    }

    /** CPU seconds the bystander has used (0 without one). */
    double bystanderCpuSeconds() throws java.io.IOException {
        return bystander == null ? 0 : ProcessCpu.seconds(bystander.pid());
    }

    /**
     * CPU seconds every controller process of the plane has used: kube-controller-manager and ours (on
     * our side) or the bystander (on upstream's, with one). On our side kube-controller-manager still
     * runs every other controller, with informers of its own over the same pods and claims.
     */
    double allControllersCpuSeconds() throws java.io.IOException {
        return ProcessCpu.seconds(plane.controllerManagerPid()) + (ours != null ? ProcessCpu.seconds(ours.pid()) : bystanderCpuSeconds());
    }

    @Override
    public void close() throws InterruptedException {
        if (ours != null) {
            ours.close();
        }
        if (bystander != null) {
            bystander.close();
        }
        kubelet.close();
        plane.close();
    }
}
