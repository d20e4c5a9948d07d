package dev.stateful.grpc.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.grpc.v1.PodInfo;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PodChangesTest {

    private static PodInfo pod(String name, String uid, String phase, boolean ready, boolean terminating) {
        return PodInfo.newBuilder().setName(name).setUid(uid).setPhase(phase).setReady(ready).setTerminating(terminating).build();
    }

    private static List<String> between(List<PodInfo> before, List<PodInfo> after) {
        Map<String, PodInfo> old = PodChanges.byName(before);
        return PodChanges.between(old, PodChanges.byName(after)).stream()
                .map(e -> e.getPod().getName() + " " + e.getType().name().replace("POD_CHANGE_TYPE_", "")).toList();
    }

    @Test
    void aNewPodIsCreatedAndAGonePodDeleted() {
        assertThat(between(List.of(pod("web-0", "a", "Running", true, false)), List.of(pod("web-1", "b", "Pending", false, false))))
                .containsExactly("web-0 DELETED", "web-1 CREATED");
    }

    @Test
    void aNamesakeWithANewUidIsAReplacement() {
        assertThat(between(List.of(pod("web-0", "a", "Running", true, false)), List.of(pod("web-0", "b", "Pending", false, false))))
                .containsExactly("web-0 DELETED", "web-0 CREATED");
    }

    @Test
    void readinessTerminationAndTerminalPhasesAreReportedOnce() {
        PodInfo pending = pod("web-0", "a", "Pending", false, false);
        PodInfo ready = pod("web-0", "a", "Running", true, false);
        PodInfo terminating = pod("web-0", "a", "Running", false, true);
        PodInfo failed = pod("web-0", "a", "Failed", false, true);

        assertThat(between(List.of(pending), List.of(ready))).containsExactly("web-0 READY");
        assertThat(between(List.of(ready), List.of(ready))).isEmpty();
        assertThat(between(List.of(ready), List.of(terminating))).containsExactly("web-0 TERMINATING", "web-0 NOT_READY");
        assertThat(between(List.of(terminating), List.of(failed))).containsExactly("web-0 TERMINATED");
    }

    @Test
    void aPodSeenForTheFirstTimeAlreadyReadyIsCreatedAndReady() {
        assertThat(between(List.of(), List.of(pod("web-0", "a", "Running", true, false)))).containsExactly("web-0 CREATED", "web-0 READY");
    }

}
