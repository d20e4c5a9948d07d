package dev.stateful.fabric8.informer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.model.Pod;
import dev.stateful.fabric8.convert.Fabric8Codec;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntryBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import org.junit.jupiter.api.Test;

class DomainStoreTest {

    final DomainStore<io.fabric8.kubernetes.api.model.Pod, Pod> store =
            new DomainStore<>("pod", Fabric8Codec::toDomain, Fabric8Codec::toFabric8, io.fabric8.kubernetes.api.model.Pod::new, Pod::metadata);

    static io.fabric8.kubernetes.api.model.Pod pod(String namespace, String name, String rv) {
        return new PodBuilder()
                .withNewMetadata().withNamespace(namespace).withName(name).withResourceVersion(rv)
                    .withManagedFields(new ManagedFieldsEntryBuilder().withManager("kubectl").withOperation("Update").build())
                .endMetadata()
                .withNewSpec().addNewContainer().withName("c").withImage("i").endContainer().endSpec()
                .withNewStatus().withPhase("Running").withPodIP("10.0.0.7")
                    .addNewContainerStatus().withName("c").withRestartCount(3).endContainerStatus()
                    .addNewCondition().withType("Ready").withStatus("True").endCondition()
                .endStatus()
                .build();
    }

    @Test
    void only_what_the_controller_reads_is_kept() {
        var incoming = pod("default", "web-0", "1");

        store.put(store.getKey(incoming), incoming);

        var kept = store.get("default/web-0");
        assertThat(kept.getMetadata().getManagedFields()).isEmpty();
        assertThat(kept.getStatus().getContainerStatuses()).isEmpty();
        assertThat(kept.getStatus().getPodIP()).isNull();
        assertThat(kept.getStatus().getPhase()).isEqualTo("Running");
        assertThat(kept.getStatus().getConditions()).extracting(c -> c.getType()).containsExactly("Ready");
        assertThat(kept.getSpec().getContainers()).extracting(c -> c.getImage()).containsExactly("i");
        assertThat(incoming.getMetadata().getManagedFields()).as("also spared to the event handlers").isNull();
    }

    @Test
    void put_returns_the_previous_state_and_remove_the_last() {
        assertThat(store.put("default/web-0", pod("default", "web-0", "1"))).isNull();

        var previous = store.put("default/web-0", pod("default", "web-0", "2"));

        assertThat(previous.getMetadata().getResourceVersion()).isEqualTo("1");
        assertThat(store.remove("default/web-0").getMetadata().getResourceVersion()).isEqualTo("2");
        assertThat(store.remove("default/web-0")).isNull();
        assertThat(store.size()).isZero();
    }

    @Test
    void lists_are_per_namespace_and_ordered_by_name() {
        for (var p : new io.fabric8.kubernetes.api.model.Pod[] {
                pod("b", "web-1", "1"), pod("a", "web-2", "1"), pod("b", "web-0", "1"), pod("a", "db-0", "1")}) {
            store.put(store.getKey(p), p);
        }

        assertThat(store.list("b")).extracting(Pod::name).containsExactly("web-0", "web-1");
        assertThat(store.list("")).extracting(p -> p.namespace() + "/" + p.name())
                .containsExactly("a/db-0", "a/web-2", "b/web-0", "b/web-1");
        assertThat(store.list("c")).isEmpty();
        assertThat(store.keySet()).containsExactlyInAnyOrder("a/db-0", "a/web-2", "b/web-0", "b/web-1");
        assertThat(store.get("a", "db-0")).isPresent();
    }

    @Test
    void an_object_that_cannot_be_decoded_leaves_the_previous_state_in_place() {
        store.put("default/web-0", pod("default", "web-0", "1"));
        var broken = pod("default", "web-0", "2");
        broken.getMetadata().setCreationTimestamp("not a time");

        store.put("default/web-0", broken);

        assertThat(store.get("default", "web-0")).map(p -> p.metadata().resourceVersion()).contains("1");
    }
}
