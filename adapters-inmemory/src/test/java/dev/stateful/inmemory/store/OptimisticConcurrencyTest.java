package dev.stateful.inmemory.store;

import static dev.stateful.inmemory.testing.TestObjects.NS;
import static dev.stateful.inmemory.testing.TestObjects.claim;
import static dev.stateful.inmemory.testing.TestObjects.controllerRef;
import static dev.stateful.inmemory.testing.TestObjects.ownedBy;
import static dev.stateful.inmemory.testing.TestObjects.pod;
import static dev.stateful.inmemory.testing.TestObjects.statefulSet;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.model.LabelSelector;
import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.clock.ManualClock;
import dev.stateful.ports.ApiException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class OptimisticConcurrencyTest {

    private final ManualClock clock = new ManualClock();
    private final Stores stores = new Stores(clock, new IdGenerator(new Random(7)), StatefulSetAdmission.NONE);

    @Test
    void createAssignsUidResourceVersionAndCreationTimestampFromTheClock() {
        clock.advance(Duration.ofSeconds(42));

        Pod created = stores.pods().create(pod("web-0"));

        assertThat(created.metadata().uid()).matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
        assertThat(created.metadata().resourceVersion()).isEqualTo("1");
        assertThat(created.metadata().creationTimestamp()).isEqualTo(ManualClock.DEFAULT_START.plusSeconds(42));
        assertThat(stores.pods().get(new ObjectKey(NS, "web-0"))).contains(created);
    }

    @Test
    void resourceVersionIsOneCounterAcrossAllKinds() {
        String first = stores.pods().create(pod("web-0")).metadata().resourceVersion();
        String second = stores.claims().create(claim("www-web-0")).metadata().resourceVersion();
        String third = stores.statefulSets().create(statefulSet("web", 1)).metadata().resourceVersion();

        assertThat(List.of(first, second, third)).containsExactly("1", "2", "3");
        assertThat(stores.resourceVersion()).isEqualTo(3);
    }

    @Test
    void creatingAnExistingNameIsAlreadyExists() {
        stores.pods().create(pod("web-0"));

        assertThatThrownBy(() -> stores.pods().create(pod("web-0")))
                .isInstanceOf(ApiException.AlreadyExists.class)
                .hasMessage("pods \"web-0\" already exists");
    }

    @Test
    void creatingWithAResourceVersionIsRejected() {
        Pod withVersion = pod("web-0").withMetadata(pod("web-0").metadata().withResourceVersion("12"));

        assertThatThrownBy(() -> stores.pods().create(withVersion)).isInstanceOf(ApiException.Invalid.class);
    }

    @Test
    void generateNameGetsARandomSuffix() {
        Pod created = stores.pods().create(pod("").withMetadata(pod("").metadata().withGenerateName("web-")));

        assertThat(created.name()).matches("web-[bcdfghjklmnpqrstvwxz2456789]{5}");
    }

    @Test
    void updatingWithAStaleResourceVersionIsAConflict() {
        Pod created = stores.pods().create(pod("web-0"));
        stores.pods().update(created.withMetadata(created.metadata().withLabel("tier", "a")));

        Pod stale = created.withMetadata(created.metadata().withLabel("tier", "b"));

        assertThatThrownBy(() -> stores.pods().update(stale))
                .isInstanceOf(ApiException.Conflict.class)
                .hasMessageContaining("the object has been modified");
        assertThat(stores.pods().get(ObjectKey.of(created.metadata())).orElseThrow().metadata().labels()).containsEntry("tier", "a");
    }

    @Test
    void statusUpdateWithAStaleResourceVersionIsAConflictToo() {
        StatefulSet created = stores.statefulSets().create(statefulSet("web", 1));
        stores.statefulSets().update(created.withSpec(created.spec().withReplicas(2)));

        assertThatThrownBy(() -> stores.statefulSets().updateStatus(created)).isInstanceOf(ApiException.Conflict.class);
    }

    @Test
    void updateWithoutAResourceVersionIsUnconditional() {
        Pod created = stores.pods().create(pod("web-0"));
        stores.pods().update(created.withMetadata(created.metadata().withLabel("tier", "a")));

        Pod blind = created.withMetadata(created.metadata().withResourceVersion("").withLabel("tier", "b"));

        assertThat(stores.pods().update(blind).metadata().labels()).containsEntry("tier", "b");
    }

    @Test
    void updateCarryingAnotherUidIsAConflict() {
        Pod created = stores.pods().create(pod("web-0"));

        Pod other = created.withMetadata(created.metadata().withUid("someone-else").withResourceVersion(""));

        assertThatThrownBy(() -> stores.pods().update(other))
                .isInstanceOf(ApiException.Conflict.class)
                .hasMessageContaining("Precondition failed: UID in precondition: someone-else");
    }

    @Test
    void updatingAMissingObjectIsNotFound() {
        assertThatThrownBy(() -> stores.pods().update(pod("web-9")))
                .isInstanceOf(ApiException.NotFound.class)
                .hasMessage("pods \"web-9\" not found");
    }

    @Test
    void anUpdateThatChangesNothingKeepsTheResourceVersionAndIsNotAChange() {
        List<Change<?>> changes = new ArrayList<>();
        Pod created = stores.pods().create(pod("web-0"));
        stores.addListener(changes::add);

        Pod same = stores.pods().update(created);

        assertThat(same.metadata().resourceVersion()).isEqualTo(created.metadata().resourceVersion());
        assertThat(changes).isEmpty();
    }

    @Test
    void serverOwnedMetadataCannotBeChangedByAnUpdate() {
        Pod created = stores.pods().create(pod("web-0"));
        clock.advance(Duration.ofMinutes(1));

        Pod tampered = created.withMetadata(created.metadata().withCreationTimestamp(clock.instant()).withGeneration(99));
        Pod updated = stores.pods().update(tampered.withMetadata(tampered.metadata().withLabel("x", "y")));

        assertThat(updated.metadata().creationTimestamp()).isEqualTo(created.metadata().creationTimestamp());
        assertThat(updated.metadata().uid()).isEqualTo(created.metadata().uid());
        assertThat(updated.metadata().generation()).isZero();
    }

    @Test
    void labelValuesLongerThan63BytesAreInvalidLikeOnARealCluster() {
        Pod longLabel = pod("web-0").withMetadata(pod("web-0").metadata().withLabel("controller-revision-hash", "x".repeat(64)));

        assertThatThrownBy(() -> stores.pods().create(longLabel))
                .isInstanceOf(ApiException.Invalid.class)
                .hasMessageContaining("must be no more than 63 bytes");
    }

    @Test
    void twoControllerReferencesAreInvalid() {
        StatefulSet a = stores.statefulSets().create(statefulSet("a", 1));
        StatefulSet b = stores.statefulSets().create(statefulSet("b", 1));

        Pod twoControllers = ownedBy(pod("a-0"),
                controllerRef(a), controllerRef(b));

        assertThatThrownBy(() -> stores.pods().create(twoControllers))
                .isInstanceOf(ApiException.Invalid.class)
                .hasMessageContaining("Only one reference can have Controller set to true");
    }

    @Test
    void listsAreSortedAndFilteredByNamespaceAndSelector() {
        stores.pods().create(pod("web-1"));
        stores.pods().create(pod("web-0"));
        Pod other = pod("db-0");
        stores.pods().create(other.withMetadata(other.metadata().withNamespace("prod").withLabels(Map.of("app", "db"))));

        assertThat(stores.pods().list(NS)).extracting(Pod::name).containsExactly("web-0", "web-1");
        assertThat(stores.pods().list("")).extracting(Pod::name).containsExactly("web-0", "web-1", "db-0");
        assertThat(stores.pods().list("", LabelSelector.of(Map.of("app", "db"))))
                .extracting(Pod::name).containsExactly("db-0");
    }
}
