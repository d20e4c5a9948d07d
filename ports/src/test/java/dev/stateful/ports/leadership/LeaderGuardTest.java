package dev.stateful.ports.leadership;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.OwnerReference;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.Fixtures;
import dev.stateful.ports.ApiException;
import dev.stateful.ports.ClaimControl;
import dev.stateful.ports.EventRecorder;
import dev.stateful.ports.PodControl;
import dev.stateful.ports.RevisionControl;
import dev.stateful.ports.StatusWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class LeaderGuardTest {

    final LeadershipGate gate = new LeadershipGate(Duration.ofSeconds(10));
    final List<String> calls = new ArrayList<>();
    final StatefulSet web = Fixtures.statefulSet("web", 1);
    final Pod pod = new Pod(ObjectMeta.named("default", "web-0"), null, null);
    final PersistentVolumeClaim claim = Fixtures.claimTemplate("www-web-0");
    final ControllerRevision revision = new ControllerRevision(ObjectMeta.named("default", "web-1"), "{}", 1, null);
    final OwnerReference ref = OwnerReference.controllerRef("apps/v1", "StatefulSet", web.metadata());

    final PodControl pods = LeaderGuard.pods(gate, new PodControl() {
        public Pod create(Pod p) { calls.add("pod create"); return p; }
        public Pod update(Pod p) { calls.add("pod update"); return p; }
        public void delete(String ns, String name, String uid) { calls.add("pod delete"); }
        public Pod adopt(Pod p, OwnerReference r) { calls.add("pod adopt"); return p; }
        public Pod release(Pod p, String uid) { calls.add("pod release"); return p; }
    });
    final ClaimControl claims = LeaderGuard.claims(gate, new ClaimControl() {
        public PersistentVolumeClaim create(PersistentVolumeClaim c) { calls.add("claim create"); return c; }
        public PersistentVolumeClaim update(PersistentVolumeClaim c) { calls.add("claim update"); return c; }
        public Optional<PersistentVolumeClaim> read(String ns, String name) { calls.add("claim read"); return Optional.of(claim); }
    });
    final RevisionControl revisions = LeaderGuard.revisions(gate, new RevisionControl() {
        public ControllerRevision create(ControllerRevision r) { calls.add("revision create"); return r; }
        public Optional<ControllerRevision> get(String ns, String name) { calls.add("revision get"); return Optional.empty(); }
        public ControllerRevision update(ControllerRevision r) { calls.add("revision update"); return r; }
        public void delete(String ns, String name) { calls.add("revision delete"); }
        public ControllerRevision adopt(ControllerRevision r, OwnerReference o) { calls.add("revision adopt"); return r; }
    });
    final StatusWriter status = LeaderGuard.status(gate, new StatusWriter() {
        public StatefulSet updateStatus(StatefulSet s) { calls.add("status update"); return s; }
        public Optional<StatefulSet> get(String ns, String name) { calls.add("status get"); return Optional.empty(); }
    });
    final EventRecorder events = LeaderGuard.events(gate, (s, type, reason, message) -> calls.add("event " + reason));

    List<ThrowingCallable> writes() {
        return List.of(
                () -> pods.create(pod), () -> pods.update(pod), () -> pods.delete("default", "web-0", "uid"),
                () -> pods.adopt(pod, ref), () -> pods.release(pod, "web-uid"),
                () -> claims.create(claim), () -> claims.update(claim),
                () -> revisions.create(revision), () -> revisions.update(revision), () -> revisions.delete("default", "web-1"),
                () -> revisions.adopt(revision, ref),
                () -> status.updateStatus(web));
    }

    @Test
    void no_write_leaves_while_the_gate_is_closed() {
        for (ThrowingCallable write : writes()) {
            assertThatThrownBy(write).isInstanceOf(ApiException.Unavailable.class);
        }
        events.record(web, EventRecorder.Type.Normal, "SuccessfulCreate", "dropped");

        assertThat(calls).isEmpty();
    }

    @Test
    void every_write_passes_while_leading() throws Throwable {
        gate.renewed(gate.now());
        gate.open();

        for (ThrowingCallable write : writes()) {
            write.call();
        }
        events.record(web, EventRecorder.Type.Normal, "SuccessfulCreate", "kept");

        assertThat(calls).hasSize(13).contains("pod create", "status update", "event SuccessfulCreate");
    }

    @Test
    void uncached_reads_pass_even_when_not_leading() {
        revisions.get("default", "web-1");
        status.get("default", "web");
        claims.read("default", "www-web-0");

        assertThat(calls).containsExactly("revision get", "status get", "claim read");
    }
}
