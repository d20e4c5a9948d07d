package dev.stateful.it.differential;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
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

        KnownDifferences.Sorted sorted = KnownDifferences.sort(differences);

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
}
