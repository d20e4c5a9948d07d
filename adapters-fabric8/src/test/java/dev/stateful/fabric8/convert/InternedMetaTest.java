package dev.stateful.fabric8.convert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.ObjectMeta;
import org.junit.jupiter.api.Test;

class InternedMetaTest {

    static ObjectMeta meta(int ordinal) {
        return Fabric8Codec.toDomain(LivePods.running(ordinal, "www-web-" + ordinal)).metadata().withFinalizers(java.util.List.of(new String("x/y")));
    }

    @Test
    void interned_metadata_is_equal_to_the_original() {
        ObjectMeta original = meta(0);

        assertThat(InternedMeta.of(original)).isEqualTo(original);
    }

    @Test
    void strings_repeated_across_objects_are_shared_and_a_label_equal_to_the_name_shares_the_name() {
        ObjectMeta a = InternedMeta.of(meta(0));
        ObjectMeta b = InternedMeta.of(meta(1));

        assertThat(a.namespace()).isSameAs(b.namespace());
        assertThat(a.labels().get("app")).isSameAs(b.labels().get("app"));
        assertThat(a.annotations().get("kubectl.kubernetes.io/restartedAt")).isSameAs(b.annotations().get("kubectl.kubernetes.io/restartedAt"));
        assertThat(a.finalizers().get(0)).isSameAs(b.finalizers().get(0));
        assertThat(a.ownerReferences()).isSameAs(b.ownerReferences());
        assertThat(a.labels().get("statefulset.kubernetes.io/pod-name")).isSameAs(a.name());
    }
}
