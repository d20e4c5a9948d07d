package dev.stateful.it.differential;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The oracle allows exactly the divergences the README lists: one rule per entry, named in it. */
class KnownDifferencesTest {

    static final Pattern RULE = Pattern.compile("\\(oracle\\s+rule\\s+`([A-Z_]+)`\\)");

    @Test
    void everyDeliberateDifferenceInTheReadmeHasItsRuleAndEveryRuleItsEntry() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        String list = readme.substring(readme.indexOf("Where it deliberately differs:"), readme.indexOf("\n## ", readme.indexOf("Where it deliberately differs:")));
        List<String> entries = Arrays.stream(list.split("\n- ")).skip(1).toList();

        assertThat(entries).allSatisfy(entry -> assertThat(RULE.matcher(entry).results().count()).as(entry).isOne());
        List<String> named = entries.stream().map(entry -> {
            Matcher m = RULE.matcher(entry);
            return m.find() ? m.group(1) : "";
        }).toList();
        assertThat(named).containsExactlyInAnyOrderElementsOf(Arrays.stream(KnownDifferences.values()).map(Enum::name).toList());
    }

    @Test
    void aRunCountsTheDifferencesEachRuleAllowedAndKeepsTheOthersUnlisted() {
        String upstreamStatus = "replicas=2 ready=2 available=2 current=0 updated=2 currentRevision=web-1 updateRevision=web-2";
        String completed = "replicas=2 ready=2 available=2 current=2 updated=2 currentRevision=web-2 updateRevision=web-2";
        Difference onDelete = new Difference(3, "delete web-0 and web-1", "status", upstreamStatus, completed);
        Difference invalid = new Difference(1, "create", "events", "[]", "[Warning FailedValidation: spec.replicas: Invalid value]");
        Difference otherPods = new Difference(2, "scale to 3", "pods", "web-0 web-1 web-2", "web-0 web-1");

        List<Difference> differences = List.of(onDelete, invalid, otherPods, onDelete);

        KnownDifferences.Sorted sorted = KnownDifferences.sort(differences, KnownDifferences.Run.UNKNOWN);

        assertThat(sorted.allowed()).containsExactly(
                Map.entry(KnownDifferences.ON_DELETE_COMPLETES_THE_ROLLOUT, 2L), Map.entry(KnownDifferences.INVALID_SETS_REPORTED, 1L));
        assertThat(sorted.unlisted()).containsExactly(otherPods);
    }

    static final String CLAIM_OWNERS_CONFLICT = "Warning FailedUpdate: Update Pod web-2 in StatefulSet web failed error: could not update claim logs-web-2 "
            + "for delete policy ownerRefs: Operation cannot be fulfilled on persistentvolumeclaims \"logs-web-2\": the object has been modified";

    @Test
    void invalidSetsAllowOnlyExtraFailedValidationEventsOfOurs() {
        Difference oursValidated = new Difference(1, "create", "events", "[Normal SuccessfulCreate: x]",
                "[Normal SuccessfulCreate: x, Warning FailedValidation: spec.replicas: Invalid value]");
        Difference upstreamRecordedMore = new Difference(1, "create", "events", "[Normal SuccessfulCreate: x, Normal SuccessfulDelete: y]",
                "[Normal SuccessfulCreate: x, Warning FailedValidation: spec.replicas: Invalid value]");
        Difference upstreamOnly = new Difference(1, "create", "events", "[Normal SuccessfulDelete: y]", "[]");

        assertThat(KnownDifferences.allowing(oursValidated)).contains(KnownDifferences.INVALID_SETS_REPORTED);
        assertThat(KnownDifferences.allowing(upstreamRecordedMore)).isEmpty();
        assertThat(KnownDifferences.allowing(upstreamOnly)).isEmpty();
    }

    @Test
    void claimsCreatedWithTheirOwnersAllowOnlyUpstreamsConflictOnTheClaimItJustCreated() {
        Difference conflict = new Difference(2, "scale to 4", "events", "[Normal SuccessfulCreate: x, " + CLAIM_OWNERS_CONFLICT + "]",
                "[Normal SuccessfulCreate: x]");
        Difference otherFailure = new Difference(2, "scale to 4", "events",
                "[" + CLAIM_OWNERS_CONFLICT.replace("Operation cannot be fulfilled on", "not found") + "]", "[]");
        Difference oursRecordedMore = new Difference(2, "scale to 4", "events", "[" + CLAIM_OWNERS_CONFLICT + "]", "[Normal SuccessfulCreate: x]");
        Difference inOurs = new Difference(2, "scale to 4", "events", "[]", "[" + CLAIM_OWNERS_CONFLICT + "]");

        assertThat(KnownDifferences.allowing(conflict)).contains(KnownDifferences.CLAIMS_CREATED_WITH_THEIR_OWNERS);
        assertThat(KnownDifferences.allowing(otherFailure)).isEmpty();
        assertThat(KnownDifferences.allowing(oursRecordedMore)).isEmpty();
        assertThat(KnownDifferences.allowing(inOurs)).isEmpty();
    }

    @Test
    void anOnDeleteRolloutOursCompletedStaysApartFromUpstreamsOldRevisionAfterTheTemplateChanges() {
        // random seed 7279905398567894814: web-0 replaced at revision 5748…, then the template reverted to 74b8…
        String reverted = "replicas=1 ready=1 available=1 current=0 updated=0 currentRevision=web-74b8fbc489 updateRevision=web-74b8fbc489";
        String oursAfterRevert = "replicas=1 ready=1 available=1 current=1 updated=0 currentRevision=web-57486594f5 updateRevision=web-74b8fbc489";
        String upstreamAfterChange = "replicas=1 ready=1 available=1 current=0 updated=0 currentRevision=web-74b8fbc489 updateRevision=web-9c1";
        String oursAfterChange = "replicas=1 ready=1 available=1 current=1 updated=0 currentRevision=web-57486594f5 updateRevision=web-9c1";
        String upstreamWithOwnReplicas = "replicas=2 ready=2 available=2 current=1 updated=0 currentRevision=web-74b8fbc489 updateRevision=web-9c1";
        String oursWithOwnReplicas = "replicas=2 ready=2 available=2 current=2 updated=0 currentRevision=web-57486594f5 updateRevision=web-9c1";

        assertThat(KnownDifferences.allowing(new Difference(6, "image v1 again", "status", reverted, oursAfterRevert)))
                .contains(KnownDifferences.ON_DELETE_COMPLETES_THE_ROLLOUT);
        assertThat(KnownDifferences.allowing(new Difference(6, "image v3", "status", upstreamAfterChange, oursAfterChange)))
                .contains(KnownDifferences.ON_DELETE_COMPLETES_THE_ROLLOUT);
        assertThat(KnownDifferences.allowing(new Difference(6, "image v3", "status", upstreamWithOwnReplicas, oursWithOwnReplicas)))
                .as("upstream's current revision still holds a replica of its own").isEmpty();
        assertThat(KnownDifferences.allowing(new Difference(6, "image v3", "status", upstreamAfterChange,
                oursAfterChange.replace("ready=1", "ready=0")))).as("another field differs too").isEmpty();
    }

    // random seed 760189246359648776 against 1.36.3: a Parallel set of 4, web-0 not ready, web-1's termination held
    static final String OLD = "web-74b8fbc489";
    static final String NEW = "web-57486594f5";
    static final List<String> ROLLED = List.of("DELETE pod/web-3", "POST pod/web-3", "DELETE pod/web-2", "POST pod/web-2",
            "DELETE pod/web-0", "POST pod/web-0", "DELETE pod/web-1");
    static final List<String> WEB_0_REPLACED = List.of("DELETE pod/web-0", "POST pod/web-0");
    static final Set<String> ROLLED_EVENTS = Set.of("Normal SuccessfulDelete: Delete Pod web-3 in StatefulSet web successful",
            "Normal SuccessfulCreate: Create Pod web-3 in StatefulSet web successful",
            "Normal SuccessfulDelete: Delete Pod web-0 in StatefulSet web successful",
            "Normal SuccessfulCreate: Create Pod web-0 in StatefulSet web successful");
    static final Set<String> WEB_0_EVENTS = Set.of("Normal SuccessfulDelete: Delete Pod web-0 in StatefulSet web successful",
            "Normal SuccessfulCreate: Create Pod web-0 in StatefulSet web successful");

    static Snapshot pods(String web0, String web1, String status) {
        return new Snapshot(Map.of("web-0", "revision=" + web0, "web-1", "revision=" + web1), Map.of(), Map.of(OLD, 1L, NEW, 2L), status, 0);
    }

    static final Snapshot HELD = pods(OLD, OLD, "replicas=4 ready=3 available=3 current=4 updated=0 currentRevision=" + OLD + " updateRevision=" + NEW);
    static final Snapshot AHEAD = pods(NEW, OLD + " terminating", "replicas=4 ready=4 available=4 current=0 updated=3 currentRevision=" + OLD + " updateRevision=" + NEW);

    static KnownDifferences.Run run(Trace.Segment upstreamNext, Trace.Segment oursNext) {
        return new KnownDifferences.Run(new Trace(List.of(new Trace.Segment("image", HELD, List.of(), Set.of()), upstreamNext)),
                new Trace(List.of(new Trace.Segment("image", AHEAD, ROLLED, ROLLED_EVENTS), oursNext)));
    }

    static final Scenario PARALLEL = Scenario.named("random seed 760189246359648776").parallel().build();

    @Test
    void aRolloutUpstreamHeldOnAnUnavailablePodMayShowInOursAStepEarlierWithTheSameWritesEventsAndOutcome() {
        Trace.Segment caughtUp = new Trace.Segment("pod web-0 fails", AHEAD, ROLLED, ROLLED_EVENTS);
        KnownDifferences.Run run = run(caughtUp, new Trace.Segment("pod web-0 fails", AHEAD, WEB_0_REPLACED, WEB_0_EVENTS));

        List<Difference> differences = Comparison.of(PARALLEL, run.upstream(), run.ours());

        assertThat(differences).extracting(d -> d.step() + " " + d.aspect())
                .containsExactly("1 pods", "1 status", "1 writes", "1 events", "2 writes", "2 events");
        assertThat(KnownDifferences.sort(differences, run).allowed()).containsExactly(Map.entry(KnownDifferences.MAX_UNAVAILABLE_ALWAYS_HONOURED, 6L));
        assertThat(KnownDifferences.sort(differences, KnownDifferences.Run.UNKNOWN).unlisted()).as("judged without the runs").hasSize(6);
    }

    @Test
    void aRolloutRanAheadThatUpstreamCatchesUpWithIsAllowedOnlyWithTheSameWritesEventsAndObjects() {
        Trace.Segment oursNext = new Trace.Segment("pod web-0 fails", AHEAD, WEB_0_REPLACED, WEB_0_EVENTS);
        Map<String, KnownDifferences.Run> notCaughtUp = Map.of(
                "upstream made another write", run(new Trace.Segment("pod web-0 fails", AHEAD,
                        concat(ROLLED, List.of("POST claim/www-web-0")), ROLLED_EVENTS), oursNext),
                "upstream recorded another event", run(new Trace.Segment("pod web-0 fails", AHEAD, ROLLED,
                        concat(ROLLED_EVENTS, Set.of("Warning FailedDelete: Delete Pod web-2 in StatefulSet web failed"))), oursNext),
                "upstream ended elsewhere", run(new Trace.Segment("pod web-0 fails", pods(NEW, NEW, AHEAD.status()), ROLLED, ROLLED_EVENTS), oursNext));

        notCaughtUp.forEach((why, run) -> assertThat(KnownDifferences.sort(Comparison.of(PARALLEL, run.upstream(), run.ours()), run).unlisted())
                .as(why).isNotEmpty());
    }

    // random seed 7454844306248833542 against 1.36.3: a Parallel set of 2, minReadySeconds 1, web-0 held not ready, then a new image
    static final Snapshot HELD_FOR_GOOD = pods(OLD, OLD,
            "replicas=2 ready=1 available=1 current=2 updated=0 currentRevision=" + OLD + " updateRevision=" + NEW + " observedGeneration=2");
    static final Snapshot ROLLED_OUT = pods(NEW, NEW,
            "replicas=2 ready=2 available=2 current=2 updated=2 currentRevision=" + NEW + " updateRevision=" + NEW + " observedGeneration=2");
    static final List<String> BOTH_REPLACED = List.of("DELETE pod/web-1", "POST pod/web-1", "DELETE pod/web-0", "POST pod/web-0");
    static final Set<String> BOTH_REPLACED_EVENTS = concat(WEB_0_EVENTS, Set.of("Normal SuccessfulDelete: Delete Pod web-1 in StatefulSet web successful",
            "Normal SuccessfulCreate: Create Pod web-1 in StatefulSet web successful"));

    static Snapshot withWeb2(Snapshot s, String revision, String status) {
        Map<String, String> pods = new java.util.TreeMap<>(s.pods());
        pods.put("web-2", "revision=" + revision);
        return new Snapshot(pods, s.claims(), s.revisions(), status, s.updatableFrom());
    }

    static KnownDifferences.Run heldForGood(Trace.Segment oursScaled) {
        Snapshot upstreamScaled = withWeb2(HELD_FOR_GOOD, NEW, HELD_FOR_GOOD.status().replace("replicas=2 ready=1 available=1", "replicas=3 ready=2 available=2")
                .replace("updated=0", "updated=1").replace("observedGeneration=2", "observedGeneration=3"));
        return new KnownDifferences.Run(
                new Trace(List.of(new Trace.Segment("image", HELD_FOR_GOOD, List.of(), Set.of()),
                        new Trace.Segment("scale to 3", upstreamScaled, List.of("POST pod/web-2"), Set.of(CREATE_WEB_2)))),
                new Trace(List.of(new Trace.Segment("image", ROLLED_OUT, BOTH_REPLACED, BOTH_REPLACED_EVENTS), oursScaled)));
    }

    static final String CREATE_WEB_2 = "Normal SuccessfulCreate: Create Pod web-2 in StatefulSet web successful";
    static final Snapshot OURS_SCALED = withWeb2(ROLLED_OUT, NEW, ROLLED_OUT.status().replace("replicas=2 ready=2 available=2 current=2 updated=2",
            "replicas=3 ready=3 available=3 current=3 updated=3").replace("observedGeneration=2", "observedGeneration=3"));

    @Test
    void aRolloutUpstreamHoldsForGoodMayStayBehindOursWhileOnlyTheRolloutsProgressDiffers() {
        KnownDifferences.Run run = heldForGood(new Trace.Segment("scale to 3", OURS_SCALED, List.of("POST pod/web-2"), Set.of(CREATE_WEB_2)));

        List<Difference> differences = Comparison.of(PARALLEL, run.upstream(), run.ours());

        assertThat(differences).extracting(d -> d.step() + " " + d.aspect())
                .containsExactly("1 pods", "1 status", "1 writes", "1 events", "2 pods", "2 status");
        assertThat(KnownDifferences.sort(differences, run).allowed()).containsExactly(Map.entry(KnownDifferences.MAX_UNAVAILABLE_ALWAYS_HONOURED, 6L));
    }

    @Test
    void aRolloutUpstreamHoldsForGoodIsNotThisDifferenceOnceAnythingButTheRolloutsProgressDiffers() {
        Map<String, Trace.Segment> notProgress = Map.of(
                "ours made another write", new Trace.Segment("scale to 3", OURS_SCALED, List.of("POST pod/web-2", "POST claim/www-web-2"), Set.of(CREATE_WEB_2)),
                "a pod has other owners", new Trace.Segment("scale to 3",
                        new Snapshot(Map.of("web-0", "revision=" + NEW, "web-1", "revision=" + NEW + " owners=[]", "web-2", "revision=" + NEW),
                                OURS_SCALED.claims(), OURS_SCALED.revisions(), OURS_SCALED.status(), 0), List.of("POST pod/web-2"), Set.of(CREATE_WEB_2)),
                "ours updated fewer", new Trace.Segment("scale to 3", withWeb2(HELD_FOR_GOOD, OLD, OURS_SCALED.status().replace("updated=3", "updated=0")),
                        List.of("POST pod/web-2"), Set.of(CREATE_WEB_2)),
                "another generation", new Trace.Segment("scale to 3", new Snapshot(OURS_SCALED.pods(), OURS_SCALED.claims(), OURS_SCALED.revisions(),
                        OURS_SCALED.status().replace("observedGeneration=3", "observedGeneration=2"), 0), List.of("POST pod/web-2"), Set.of(CREATE_WEB_2)));

        notProgress.forEach((why, oursScaled) -> {
            KnownDifferences.Run run = heldForGood(oursScaled);
            assertThat(KnownDifferences.sort(Comparison.of(PARALLEL, run.upstream(), run.ours()), run).unlisted()).as(why)
                    .isNotEmpty().allSatisfy(d -> assertThat(d.step()).isEqualTo(2));
        });
    }

    @Test
    void aRolloutUpstreamHeldWithEveryReplicaAvailableIsNotThisDifference() {
        Snapshot allAvailable = new Snapshot(HELD.pods(), HELD.claims(), HELD.revisions(), HELD.status().replace("available=3", "available=4"), 0);
        KnownDifferences.Run run = new KnownDifferences.Run(
                new Trace(List.of(new Trace.Segment("image", allAvailable, List.of(), Set.of()), new Trace.Segment("pod web-0 fails", AHEAD, ROLLED, ROLLED_EVENTS))),
                new Trace(List.of(new Trace.Segment("image", AHEAD, ROLLED, ROLLED_EVENTS),
                        new Trace.Segment("pod web-0 fails", AHEAD, WEB_0_REPLACED, WEB_0_EVENTS))));

        assertThat(KnownDifferences.sort(Comparison.of(PARALLEL, run.upstream(), run.ours()), run).unlisted()).isNotEmpty();
    }

    @Test
    void aPodBelowThePartitionReplacedInOursIsNotARolloutRanAhead() {
        Snapshot heldAtPartition1 = new Snapshot(HELD.pods(), HELD.claims(), HELD.revisions(), HELD.status(), 1);
        Snapshot aheadAtPartition1 = new Snapshot(AHEAD.pods(), AHEAD.claims(), AHEAD.revisions(), AHEAD.status(), 1);
        KnownDifferences.Run run = new KnownDifferences.Run(new Trace(List.of(new Trace.Segment("image", heldAtPartition1, List.of(), Set.of()))),
                new Trace(List.of(new Trace.Segment("image", aheadAtPartition1, ROLLED, ROLLED_EVENTS))));

        List<Difference> differences = Comparison.of(PARALLEL, run.upstream(), run.ours());

        assertThat(KnownDifferences.sort(differences, run).unlisted()).as("web-0 is below partition 1: no rollout replaces it")
                .extracting(Difference::aspect).containsExactly("pods", "status", "writes", "events");
    }

    static <T> List<T> concat(List<T> a, List<T> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }

    static <T> Set<T> concat(Set<T> a, Set<T> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).collect(java.util.stream.Collectors.toSet());
    }

    // the hand-written scenario "a switch of whenDeleted to Retain keeps the claims of pods scaled down earlier when the set goes"
    static final String OWNED = "owners=[StatefulSet/web(controller)]";
    static final Map<String, String> WEB_0 = Map.of("web-0", "revision=r owners=[StatefulSet/web(controller)] claims=[www-web-0]");

    static Snapshot claims(Map<String, String> pods, String whenDeleted, String web0, String web1) {
        Map<String, String> claims = new java.util.TreeMap<>(Map.of("www-web-0", web0));
        if (web1 != null) {
            claims.put("www-web-1", web1);
        }
        return new Snapshot(pods, claims, Map.of(), "s", 0, whenDeleted);
    }

    static KnownDifferences.Run claimRun(List<Snapshot> upstream, List<Snapshot> ours) {
        return new KnownDifferences.Run(new Trace(upstream.stream().map(s -> new Trace.Segment("step", s, List.of(), Set.of())).toList()),
                new Trace(ours.stream().map(s -> new Trace.Segment("step", s, List.of(), Set.of())).toList()));
    }

    static Difference claimsDiffer(int step, KnownDifferences.Run run) {
        return new Difference(step, "step", "claims", String.valueOf(run.upstream().segments().get(step - 1).snapshot().claims()),
                String.valueOf(run.ours().segments().get(step - 1).snapshot().claims()));
    }

    @Test
    void aClaimNoPodNamesReleasedUnderRetainIsAllowedAndSoIsKeepingItWhenUpstreamDeletesItWithTheSet() {
        KnownDifferences.Run run = claimRun(
                List.of(claims(WEB_0, "Retain", "owners=[]", OWNED), claims(Map.of(), "", "owners=[]", null)),
                List.of(claims(WEB_0, "Retain", "owners=[]", "owners=[]"), claims(Map.of(), "", "owners=[]", "owners=[]")));

        assertThat(KnownDifferences.allowing(claimsDiffer(1, run), run)).contains(KnownDifferences.UNUSED_CLAIMS_RELEASED_UNDER_RETAIN);
        assertThat(KnownDifferences.allowing(claimsDiffer(2, run), run)).contains(KnownDifferences.UNUSED_CLAIMS_RELEASED_UNDER_RETAIN);
    }

    @Test
    void aClaimReleasedUnderDeleteOrOneAPodNamesOrOneNeverReleasedIsNotThisDifference() {
        KnownDifferences.Run underDelete = claimRun(List.of(claims(WEB_0, "Delete", "owners=[]", OWNED)),
                List.of(claims(WEB_0, "Delete", "owners=[]", "owners=[]")));
        Map<String, String> bothPods = Map.of("web-0", WEB_0.get("web-0"), "web-1", "revision=r owners=[] claims=[www-web-1]");
        KnownDifferences.Run named = claimRun(List.of(claims(bothPods, "Retain", "owners=[]", OWNED)),
                List.of(claims(bothPods, "Retain", "owners=[]", "owners=[]")));
        KnownDifferences.Run keptUnreleased = claimRun(List.of(claims(WEB_0, "Retain", "owners=[]", OWNED), claims(Map.of(), "", "owners=[]", null)),
                List.of(claims(WEB_0, "Retain", "owners=[]", OWNED), claims(Map.of(), "", "owners=[]", OWNED.replace("]", "] terminating"))));
        KnownDifferences.Run oursLost = claimRun(List.of(claims(WEB_0, "Retain", "owners=[]", OWNED), claims(Map.of(), "", "owners=[]", "owners=[]")),
                List.of(claims(WEB_0, "Retain", "owners=[]", "owners=[]"), claims(Map.of(), "", "owners=[]", null)));

        assertThat(KnownDifferences.allowing(claimsDiffer(1, underDelete), underDelete)).isEmpty();
        assertThat(KnownDifferences.allowing(claimsDiffer(1, named), named)).isEmpty();
        assertThat(KnownDifferences.allowing(claimsDiffer(2, keptUnreleased), keptUnreleased)).isEmpty();
        assertThat(KnownDifferences.allowing(claimsDiffer(2, oursLost), oursLost)).as("ours lost a claim upstream kept").isEmpty();
    }
}
