package dev.stateful.app.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.app.CommandRun;
import org.junit.jupiter.api.Test;

/** The lines of {@code stateful scale} and {@code rollout undo} name a set by its kind's group, as kubectl's name printer does. */
class SetNamedByItsKindCliTest {

    @Test
    void scaleAndUndoNameASetOfOurKindStatefulsetAppsStatefulDev() throws Exception {
        try (Commands.Served served = Commands.serve("--time-scale", "50", "--file", Commands.WEB_OF_OUR_KIND.toString())) {
            CommandRun scale = Commands.main("scale", "ssts/web", "--replicas", "4", "--server", served.address());
            assertThat(scale.out().strip()).as(scale.err()).isEqualTo("statefulset.apps.stateful.dev/web scaled");

            CommandRun image = Commands.main("set", "image", "statefulset.apps.stateful.dev/web", "*=registry.k8s.io/nginx-slim:0.9",
                    "--server", served.address());
            assertThat(image.exit()).as(image.err()).isZero();
            CommandRun status = Commands.main("rollout", "status", "web", "--server", served.address(), "--timeout", "60");
            assertThat(status.exit()).as(status.out() + status.err()).isZero();

            CommandRun skipped = Commands.main("rollout", "undo", "StatefulSet/web", "--to-revision", "2", "--server", served.address());
            assertThat(skipped.out().strip()).as(skipped.err())
                    .isEqualTo("statefulset.apps.stateful.dev/web skipped rollback (current template already matches revision 2)");
            CommandRun undo = Commands.main("rollout", "undo", "web", "--server", served.address());
            assertThat(undo.out().strip()).as(undo.err()).isEqualTo("statefulset.apps.stateful.dev/web rolled back");
        }
    }
}
