package dev.stateful.app.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.app.CommandRun;
import dev.stateful.app.ExitCodes;
import dev.stateful.grpc.runtime.Channels;
import dev.stateful.grpc.runtime.ClientSettings;
import dev.stateful.grpc.v1.GetStatefulSetRequest;
import dev.stateful.grpc.v1.GetStatefulSetResponse;
import dev.stateful.grpc.v1.ObjectRef;
import dev.stateful.grpc.v1.PodInfo;
import dev.stateful.grpc.v1.StatefulSetServiceGrpc;
import io.grpc.ManagedChannel;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code stateful scale}, {@code set image} and {@code rollout restart|pause|resume} through the real main against a running serve. */
class RolloutVerbsCliTest {

    private static GetStatefulSetResponse get(Commands.Served served) {
        ManagedChannel channel = Channels.open(ClientSettings.plaintext(served.address()));
        try {
            return StatefulSetServiceGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS)
                    .getStatefulSet(GetStatefulSetRequest.newBuilder().setRef(ObjectRef.newBuilder().setName("web")).setIncludeObject(true).build());
        } finally {
            channel.shutdownNow();
        }
    }

    /** The set's whole object once it contains {@code text} (the controller writes the status on its own time); the last one read after 20 s. */
    private static String objectOnceItContains(Commands.Served served, String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        String json = get(served).getStatefulSet().getObject().getJson();
        while (!json.contains(text) && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(50);
            json = get(served).getStatefulSet().getObject().getJson();
        }
        return json;
    }

    private static void rolledOut(Commands.Served served) {
        CommandRun status = Commands.main("rollout", "status", "web", "--server", served.address(), "--timeout", "60");
        assertThat(status.exit()).as(status.out() + status.err()).isZero();
    }

    @Test
    void scaleAndSetImageChangeTheSetAndTheControllerFollows() throws Exception {
        try (Commands.Served served = Commands.serve("--time-scale", "50", "--file", Commands.WEB.toString())) {
            rolledOut(served);

            CommandRun scale = Commands.main("scale", "statefulset/web", "--replicas", "4", "--server", served.address());
            assertThat(scale.exit()).as(scale.err()).isZero();
            assertThat(scale.out().strip()).isEqualTo("statefulset.apps/web scaled");
            rolledOut(served);
            assertThat(get(served).getPodsList()).extracting(PodInfo::getName).containsExactly("web-0", "web-1", "web-2", "web-3");

            CommandRun image = Commands.main("set", "image", "web", "nginx=registry.k8s.io/nginx-slim:0.9", "--server", served.address());
            assertThat(image.exit()).as(image.err()).isZero();
            assertThat(image.out().strip()).isEqualTo("statefulset.apps/web image updated");
            rolledOut(served);
            assertThat(Commands.main("rollout", "history", "web", "--server", served.address()).out())
                    .containsPattern("2\\s+<none>\\s+registry.k8s.io/nginx-slim:0.9\\s+4 \\(update\\)");
        }
    }

    @Test
    void restartReplacesEveryPodAndPauseHoldsARolloutUntilResume() throws Exception {
        try (Commands.Served served = Commands.serve("--time-scale", "50", "--file", Commands.WEB.toString())) {
            rolledOut(served);
            var before = get(served).getPodsList().stream().map(PodInfo::getUid).toList();

            CommandRun restart = Commands.main("rollout", "restart", "web", "--server", served.address());
            assertThat(restart.out().strip()).isEqualTo("statefulset.apps/web restarted");
            rolledOut(served);
            assertThat(get(served).getPodsList()).hasSize(3).extracting(PodInfo::getUid).doesNotContainAnyElementsOf(before);

            assertThat(Commands.main("rollout", "pause", "web", "--server", served.address()).out().strip()).isEqualTo("statefulset.apps/web paused");
            var revisionsBefore = get(served).getPodsList().stream().map(PodInfo::getRevision).toList();
            assertThat(Commands.main("set", "image", "web", "*=registry.k8s.io/nginx-slim:0.9", "--server", served.address()).exit()).isZero();
            TimeUnit.MILLISECONDS.sleep(500);
            assertThat(get(served).getPodsList()).extracting(PodInfo::getRevision).containsExactlyElementsOf(revisionsBefore);

            assertThat(Commands.main("rollout", "resume", "web", "--server", served.address()).out().strip()).isEqualTo("statefulset.apps/web resumed");
            rolledOut(served);
            GetStatefulSetResponse after = get(served);
            assertThat(after.getPodsList()).extracting(PodInfo::getRevision).containsOnly(after.getStatefulSet().getStatus().getUpdateRevision());
            assertThat(after.getStatefulSet().getStatus().getUpdateRevision()).isNotIn(revisionsBefore);
        }
    }

    @Test
    void aSetOfOurKindIsPausedByItsOwnFieldShowingRolloutPausedAndResumeFinishesTheRollout() throws Exception {
        try (Commands.Served served = Commands.serve("--time-scale", "50", "--file", Commands.WEB_OF_OUR_KIND.toString())) {
            rolledOut(served);

            CommandRun pause = Commands.main("rollout", "pause", "web", "--server", served.address());
            assertThat(pause.out().strip()).as(pause.err()).isEqualTo("statefulset.apps.stateful.dev/web paused");
            var revisionsBefore = get(served).getPodsList().stream().map(PodInfo::getRevision).toList();
            assertThat(Commands.main("set", "image", "web", "*=registry.k8s.io/nginx-slim:0.9", "--server", served.address()).exit()).isZero();
            assertThat(objectOnceItContains(served, "\"RolloutPaused\"")).contains("\"paused\":true", "\"reason\":\"RolloutPaused\"");
            assertThat(get(served).getPodsList()).extracting(PodInfo::getRevision).containsExactlyElementsOf(revisionsBefore);

            CommandRun resume = Commands.main("rollout", "resume", "web", "--server", served.address());
            assertThat(resume.out().strip()).as(resume.err()).isEqualTo("statefulset.apps.stateful.dev/web resumed");
            rolledOut(served);
            GetStatefulSetResponse after = get(served);
            assertThat(after.getPodsList()).extracting(PodInfo::getName).containsExactly("web-0", "web-2", "web-3");
            assertThat(after.getPodsList()).extracting(PodInfo::getRevision).containsOnly(after.getStatefulSet().getStatus().getUpdateRevision());
            assertThat(after.getStatefulSet().getObject().getJson()).doesNotContain("\"paused\":true");
        }
    }

    @Test
    void refusedChangesAreInvalidInputWithKubectlsWords() throws Exception {
        try (Commands.Served served = Commands.serve("--file", Commands.WEB.toString())) {
            CommandRun negative = Commands.main("scale", "web", "--replicas", "-1", "--server", served.address());
            CommandRun noSuchContainer = Commands.main("set", "image", "web", "sidecar=busybox", "--server", served.address());
            CommandRun notPaused = Commands.main("rollout", "resume", "web", "--server", served.address());
            CommandRun deployment = Commands.main("rollout", "restart", "deployment/web", "--server", served.address());
            CommandRun unknown = Commands.main("scale", "db", "--replicas", "1", "--server", served.address());

            assertThat(negative.exit()).isEqualTo(ExitCodes.INVALID);
            assertThat(negative.err()).contains("spec.replicas").doesNotContain("\tat ");
            assertThat(noSuchContainer.exit()).isEqualTo(ExitCodes.INVALID);
            assertThat(noSuchContainer.err().strip()).isEqualTo("error: unable to find container named \"sidecar\"");
            assertThat(notPaused.exit()).isEqualTo(ExitCodes.FAILURE);
            assertThat(notPaused.err().strip()).isEqualTo("error: statefulsets.apps \"web\" is not paused");
            assertThat(deployment.exit()).isEqualTo(ExitCodes.INVALID);
            assertThat(deployment.err()).contains("error: the server doesn't have a resource type \"deployment\"");
            assertThat(unknown.exit()).isEqualTo(ExitCodes.FAILURE);
            assertThat(unknown.err()).contains("statefulsets.apps \"db\" not found");
        }
    }
}
