package dev.stateful.fabric8.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntryBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class DomainStoreTest {

    final DomainStore<io.fabric8.kubernetes.api.model.Pod, Pod> store = new DomainStore<>("pod", io.fabric8.kubernetes.api.model.Pod::new, Pod::metadata);

    /** A pod as the informers receive it. */
    static io.fabric8.kubernetes.api.model.Pod pod(String namespace, String name, String rv) {
        return OffTheWire.read(fabric8Pod(namespace, name, rv));
    }

    static io.fabric8.kubernetes.api.model.Pod fabric8Pod(String namespace, String name, String rv) {
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
    void the_record_decoded_on_the_wire_is_kept_and_it_holds_only_what_the_controller_reads() {
        var incoming = pod("default", "web-0", "1");

        store.put(store.getKey(incoming), incoming);

        Pod kept = store.get("default", "web-0").orElseThrow();
        assertThat(kept).isSameAs(store.recordOf(incoming));
        assertThat(kept.status().phase()).isEqualTo("Running");
        assertThat(kept.status().conditions()).extracting(PodStatus.PodCondition::type).containsExactly("Ready");
        assertThat(kept.spec().fields()).as("no containers, no managedFields").isEmpty();
    }

    @Test
    void what_fabric8_gets_back_is_the_identity_it_keys_and_compares_by_carrying_the_cached_record() {
        store.put("default/web-0", pod("default", "web-0", "1"));

        var given = store.get("default/web-0");

        assertThat(given.getMetadata().getNamespace()).isEqualTo("default");
        assertThat(given.getMetadata().getName()).isEqualTo("web-0");
        assertThat(given.getMetadata().getResourceVersion()).isEqualTo("1");
        assertThat(given.getSpec()).as("no fabric8 object rebuilt").isNull();
        assertThat(store.recordOf(given)).isSameAs(store.get("default", "web-0").orElseThrow());
        assertThat(store.values()).extracting(store::recordOf).containsExactly(store.get("default", "web-0").orElseThrow());
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
        var sent = fabric8Pod("default", "web-0", "2");
        sent.getMetadata().setCreationTimestamp("not a time");
        var broken = OffTheWire.read(sent);

        var previous = store.put("default/web-0", broken);

        assertThat(store.get("default", "web-0")).map(p -> p.metadata().resourceVersion()).contains("1");
        assertThat(previous.getMetadata().getResourceVersion()).isEqualTo("1");
        assertThatThrownBy(() -> store.recordOf(broken)).as("the handlers hear of it as a failure")
                .hasMessageContaining("cannot decode pod default/web-0").hasMessageContaining("creationTimestamp");
    }

    static io.fabric8.kubernetes.api.model.Pod undecodablePod(String namespace, String name, String rv) {
        var sent = fabric8Pod(namespace, name, rv);
        sent.getMetadata().setCreationTimestamp("not a time");
        return OffTheWire.read(sent);
    }

    /**
     * fabric8 compares the state it is given back with the one it receives, as client-go's store
     * holds the latest object: the undecodable state is the object's, for fabric8, and the domain
     * reads keep the last record decoded.
     */
    @Test
    void fabric8_gets_back_the_undecodable_latest_state_and_the_domain_reads_the_last_record_decoded() {
        store.put("default/web-0", pod("default", "web-0", "1"));
        store.put("default/web-1", pod("default", "web-1", "1"));

        store.put("default/web-0", undecodablePod("default", "web-0", "2"));

        assertThat(store.get("default", "web-0")).map(p -> p.metadata().resourceVersion()).contains("1");
        assertThat(store.undecodable("default", "web-0")).hasValueSatisfying(c -> assertThat(c.getMetadata().getResourceVersion()).isEqualTo("2"));
        assertThat(DomainStore.reason(store.undecodable("default", "web-0").orElseThrow())).contains("creationTimestamp");
        assertThat(store.get("default/web-0").getMetadata().getResourceVersion()).isEqualTo("2");
        assertThat(DomainStore.isDecoded(store.get("default/web-0"))).isFalse();
        assertThat(store.values()).extracting(p -> p.getMetadata().getName() + "@" + p.getMetadata().getResourceVersion())
                .containsExactlyInAnyOrder("web-0@2", "web-1@1");
        assertThat(store.keySet()).containsExactlyInAnyOrder("default/web-0", "default/web-1");
        assertThat(store.size()).isEqualTo(2);
    }

    @Test
    void a_relist_of_the_same_undecodable_version_gives_fabric8_that_version_back_so_it_is_no_change() {
        store.put("default/web-0", pod("default", "web-0", "1"));
        assertThat(store.put("default/web-0", undecodablePod("default", "web-0", "2")).getMetadata().getResourceVersion()).isEqualTo("1");

        var relisted = store.put("default/web-0", undecodablePod("default", "web-0", "2"));

        assertThat(relisted.getMetadata().getResourceVersion()).isEqualTo("2");
        assertThat(DomainStore.isDecoded(relisted)).isFalse();
    }

    @Test
    void a_state_that_decodes_replaces_the_undecodable_one_and_fabric8_sees_that_one_replaced() {
        store.put("default/web-0", undecodablePod("default", "web-0", "2"));
        assertThat(store.get("default", "web-0")).isEmpty();

        var previous = store.put("default/web-0", pod("default", "web-0", "3"));

        assertThat(previous.getMetadata().getResourceVersion()).isEqualTo("2");
        assertThat(store.undecodable("default", "web-0")).isEmpty();
        assertThat(store.get("default", "web-0")).map(p -> p.metadata().resourceVersion()).contains("3");
        assertThat(store.values()).hasSize(1);
    }

    /** What a relist that lacks it, or a watch's deletion, does: fabric8 reports a deletion only for what its store gave back. */
    @Test
    void removing_an_object_that_never_decoded_gives_fabric8_its_last_state_and_forgets_it() {
        store.put("default/web-0", undecodablePod("default", "web-0", "2"));

        var removed = store.remove("default/web-0");

        assertThat(removed.getMetadata().getResourceVersion()).isEqualTo("2");
        assertThat(store.undecodable("default", "web-0")).isEmpty();
        assertThat(store.size()).isZero();
        assertThat(store.values()).isEmpty();
    }

    /**
     * A listing is of one moment while the informer changes the store: here a pod whose states decode
     * and do not in turn (odd resourceVersions decode, even ones do not), listed over and over as it
     * goes through a few hundred versions. Each listing has either its latest record alone or, beside
     * the record of the version before, its undecodable latest state; and no listing goes back to a
     * state older than one an earlier listing had, as a list of the records before a change beside the
     * undecodable states after it would.
     */
    @Test
    void a_listing_is_of_one_moment_while_the_store_changes() throws Exception {
        Logger log = (Logger) LoggerFactory.getLogger(DomainStore.class);
        Level level = log.getLevel();
        log.setLevel(Level.OFF); // every undecodable state is warned about
        AtomicBoolean listed = new AtomicBoolean();
        ExecutorService informer = Executors.newSingleThreadExecutor();
        try {
            Future<?> changing = informer.submit(() -> {
                for (long rv = 1; !listed.get(); rv++) {
                    store.put("default/web-0", rv % 2 == 1 ? pod("default", "web-0", "" + rv) : undecodablePod("default", "web-0", "" + rv));
                }
            });
            List<String> wrong = new ArrayList<>();
            long latestListed = 0;
            while (latestListed < 400 && wrong.size() < 5 && !changing.isDone()) {
                DomainStore.Listing<io.fabric8.kubernetes.api.model.Pod, Pod> listing = store.listing("default");
                long record = listing.records().stream().mapToLong(p -> Long.parseLong(p.metadata().resourceVersion())).max().orElse(0);
                long latest = listing.undecodable().stream().mapToLong(c -> Long.parseLong(c.getMetadata().getResourceVersion())).max().orElse(record);
                if (latest != record && latest != record + 1 || latest < latestListed) {
                    wrong.add("record " + record + " and latest state " + latest + ", after " + latestListed);
                }
                latestListed = Math.max(latestListed, latest);
            }
            listed.set(true);
            changing.get();
            assertThat(wrong).isEmpty();
        } finally {
            listed.set(true);
            informer.shutdownNow();
            log.setLevel(level);
        }
    }
}
