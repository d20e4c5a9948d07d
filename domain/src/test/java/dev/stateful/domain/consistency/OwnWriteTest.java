package dev.stateful.domain.consistency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.PodStatus;
import dev.stateful.domain.sync.Snapshot;
import dev.stateful.domain.testing.Fixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OwnWriteTest {

    static Pod pod(String name, String uid, String rv) {
        return new Pod(ObjectMeta.named("default", name).withUid(uid).withResourceVersion(rv), Json.object(), PodStatus.NONE);
    }

    static Snapshot showing(List<Pod> pods, Map<String, PersistentVolumeClaim> claims) {
        return new Snapshot(Fixtures.statefulSet("web", 1), pods, claims, List.of(), Fixtures.T0);
    }

    static Snapshot showing(Pod... pods) {
        return showing(List.of(pods), Map.of());
    }

    @Test
    void aCreatedPodIsShownOnceTheCacheHoldsItsUid() {
        OwnWrite write = OwnWrite.created(pod("web-0", "u1", "10"));

        assertThat(write.shownBy(showing(pod("web-0", "u1", "10")), "")).isTrue();
        assertThat(write.shownBy(showing(), "")).as("not in the cache yet").isFalse();
        assertThat(write.shownBy(showing(pod("web-0", "u0", "4")), "")).as("the cache still holds the pod it replaced").isFalse();
    }

    @Test
    void aCreatedPodIsShownWhenTheCacheIsPastItsVersionEvenIfSomeoneDeletedItSince() {
        OwnWrite write = OwnWrite.created(pod("web-0", "u1", "10"));

        assertThat(write.shownBy(showing(), "12")).isTrue();
        assertThat(write.shownBy(showing(), "9")).isFalse();
    }

    @Test
    void aDeletedPodIsShownOnceItIsGoneReplacedOrTerminating() {
        Pod live = pod("web-0", "u1", "10");
        OwnWrite write = OwnWrite.deleted(live);

        assertThat(write.shownBy(showing(live), "99")).as("the cache still shows it running, whatever its version").isFalse();
        assertThat(write.shownBy(showing(), "")).isTrue();
        assertThat(write.shownBy(showing(pod("web-0", "u2", "11")), "")).as("a new pod took the name").isTrue();
        Pod terminating = new Pod(live.metadata().withDeletionTimestamp(Fixtures.T0), live.spec(), live.status());
        assertThat(write.shownBy(showing(terminating), "")).as("graceful deletion started").isTrue();
    }

    @Test
    void anUpdatedPodIsShownOnceTheCachedVersionReachesTheWrittenOne() {
        OwnWrite write = OwnWrite.updated(pod("web-0", "u1", "10"));

        assertThat(write.shownBy(showing(pod("web-0", "u1", "9")), "")).isFalse();
        assertThat(write.shownBy(showing(pod("web-0", "u1", "10")), "")).isTrue();
        assertThat(write.shownBy(showing(pod("web-0", "u1", "11")), "")).isTrue();
        assertThat(write.shownBy(showing(), "")).as("deleted since").isTrue();
    }

    @Test
    void claimWritesAreLookedUpAmongTheClaims() {
        PersistentVolumeClaim claim = new PersistentVolumeClaim(ObjectMeta.named("default", "www-web-0").withUid("c1").withResourceVersion("7"),
                Json.object(), "Bound");
        OwnWrite write = OwnWrite.created(claim);

        assertThat(write.shownBy(showing(List.of(), Map.of("www-web-0", claim)), "")).isTrue();
        assertThat(write.shownBy(showing(List.of(), Map.of()), "")).isFalse();
        assertThat(write.shownBy(showing(pod("www-web-0", "c1", "7")), "")).as("a pod of that name is no claim").isFalse();
    }

    @ParameterizedTest(name = "a cache at \"{0}\" has seen \"{1}\": {2}")
    @CsvSource({
        "10, 10, true",
        "11, 10, true",
        "9, 10, false",
        "100, 99, true",
        "'', 10, false",
        "10, '', false",
        "abc, 10, false",
        "10, abc, false",
    })
    void observedVersionsAreComparedAsNumbersAndUnknownOnesProveNothing(String observed, String wanted, boolean seen) {
        assertThat(ResourceVersions.atLeast(observed, wanted)).isEqualTo(seen);
    }

    @ParameterizedTest(name = "an object cached at \"{0}\" reflects a write answered with \"{1}\": {2}")
    @CsvSource({
        "10, 10, true",
        "11, 10, true",
        "9, 10, false",
        "abc, abc, true",
        "abc, def, true",
        "9, '', true",
    })
    void cachedVersionsReachAWriteUnlessTheyAreProvablyOlder(String cached, String written, boolean reached) {
        assertThat(ResourceVersions.reached(cached, written)).isEqualTo(reached);
    }
}
