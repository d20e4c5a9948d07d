package dev.stateful.inmemory.store;

import static dev.stateful.inmemory.testing.TestObjects.claim;
import static dev.stateful.inmemory.testing.TestObjects.pod;
import static dev.stateful.inmemory.testing.TestObjects.revision;
import static dev.stateful.inmemory.testing.TestObjects.statefulSet;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.codec.ModelCodec;
import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ControllerRevision;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.model.SetExtensions;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.model.StatefulSetSpec;
import dev.stateful.domain.model.StatefulSetStatus;
import dev.stateful.inmemory.clock.ManualClock;
import dev.stateful.ports.ApiException;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** What a plain update and a {@code /status} update may change, per kind (upstream registry strategies). */
class SubresourceTest {

    private static final StatefulSetStatus SOME_STATUS = new StatefulSetStatus(1, 3, 2, 3, 0, 2, "web-1", "web-1", 0, List.of());

    private final ManualClock clock = new ManualClock();
    private final Stores stores = new Stores(clock, new IdGenerator(new Random(7)), StatefulSetAdmission.NONE);

    @Test
    void aStatefulSetStartsAtGenerationOneWithAnEmptyStatus() {
        StatefulSet sent = statefulSet("web", 3).withStatus(SOME_STATUS);

        StatefulSet created = stores.statefulSets().create(sent);

        assertThat(created.metadata().generation()).isEqualTo(1);
        assertThat(created.status()).isEqualTo(StatefulSetStatus.EMPTY);
    }

    @Test
    void generationIsBumpedOnlyWhenTheSpecChanges() {
        StatefulSet created = stores.statefulSets().create(statefulSet("web", 3));

        StatefulSet relabelled = stores.statefulSets().update(created.withMetadata(created.metadata().withLabel("team", "a")));
        StatefulSet scaled = stores.statefulSets().update(relabelled.withSpec(relabelled.spec().withReplicas(5)));
        StatefulSet scaledAgainToFive = stores.statefulSets().update(scaled.withSpec(scaled.spec().withReplicas(5)));

        assertThat(relabelled.metadata().generation()).isEqualTo(1);
        assertThat(scaled.metadata().generation()).isEqualTo(2);
        assertThat(scaledAgainToFive.metadata().generation()).isEqualTo(2);
    }

    @Test
    void aChangeOfOurKindsOwnFieldsIsASpecChangeAndBumpsTheGeneration() {
        StatefulSet created = stores.statefulSets().create(statefulSet("web", 3).as(SetKind.STATEFUL_DEV, SetExtensions.NONE));

        StatefulSet paused = stores.statefulSets().update(created.as(SetKind.STATEFUL_DEV, created.extensions().withPaused(true)));
        StatefulSet pausedAgain = stores.statefulSets().update(paused.as(SetKind.STATEFUL_DEV, paused.extensions().withPaused(true)));

        assertThat(paused.metadata().generation()).isEqualTo(2);
        assertThat(pausedAgain.metadata().generation()).isEqualTo(2);
    }

    @Test
    void aSpecUpdateKeepsTheStoredStatus() {
        StatefulSet created = stores.statefulSets().create(statefulSet("web", 3));
        StatefulSet withStatus = stores.statefulSets().updateStatus(created.withStatus(SOME_STATUS));

        StatefulSet updated = stores.statefulSets().update(withStatus.withSpec(withStatus.spec().withReplicas(4)).withStatus(StatefulSetStatus.EMPTY));

        assertThat(updated.status()).isEqualTo(SOME_STATUS);
        assertThat(updated.spec().replicas()).isEqualTo(4);
    }

    @Test
    void aStatusUpdateKeepsTheStoredSpecMetadataAndGeneration() {
        StatefulSet created = stores.statefulSets().create(statefulSet("web", 3));

        StatefulSet sent = created.withSpec(created.spec().withReplicas(10))
                .withMetadata(created.metadata().withLabel("sneaky", "yes"))
                .withStatus(SOME_STATUS);
        StatefulSet updated = stores.statefulSets().updateStatus(sent);

        assertThat(updated.status()).isEqualTo(SOME_STATUS);
        assertThat(updated.spec()).isEqualTo(created.spec());
        assertThat(updated.metadata().labels()).doesNotContainKey("sneaky");
        assertThat(updated.metadata().generation()).isEqualTo(1);
        assertThat(updated.metadata().resourceVersion()).isNotEqualTo(created.metadata().resourceVersion());
    }

    @Test
    void admissionDefaultsCreatesAndUpdatesSoADefaultedFieldIsNotASpecChange() {
        StatefulSetAdmission defaultPolicy = StatefulSetAdmission.of(s -> s.spec().podManagementPolicy().isEmpty()
                ? s.withSpec(s.spec().withPodManagementPolicy(StatefulSetSpec.ORDERED_READY)) : s);
        Stores admitted = new Stores(clock, new IdGenerator(new Random(7)), defaultPolicy);
        StatefulSet bare = statefulSet("web", 1).withSpec(statefulSet("web", 1).spec().withPodManagementPolicy(""));

        StatefulSet created = admitted.statefulSets().create(bare);
        StatefulSet reapplied = admitted.statefulSets().update(bare);

        assertThat(created.spec().podManagementPolicy()).isEqualTo(StatefulSetSpec.ORDERED_READY);
        assertThat(reapplied.metadata().generation()).isEqualTo(1);
    }

    @Test
    void admissionCanRejectAnUpdateUsingTheStoredObject() {
        StatefulSetAdmission immutableServiceName = (incoming, existing) -> {
            if (existing != null && !incoming.spec().serviceName().equals(existing.spec().serviceName())) {
                throw new ApiException.Invalid("spec: Forbidden: updates to statefulset spec for fields other than ... are forbidden");
            }
            return incoming;
        };
        Stores admitted = new Stores(clock, new IdGenerator(new Random(7)), immutableServiceName);
        StatefulSet created = admitted.statefulSets().create(statefulSet("web", 1));

        assertThatThrownBy(() -> admitted.statefulSets().update(created.withSpec(created.spec().withServiceName("other"))))
                .isInstanceOf(ApiException.Invalid.class);
    }

    @Test
    void aPodIsCreatedPendingWhateverStatusWasSent() {
        Pod created = stores.pods().create(pod("web-0").withStatus(PodStatus.runningAndReady(clock.instant())));

        assertThat(created.status()).isEqualTo(PodStatus.of(PodStatus.PENDING));
        assertThat(created.isCreated()).isTrue();
    }

    @Test
    void aPodUpdateCannotChangeTheStatusButAStatusUpdateCan() {
        Pod created = stores.pods().create(pod("web-0"));
        PodStatus ready = PodStatus.runningAndReady(clock.instant());

        Pod viaUpdate = stores.pods().update(created.withStatus(ready));
        Pod viaStatus = stores.pods().updateStatus(viaUpdate.withStatus(ready));

        assertThat(viaUpdate.status().phase()).isEqualTo(PodStatus.PENDING);
        assertThat(viaStatus.status()).isEqualTo(ready);
    }

    @Test
    void aPodUpdateMayChangeImagesButNotTheRestOfTheSpec() {
        Pod created = stores.pods().create(pod("web-0", "nginx:1.25"));

        Pod newImage = stores.pods().update(created.withSpec(pod("web-0", "nginx:1.26").spec()));
        Pod newVolumes = newImage.withSpec(newImage.spec().with("volumes", Json.array(Json.object("name", "www"))));

        assertThat(newImage.spec().array("containers").get(0).asObject().orElseThrow().string("image")).contains("nginx:1.26");
        assertThatThrownBy(() -> stores.pods().update(newVolumes))
                .isInstanceOf(ApiException.Invalid.class)
                .hasMessageContaining("pod updates may not change fields other than");
    }

    @Test
    void aClaimIsCreatedPendingAndItsSpecIsImmutableExceptResources() {
        PersistentVolumeClaim created = stores.claims().create(claim("www-web-0"));

        PersistentVolumeClaim grown = stores.claims().update(new PersistentVolumeClaim(created.metadata(),
                created.spec().with("resources", Json.object("requests", Json.object("storage", "2Gi"))), ""));
        PersistentVolumeClaim otherClass = new PersistentVolumeClaim(grown.metadata(), grown.spec().with("storageClassName", "fast"), "");

        assertThat(created.phase()).isEqualTo("Pending");
        assertThat(grown.phase()).isEqualTo("Pending");
        assertThatThrownBy(() -> stores.claims().update(otherClass)).isInstanceOf(ApiException.Invalid.class);
    }

    @Test
    void aRevisionMayBeRenumberedButItsDataIsImmutable() {
        ControllerRevision created = stores.revisions().create(revision("web-abc", "{\"spec\":1}", 1));

        ControllerRevision renumbered = stores.revisions().update(created.withRevision(3));

        assertThat(renumbered.revision()).isEqualTo(3);
        assertThatThrownBy(() -> stores.revisions().update(ModelCodec.controllerRevision(renumbered.metadata(), "{\"spec\":2}", 3)))
                .isInstanceOf(ApiException.Invalid.class)
                .hasMessageContaining("data: Invalid value: field is immutable");
        assertThatThrownBy(() -> stores.revisions().updateStatus(renumbered)).isInstanceOf(ApiException.NotFound.class);
    }

    @Test
    void aServiceKeepsMetadataFieldsTheModelDoesNotKnow() {
        Json.Obj service = Json.object("apiVersion", "v1", "kind", "Service",
                "metadata", Json.object("name", "nginx", "namespace", "default", "labels", Json.object("app", "nginx"),
                        "managedFields", Json.array()),
                "spec", Json.object("clusterIP", "None"));

        Json.Obj created = stores.services().create(service);

        Json.Obj meta = created.objectOrEmpty("metadata");
        assertThat(meta.string("uid")).isPresent();
        assertThat(meta.has("managedFields")).isTrue();
        assertThat(created.objectOrEmpty("spec").string("clusterIP")).contains("None");
    }
}
