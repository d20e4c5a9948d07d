package dev.stateful.fabric8.convert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.json.Json;
import org.junit.jupiter.api.Test;

class LiveMergeTest {

    static final Json.Obj LIVE = Json.object(
            "metadata", Json.object("name", "web-0", "labels", Json.object("app", "nginx"), "annotations", Json.object("a", "1")),
            "spec", Json.object("nodeName", "node-1", "volumes", Json.array(
                    Json.object("name", "www", "persistentVolumeClaim", Json.object("claimName", "old", "readOnly", true)),
                    Json.object("name", "token", "projected", Json.object("defaultMode", 420)))));
    static final Json.Obj VIEW = Json.object(
            "metadata", Json.object("name", "web-0", "labels", Json.object("app", "nginx")),
            "spec", Json.object("volumes", Json.array(
                    Json.object("name", "www", "persistentVolumeClaim", Json.object("claimName", "old")),
                    Json.object("name", "token"))));

    @Test
    void nothing_changed_in_the_view_gives_the_live_object_whole() {
        assertThat(LiveMerge.merge(LIVE, VIEW, VIEW)).isSameAs(LIVE);
    }

    @Test
    void a_changed_label_is_written_and_fields_the_view_does_not_have_stay() {
        Json.Obj desired = VIEW.update("metadata", m -> m.update("labels", l -> l.with("pod-index", "0")));

        Json merged = LiveMerge.merge(LIVE, VIEW, desired);

        assertThat(merged).isEqualTo(LIVE.update("metadata", m -> m.update("labels", l -> l.with("pod-index", "0"))));
    }

    @Test
    void a_removed_label_is_removed() {
        Json.Obj desired = VIEW.update("metadata", m -> m.with("labels", Json.object()));

        Json merged = LiveMerge.merge(LIVE, VIEW, desired);

        assertThat(((Json.Obj) merged).object("metadata").orElseThrow().objectOrEmpty("labels").fields()).isEmpty();
        assertThat(((Json.Obj) merged).object("metadata").orElseThrow().object("annotations")).isPresent();
    }

    @Test
    void a_changed_volume_is_replaced_whole_and_unchanged_volumes_keep_every_live_field() {
        Json.Obj desired = VIEW.update("spec", s -> s.with("volumes", Json.array(
                Json.object("name", "www", "persistentVolumeClaim", Json.object("claimName", "www-web-0")),
                Json.object("name", "token"))));

        Json merged = LiveMerge.merge(LIVE, VIEW, desired);

        assertThat(((Json.Obj) merged).objectOrEmpty("spec")).isEqualTo(Json.object("nodeName", "node-1", "volumes", Json.array(
                Json.object("name", "www", "persistentVolumeClaim", Json.object("claimName", "www-web-0")),
                Json.object("name", "token", "projected", Json.object("defaultMode", 420)))));
    }

    @Test
    void volumes_follow_the_desired_order_and_live_volumes_the_view_lacked_are_kept_after_them() {
        Json.Obj live = LIVE.update("spec", s -> s.with("volumes", Json.array(
                Json.object("name", "token", "projected", Json.object("defaultMode", 420)),
                Json.object("name", "hidden", "emptyDir", Json.object()))));
        Json.Obj view = VIEW.update("spec", s -> s.with("volumes", Json.array(Json.object("name", "token"))));
        Json.Obj desired = VIEW.update("spec", s -> s.with("volumes", Json.array(
                Json.object("name", "www", "persistentVolumeClaim", Json.object("claimName", "www-web-0")),
                Json.object("name", "token"))));

        Json merged = LiveMerge.merge(live, view, desired);

        assertThat(((Json.Obj) merged).objectOrEmpty("spec").array("volumes")).containsExactly(
                Json.object("name", "www", "persistentVolumeClaim", Json.object("claimName", "www-web-0")),
                Json.object("name", "token", "projected", Json.object("defaultMode", 420)),
                Json.object("name", "hidden", "emptyDir", Json.object()));
    }

    @Test
    void a_field_the_view_did_not_have_is_set_to_the_desired_value() {
        Json.Obj desired = VIEW.update("spec", s -> s.with("hostname", "web-0").with("nodeName", "node-2"));

        Json merged = LiveMerge.merge(LIVE, VIEW, desired);

        assertThat(((Json.Obj) merged).objectOrEmpty("spec").string("hostname")).contains("web-0");
        assertThat(((Json.Obj) merged).objectOrEmpty("spec").string("nodeName")).contains("node-2");
    }

    @Test
    void a_replacement_writes_back_the_live_objects_sixty_four_bit_integers_exactly() {
        // a pod made by hand and adopted, say, with a deadline past 2^53: its float64 form would be a spec change the
        // API server refuses (pod updates may not change fields other than ...), so the adoption could never succeed
        var live = new io.fabric8.kubernetes.api.model.PodBuilder().withNewMetadata().withName("web-0").withNamespace("default")
                .withResourceVersion("7").endMetadata()
                .withNewSpec().withActiveDeadlineSeconds(Long.MAX_VALUE).withTerminationGracePeriodSeconds(9007199254740993L)
                .addNewContainer().withName("c").withImage("i").endContainer().endSpec().build();
        Json.Obj view = Json.object("metadata", Json.object("name", "web-0"));
        Json.Obj desired = Json.object("metadata", Json.object("name", "web-0", "labels", Json.object("app", "web")));

        var replacement = LiveMerge.replacement(live, view, desired, "7");

        assertThat(replacement.getSpec().getActiveDeadlineSeconds()).isEqualTo(Long.MAX_VALUE);
        assertThat(replacement.getSpec().getTerminationGracePeriodSeconds()).isEqualTo(9007199254740993L);
        assertThat(replacement.getMetadata().getLabels()).containsEntry("app", "web");
    }
}
