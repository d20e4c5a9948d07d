package dev.stateful.domain.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.testing.Fixtures;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SnapshotTest {

    private static PersistentVolumeClaim claim(String name) {
        return new PersistentVolumeClaim(ObjectMeta.named("default", name), null, "Bound");
    }

    private static Snapshot snapshot(Map<String, PersistentVolumeClaim> claims) {
        return new Snapshot(Fixtures.statefulSet("web", 1), List.of(), claims, List.of(), Fixtures.T0);
    }

    @Test
    void claimsAreAnUnchangeableCopyLookedUpByName() {
        Map<String, PersistentVolumeClaim> source = new HashMap<>(Map.of("www-web-0", claim("www-web-0")));
        Snapshot snapshot = snapshot(source);
        source.clear();

        assertThat(snapshot.claim("www-web-0")).contains(claim("www-web-0"));
        assertThat(snapshot.claim("www-web-1")).isEmpty();
        assertThatThrownBy(() -> snapshot.claims().remove("www-web-0")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aNullClaimOrNameIsRejectedAsMapCopyOfDid() {
        Map<String, PersistentVolumeClaim> nullClaim = new HashMap<>();
        nullClaim.put("www-web-0", null);
        Map<String, PersistentVolumeClaim> nullName = new HashMap<>();
        nullName.put(null, claim("www-web-0"));

        assertThatThrownBy(() -> snapshot(nullClaim)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> snapshot(nullName)).isInstanceOf(NullPointerException.class);
    }
}
