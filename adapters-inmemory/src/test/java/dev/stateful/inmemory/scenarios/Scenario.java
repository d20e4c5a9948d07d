package dev.stateful.inmemory.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.identity.PodIdentity;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.IntOrString;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.domain.model.UpdateStrategy;
import dev.stateful.inmemory.InMemoryCluster;
import dev.stateful.inmemory.audit.Actor;
import dev.stateful.inmemory.audit.AuditQuery;
import dev.stateful.inmemory.driver.ControllerDriver;
import dev.stateful.inmemory.events.RecordedEvent;
import dev.stateful.inmemory.manifest.ApplyResult;
import dev.stateful.inmemory.store.DeleteOptions;
import dev.stateful.inmemory.store.Kind;
import dev.stateful.inmemory.store.Verb;
import dev.stateful.ports.reconcile.SyncResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The vocabulary of the scenario tests: what a user does to one StatefulSet (apply, scale, change
 * the image, delete a pod), what the kubelet reports for a pod, one reconcile pass, and what can be
 * observed afterwards (pods, claims, revisions, status, Events, the audit log).
 */
public final class Scenario {

    public static final String NS = InMemoryCluster.DEFAULT_NAMESPACE;

    private final InMemoryCluster cluster;
    private final ControllerDriver driver;
    private String setName = "web";

    public Scenario(InMemoryCluster cluster, ControllerDriver driver) {
        this.cluster = cluster;
        this.driver = driver;
    }

    public InMemoryCluster cluster() {
        return cluster;
    }

    public ControllerDriver driver() {
        return driver;
    }

    // ------------------------------------------------------------------ the user

    /** Applies the manifest and fails the test if the API server refused it. */
    public StatefulSet apply(SetManifest manifest) {
        ApplyResult result = cluster.apply(manifest.yaml());
        assertThat(result.hasProblems()).as(result.describeProblems()).isFalse();
        setName = manifest.name();
        return set();
    }

    /** A user update of the set's spec (the API server defaults and validates it). */
    public StatefulSet updateSpec(UnaryOperator<StatefulSetSpec> change) {
        StatefulSet stored = set();
        return cluster.user().statefulSets().update(stored.withSpec(change.apply(stored.spec())));
    }

    public StatefulSet scale(int replicas) {
        return updateSpec(spec -> spec.withReplicas(replicas));
    }

    public StatefulSet setImage(String image) {
        return updateSpec(spec -> spec.withTemplate(withImage(spec.template(), image)));
    }

    public StatefulSet setPartition(int partition) {
        return updateSpec(spec -> spec.withUpdateStrategy(new UpdateStrategy(UpdateStrategy.ROLLING_UPDATE,
                new UpdateStrategy.RollingUpdate(partition, maxUnavailableOf(spec)))));
    }

    public StatefulSet setMaxUnavailable(IntOrString maxUnavailable) {
        return updateSpec(spec -> spec.withUpdateStrategy(new UpdateStrategy(UpdateStrategy.ROLLING_UPDATE,
                new UpdateStrategy.RollingUpdate(spec.updateStrategy().partition(), maxUnavailable))));
    }

    private static IntOrString maxUnavailableOf(StatefulSetSpec spec) {
        UpdateStrategy.RollingUpdate rolling = spec.updateStrategy().rollingUpdate();
        return rolling == null ? null : rolling.maxUnavailable();
    }

    /** {@code kubectl delete pod}: graceful, the kubelet finishes it. */
    public void deletePod(String name) {
        cluster.user().pods().delete(new ObjectKey(NS, name), DeleteOptions.DEFAULT);
    }

    /** The container image of the first container of a pod template. */
    public static Json.Obj withImage(Json.Obj template, String image) {
        return template.update("spec", spec -> {
            List<Json> containers = new ArrayList<>(spec.array("containers"));
            containers.set(0, containers.get(0).asObject().orElseThrow().with("image", image));
            return spec.with("containers", new Json.Arr(containers));
        });
    }

    // ------------------------------------------------------------------ the kubelet

    /** The kubelet reports the pod Running and Ready now (for pods with MANUAL behaviour). */
    public void ready(String pod) {
        cluster.kubelet().report(new ObjectKey(NS, pod), PodStatus.RUNNING, true);
    }

    /** The kubelet reports the pod Running but not Ready. */
    public void running(String pod) {
        cluster.kubelet().report(new ObjectKey(NS, pod), PodStatus.RUNNING, false);
    }

    public void phase(String pod, String phase) {
        cluster.kubelet().report(new ObjectKey(NS, pod), phase, false);
    }

    // ------------------------------------------------------------------ the controller

    /** One reconcile pass of the set. */
    public SyncResult sync() {
        return driver.sync(NS, setName);
    }

    /** {@code n} reconcile passes with no time passing and no kubelet in between. */
    public void sync(int times) {
        for (int i = 0; i < times; i++) {
            sync();
        }
    }

    public ControllerDriver.Settlement settle() {
        return driver.settle();
    }

    // ------------------------------------------------------------------ observations

    public StatefulSet set() {
        return cluster.stores().statefulSets().get(new ObjectKey(NS, setName)).orElseThrow();
    }

    public Optional<StatefulSet> findSet() {
        return cluster.stores().statefulSets().get(new ObjectKey(NS, setName));
    }

    public StatefulSetStatus status() {
        return set().status();
    }

    /** Every pod of the namespace, by ordinal. */
    public List<Pod> pods() {
        List<Pod> pods = new ArrayList<>(cluster.stores().pods().list(NS));
        pods.sort(Comparator.comparing((Pod p) -> PodIdentity.parentName(p)).thenComparing(PodIdentity.ASCENDING_ORDINAL));
        return pods;
    }

    public List<String> podNames() {
        return pods().stream().map(Pod::name).toList();
    }

    public Pod pod(String name) {
        return findPod(name).orElseThrow(() -> new AssertionError("no pod " + name + "; pods: " + podNames()));
    }

    public Optional<Pod> findPod(String name) {
        return cluster.stores().pods().get(new ObjectKey(NS, name));
    }

    public String revisionOf(String pod) {
        return PodIdentity.revisionOf(pod(pod));
    }

    public String imageOf(String pod) {
        return pod(pod).spec().array("containers").get(0).asObject().orElseThrow().string("image").orElse("");
    }

    public List<String> claimNames() {
        return cluster.stores().claims().list(NS).stream().map(PersistentVolumeClaim::name).sorted().toList();
    }

    public PersistentVolumeClaim claim(String name) {
        return cluster.stores().claims().get(new ObjectKey(NS, name))
                .orElseThrow(() -> new AssertionError("no claim " + name + "; claims: " + claimNames()));
    }

    public List<ControllerRevision> revisions() {
        List<ControllerRevision> out = new ArrayList<>(cluster.stores().revisions().list(NS));
        out.sort(Comparator.comparingLong(ControllerRevision::revision));
        return out;
    }

    public ControllerRevision revision(String name) {
        return cluster.stores().revisions().get(new ObjectKey(NS, name))
                .orElseThrow(() -> new AssertionError("no revision " + name));
    }

    /** A point in the audit log to query writes after. */
    public long mark() {
        return cluster.audit().mark();
    }

    public AuditQuery controllerWrites(long since) {
        return cluster.audit().since(since).by(Actor.CONTROLLER);
    }

    /** Pods the controller created (the store accepted the create) since {@code mark}, in order. */
    public List<String> podsCreated(long since) {
        return controllerWrites(since).verb(Verb.CREATE).kind(Kind.PODS).tookEffect().names();
    }

    /** Pods the controller deleted (or started terminating) since {@code mark}, in order. */
    public List<String> podsDeleted(long since) {
        return controllerWrites(since).verb(Verb.DELETE).kind(Kind.PODS).tookEffect().names();
    }

    public List<String> claimsCreated(long since) {
        return controllerWrites(since).verb(Verb.CREATE).kind(Kind.CLAIMS).tookEffect().names();
    }

    /** Events recorded on the set, oldest first. */
    public List<RecordedEvent> events() {
        return cluster.events().about(NS, setName);
    }

    public List<String> eventMessages(String reason) {
        return events().stream().filter(e -> e.reason().equals(reason)).map(RecordedEvent::message).toList();
    }

    public static List<String> names(String set, int... ordinals) {
        List<String> out = new ArrayList<>();
        for (int ordinal : ordinals) {
            out.add(set + "-" + ordinal);
        }
        return out;
    }
}
