package dev.stateful.it.differential;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonTest {

    @Test
    void aPodsClaimCreatesCompareInAnyOrderButPodsAndClaimsOfOtherPodsKeepTheirOrder() {
        List<String> upstream = List.of("POST claim/www-web-0", "POST claim/logs-web-0", "POST pod/web-0",
                "POST claim/logs-web-1", "POST claim/www-web-1", "POST pod/web-1");
        List<String> ours = List.of("POST claim/logs-web-0", "POST claim/www-web-0", "POST pod/web-0",
                "POST claim/www-web-1", "POST claim/logs-web-1", "POST pod/web-1");
        List<String> podsSwapped = List.of("POST claim/www-web-1", "POST claim/logs-web-1", "POST pod/web-1",
                "POST claim/www-web-0", "POST claim/logs-web-0", "POST pod/web-0");

        assertThat(Comparison.claimsOfAPodUnordered(upstream)).isEqualTo(Comparison.claimsOfAPodUnordered(ours));
        assertThat(Comparison.claimsOfAPodUnordered(upstream)).isNotEqualTo(Comparison.claimsOfAPodUnordered(podsSwapped));
    }

    @Test
    void aDeleteRepeatedBeforeTheObjectIsCreatedAgainCountsOnceButADeleteAfterARecreateDoesNot() {
        List<String> upstream = List.of("DELETE pod/web-1", "DELETE pod/web-1", "POST pod/web-1", "DELETE pod/web-0", "POST pod/web-0");
        List<String> ours = List.of("DELETE pod/web-1", "POST pod/web-1", "DELETE pod/web-0", "POST pod/web-0");
        List<String> deletedTwice = List.of("DELETE pod/web-1", "POST pod/web-1", "DELETE pod/web-1", "POST pod/web-1");

        assertThat(Comparison.deletedOnce(upstream)).isEqualTo(ours);
        assertThat(Comparison.deletedOnce(deletedTwice)).isEqualTo(deletedTwice);
        assertThat(Comparison.deletedOnce(List.of("POST pod/web-0", "POST pod/web-0"))).hasSize(2);
        // a Parallel scale-down's second sync deletes the pods its informer has not shown terminating
        assertThat(Comparison.deletedOnce(List.of("DELETE pod/web-3", "DELETE pod/web-2", "DELETE pod/web-1", "DELETE pod/web-2", "DELETE pod/web-1")))
                .containsExactly("DELETE pod/web-3", "DELETE pod/web-2", "DELETE pod/web-1");
        // a failed delete is not the same write as a delete that succeeded
        assertThat(Comparison.deletedOnce(List.of("DELETE pod/web-1 -> 409", "DELETE pod/web-1"))).hasSize(2);
    }

    @Test
    void aPodBlockedByAClaimThatWentAwayBeforeTheSettlePointIsTimingButOneStillBlockedIsCompared() {
        String blocked = "Warning FailedCreate: Create Pod web-1 in StatefulSet web failed error: pvc www-web-1 is being deleted";
        String created = "Normal SuccessfulCreate: create Pod web-1 in StatefulSet web successful";

        assertThat(Comparison.claimWaitsThatRaced(List.of(created, blocked), Map.of("www-web-1", "owners=[]")))
                .containsExactly(created);
        assertThat(Comparison.claimWaitsThatRaced(List.of(blocked), Map.of("www-web-1", "owners=[]" + Snapshot.TERMINATING)))
                .containsExactly(blocked);
        assertThat(Comparison.claimWaitsThatRaced(List.of(blocked.replace("www-web-1 is", "www-web-0 is")),
                Map.of("www-web-1", "owners=[]" + Snapshot.TERMINATING))).isEmpty();
    }

    @Test
    void theClaimsOfAnAggregatedBlockCompareInAnyOrder() {
        String prefix = "Warning FailedCreate: Create Pod web-1 in StatefulSet web failed error: ";
        Map<String, String> bothTerminating = Map.of("www-web-1", "owners=[]" + Snapshot.TERMINATING, "logs-web-1", "owners=[]" + Snapshot.TERMINATING);

        assertThat(Comparison.claimWaitsThatRaced(List.of(prefix + "[pvc www-web-1 is being deleted, pvc logs-web-1 is being deleted]"), bothTerminating))
                .isEqualTo(Comparison.claimWaitsThatRaced(List.of(prefix + "[pvc logs-web-1 is being deleted, pvc www-web-1 is being deleted]"), bothTerminating))
                .containsExactly(prefix + "[pvc logs-web-1 is being deleted, pvc www-web-1 is being deleted]");
    }

    @Test
    void aRefusedWriteRetriedUntilTheSettlePointCountsOnceWhereItFirstHappened() {
        List<String> upstream = List.of("POST claim/logs-web-1 -> 403", "POST claim/logs-web-1 -> 403", "POST claim/logs-web-1 -> 403");
        List<String> ours = List.of("POST claim/logs-web-1 -> 403");

        assertThat(Comparison.refusedOnce(upstream)).isEqualTo(Comparison.refusedOnce(ours)).containsExactly("POST claim/logs-web-1 -> 403");
        // writes that went through are all counted, and a refusal keeps its place among them
        assertThat(Comparison.refusedOnce(List.of("POST pod/web-0", "POST claim/www-web-1 -> 403", "POST pod/web-0")))
                .containsExactly("POST pod/web-0", "POST claim/www-web-1 -> 403", "POST pod/web-0");
        assertThat(Comparison.refusedOnce(List.of("POST claim/www-web-1 -> 403", "POST pod/web-1")))
                .isNotEqualTo(Comparison.refusedOnce(List.of("POST pod/web-1", "POST claim/www-web-1 -> 403")));
    }

    @Test
    void aFailedClaimCreateAggregatedWithAClaimBeingDeletedIsComparedInAnyOrder() {
        String prefix = "Warning FailedCreate: Create Pod web-1 in StatefulSet web failed error: ";
        String refused = "failed to create PVC logs-web-1: persistentvolumeclaims \"logs-web-1\" is forbidden: exceeded quota: claims, "
                + "requested: persistentvolumeclaims=1, used: persistentvolumeclaims=3, limited: persistentvolumeclaims=2";
        String waiting = "pvc www-web-1 is being deleted";
        Map<String, String> terminating = Map.of("www-web-1", "owners=[]" + Snapshot.TERMINATING);

        assertThat(Comparison.claimWaitsThatRaced(List.of(prefix + "[" + refused + ", " + waiting + "]"), terminating))
                .isEqualTo(Comparison.claimWaitsThatRaced(List.of(prefix + "[" + waiting + ", " + refused + "]"), terminating))
                .containsExactly(prefix + "[" + refused + ", " + waiting + "]");
        // the failed create is behaviour, not timing: kept when the terminating claim has gone by the settle point
        assertThat(Comparison.claimWaitsThatRaced(List.of(prefix + "[" + waiting + ", " + refused + "]"), Map.of()))
                .containsExactly(prefix + "[" + refused + ", " + waiting + "]");
        // and a pod's FailedCreate for any other error is compared as it is
        String quota = prefix + "pods \"web-1\" is forbidden: exceeded quota: pods, requested: pods=1, used: pods=1, limited: pods=1";
        assertThat(Comparison.claimWaitsThatRaced(List.of(quota), Map.of())).containsExactly(quota);
    }

    @Test
    void whichOfAPodsCreatedClaimsHadTheirEventLetThroughIsNotComparedButHowManyIs() {
        List<String> writes = List.of("POST claim/logs-web-3", "POST claim/www-web-3", "POST pod/web-3");
        String www = "Normal SuccessfulCreate: Create Claim www-web-3 Pod web-3 in StatefulSet web success";
        String logs = "Normal SuccessfulCreate: Create Claim logs-web-3 Pod web-3 in StatefulSet web success";

        assertThat(Comparison.claimCreatesOfAPodUnordered(List.of(www), writes))
                .isEqualTo(Comparison.claimCreatesOfAPodUnordered(List.of(logs), writes));
        assertThat(Comparison.claimCreatesOfAPodUnordered(List.of(www, logs), writes)).as("all let through: as recorded").containsExactly(www, logs);
        assertThat(Comparison.claimCreatesOfAPodUnordered(List.of(www), writes))
                .isNotEqualTo(Comparison.claimCreatesOfAPodUnordered(List.of(www, logs), writes));
        assertThat(Comparison.claimCreatesOfAPodUnordered(List.of(www), List.of("POST claim/www-web-3", "POST claim/logs-web-3 -> 403")))
                .as("the other claim's create was refused: which event is compared").containsExactly(www);
        assertThat(Comparison.claimCreatesOfAPodUnordered(List.of(logs), List.of("POST claim/www-web-3", "POST claim/www-web-4")))
                .as("an event of a claim this step did not create is kept").containsExactly(logs);
    }
}
