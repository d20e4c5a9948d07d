package dev.stateful.inmemory.store;

import static dev.stateful.inmemory.testing.TestObjects.NS;
import static dev.stateful.inmemory.testing.TestObjects.pod;
import static dev.stateful.inmemory.testing.TestObjects.statefulSet;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.inmemory.clock.ManualClock;
import dev.stateful.ports.ApiException;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A dry run of a write ({@code dryRun=All}): refused exactly as the write would be, and nothing written. */
class DryRunTest {

    private final Stores stores = stores(7);

    private static Stores stores(long seed) {
        return new Stores(new ManualClock(), new IdGenerator(new Random(seed)), StatefulSetAdmission.apiServer());
    }

    @Test
    void aCreateTheStoreWouldRefuseIsRefusedAlikeByItsDryRun() {
        Pod badLabel = pod("web-0").withMetadata(pod("web-0").metadata().withLabels(Map.of("bad key!", "x")));

        ApiException.Invalid refused = catchThrowableOfType(ApiException.Invalid.class, () -> stores.pods().create(badLabel));

        assertThatThrownBy(() -> stores.pods().dryRunCreate(badLabel)).isInstanceOf(ApiException.Invalid.class)
                .hasMessage(refused.getMessage());
    }

    @Test
    void aDryRunCreateGoesThroughTheKindsAdmission() {
        StatefulSet web = statefulSet("web", 1);
        StatefulSet negative = web.withSpec(web.spec().withReplicas(-1));

        assertThatThrownBy(() -> stores.statefulSets().dryRunCreate(negative)).isInstanceOf(ApiException.Invalid.class)
                .satisfies(e -> assertThat(((ApiException.Invalid) e).causes()).extracting(ApiException.Invalid.Cause::field)
                        .containsExactly("spec.replicas"));
    }

    @Test
    void aDryRunUpdateChecksTheKindsImmutableFields() {
        stores.pods().create(pod("web-0", "nginx:1.25"));
        Pod stored = stores.pods().get(new ObjectKey(NS, "web-0")).orElseThrow();
        Pod otherSpec = stored.withSpec(stored.spec().with("terminationGracePeriodSeconds", 5));

        assertThatThrownBy(() -> stores.pods().dryRunUpdate(otherSpec)).isInstanceOf(ApiException.Invalid.class)
                .hasMessageContaining("pod updates may not change fields");
        assertThat(stores.pods().get(new ObjectKey(NS, "web-0"))).contains(stored);
    }

    @Test
    void anAcceptedDryRunWritesNothingAndDrawsNoId() {
        Stores untouched = stores(7);
        Pod generated = pod("").withMetadata(pod("").metadata().withGenerateName("web-"));

        stores.pods().dryRunCreate(pod("web-0"));
        stores.pods().dryRunCreate(generated);

        assertThat(stores.pods().list(NS)).isEmpty();
        assertThat(stores.resourceVersion()).isZero();
        // the seeded ids stay those of a run without the dry runs
        assertThat(stores.pods().create(generated).metadata())
                .usingRecursiveComparison().isEqualTo(untouched.pods().create(generated).metadata());
    }
}
