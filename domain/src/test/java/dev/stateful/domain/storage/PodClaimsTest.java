package dev.stateful.domain.storage;

import static dev.stateful.domain.storage.StorageFixtures.newStatefulSetPod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.LabelSelector;
import dev.stateful.domain.model.ObjectMeta;
import dev.stateful.domain.model.PersistentVolumeClaim;
import dev.stateful.domain.model.Pod;
import dev.stateful.domain.model.StatefulSet;
import dev.stateful.domain.testing.Fixtures;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Storage identity ({@code getPersistentVolumeClaims}, {@code storageMatches}) and what each claim needs ({@code createPersistentVolumeClaims}). */
class PodClaimsTest {

    private static final Json.Obj CLAIM_SPEC = Json.object("resources", Json.object("requests", Json.object("storage", "1")));

    /** Upstream's {@code newStatefulSet}: set {@code foo} with one claim template {@code datadir}. */
    private static StatefulSet foo(Map<String, String> templateLabels, LabelSelector selector) {
        StatefulSet set = Fixtures.statefulSet("foo", 1);
        PersistentVolumeClaim template = new PersistentVolumeClaim(ObjectMeta.named("", "datadir").withLabels(templateLabels), CLAIM_SPEC, null);
        return set.withSpec(set.spec().withSelector(selector).withVolumeClaimTemplates(List.of(template)));
    }

    @Nested
    class GetPersistentVolumeClaims {

        static Stream<Arguments> labelCases() {
            return Stream.of(
                    Arguments.of("no template labels, no selector labels: none", Map.of(), LabelSelector.of(Map.of()), Map.of()),
                    Arguments.of("no template labels: the selector's labels", Map.of(), LabelSelector.of(Map.of("test", "test")), Map.of("test", "test")),
                    Arguments.of("disjoint labels are merged", Map.of("test", "test"), LabelSelector.of(Map.of("name", "foo")),
                            Map.of("test", "test", "name", "foo")),
                    Arguments.of("the selector wins on a clash", Map.of("test", "test"), LabelSelector.of(Map.of("test", "foo")), Map.of("test", "foo")));
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("labelCases")
        void claimIsTheTemplateWithPodNameNamespaceAndSelectorLabels(String rule, Map<String, String> templateLabels,
                LabelSelector selector, Map<String, String> expectedLabels) {
            Map<String, PersistentVolumeClaim> claims = PodClaims.claimsFor(foo(templateLabels, selector), 0);

            PersistentVolumeClaim expected = new PersistentVolumeClaim(
                    ObjectMeta.named("default", "datadir-foo-0").withLabels(expectedLabels), CLAIM_SPEC, null);
            assertThat(claims).containsExactly(Map.entry("datadir", expected));
        }

        @Test
        void selectorMatchExpressionsDoNotBecomeLabels() {
            LabelSelector selector = new LabelSelector(Map.of("app", "db"), List.of(new LabelSelector.Requirement("tier", "In", List.of("a"))));
            assertThat(PodClaims.claimsFor(foo(Map.of(), selector), 0).get("datadir").metadata().labels()).isEqualTo(Map.of("app", "db"));
        }

        @Test
        void claimNameIsTemplateSetOrdinal() {
            StatefulSet set = Fixtures.statefulSet("my-set", 3);
            assertThat(PodClaims.claimName(set, Fixtures.claimTemplate("volume"), 2)).isEqualTo("volume-my-set-2");
            assertThat(PodClaims.claimName(set, Fixtures.claimTemplate("volume"), 20)).isEqualTo("volume-my-set-20");
        }

        @Test
        void claimsAreKeyedByTemplateNameInTemplateOrderWithoutOwnerReferences() {
            StatefulSet set = Fixtures.statefulSet("web", 3);
            set = set.withSpec(set.spec().withVolumeClaimTemplates(List.of(
                    Fixtures.claimTemplate("zeta"), Fixtures.claimTemplate("alpha"), Fixtures.claimTemplate("mid"))));

            Map<String, PersistentVolumeClaim> claims = PodClaims.claimsFor(set, 1);

            assertThat(claims.keySet()).containsExactly("zeta", "alpha", "mid");
            assertThat(claims.values()).extracting(PersistentVolumeClaim::name).containsExactly("zeta-web-1", "alpha-web-1", "mid-web-1");
            assertThat(claims.values()).allSatisfy(claim -> {
                assertThat(claim.metadata().ownerReferences()).isEmpty();
                assertThat(claim.metadata().namespace()).isEqualTo("default");
                assertThat(claim.spec()).isEqualTo(Fixtures.claimTemplate("www").spec());
            });
        }

        @Test
        void podClaimsUseTheOrdinalParsedFromThePodName() {
            StatefulSet set = Fixtures.statefulSet("web", 3);
            assertThat(PodClaims.claimsFor(set, newStatefulSetPod(set, 2)).get("www").name()).isEqualTo("www-web-2");
        }
    }

    @Nested
    class StorageMatches {

        private final StatefulSet set = Fixtures.statefulSet("foo", 3);

        @Test
        void newPodHasMatchingStorage() {
            assertThat(PodClaims.storageMatches(set, newStatefulSetPod(set, 1))).isTrue();
        }

        @Test
        void missingVolumesDoNotMatch() {
            Pod pod = newStatefulSetPod(set, 1);
            assertThat(PodClaims.storageMatches(set, pod.withSpec(pod.spec().without("volumes")))).isFalse();
        }

        @Test
        void aTemplateVolumeWithoutClaimSourceDoesNotMatch() {
            assertThat(PodClaims.storageMatches(set, withVolumes(newStatefulSetPod(set, 1), emptyDir("www")))).isFalse();
            assertThat(PodClaims.storageMatches(set, withVolumes(newStatefulSetPod(set, 1),
                    Json.object("name", "www", "persistentVolumeClaim", Json.Null.INSTANCE)))).isFalse();
        }

        @Test
        void aWrongClaimNameDoesNotMatch() {
            assertThat(PodClaims.storageMatches(set, withVolumes(newStatefulSetPod(set, 1), PodClaims.claimVolume("www", "foo")))).isFalse();
            assertThat(PodClaims.storageMatches(set, withVolumes(newStatefulSetPod(set, 1), PodClaims.claimVolume("www", "www-foo-2")))).isFalse();
        }

        @Test
        void theVolumeMustBeNamedLikeTheTemplate() {
            assertThat(PodClaims.storageMatches(set, withVolumes(newStatefulSetPod(set, 1), PodClaims.claimVolume("data", "www-foo-1")))).isFalse();
        }

        @Test
        void anUnparsableOrdinalDoesNotMatch() {
            Pod pod = newStatefulSetPod(set, 1);
            assertThat(PodClaims.storageMatches(set, pod.withMetadata(pod.metadata().withName("bar")))).isFalse();
        }

        @Test
        void extraVolumesAreFine() {
            Pod pod = withVolumes(newStatefulSetPod(set, 1), emptyDir("cache"), PodClaims.claimVolume("www", "www-foo-1"), emptyDir("tmp"));
            assertThat(PodClaims.storageMatches(set, pod)).isTrue();
        }

        @Test
        void ofTwoVolumesNamedLikeTheTemplateTheLastOneCounts() {
            Pod pod = newStatefulSetPod(set, 1);
            assertThat(PodClaims.storageMatches(set, withVolumes(pod, emptyDir("www"), PodClaims.claimVolume("www", "www-foo-1")))).isTrue();
            assertThat(PodClaims.storageMatches(set, withVolumes(pod, PodClaims.claimVolume("www", "www-foo-1"), emptyDir("www")))).isFalse();
        }

        @Test
        void aClaimNameIsRecognisedExactlyWhenItEqualsTheBuiltName() {
            java.util.Random random = new java.util.Random(11);
            String[] pieces = {"www", "foo", "-", "1", "0", "12", "www-foo", "", "x"};
            for (int n = 0; n < 20_000; n++) {
                StringBuilder candidate = new StringBuilder();
                for (int i = random.nextInt(6); i > 0; i--) {
                    candidate.append(pieces[random.nextInt(pieces.length)]);
                }
                int ordinal = random.nextInt(4) == 0 ? random.nextInt(Integer.MAX_VALUE) : random.nextInt(13);
                String name = random.nextInt(3) == 0 ? PodClaims.claimName(set, Fixtures.claimTemplate("www"), ordinal) : candidate.toString();
                assertThat(PodClaims.isClaimName(name, set, Fixtures.claimTemplate("www"), ordinal)).as(name + " / " + ordinal)
                        .isEqualTo(name.equals(PodClaims.claimName(set, Fixtures.claimTemplate("www"), ordinal)));
            }
        }

        @Test
        void aPodWhoseVolumesChangedIsJudgedOnItsNewVolumes() {
            Pod pod = newStatefulSetPod(set, 1);
            assertThat(PodClaims.storageMatches(set, pod)).isTrue();

            Pod changed = withVolumes(pod, PodClaims.claimVolume("www", "www-foo-2"));

            assertThat(PodClaims.storageMatches(set, changed)).isFalse();
            assertThat(PodClaims.storageMatches(set, PodClaims.updateStorage(set, changed))).isTrue();
            assertThat(PodClaims.storageMatches(set, pod)).isTrue();
        }

        @Test
        void withoutTemplatesAnyPodWithAnOrdinalMatches() {
            StatefulSet noTemplates = set.withSpec(set.spec().withVolumeClaimTemplates(List.of()));
            assertThat(PodClaims.storageMatches(noTemplates, withVolumes(newStatefulSetPod(set, 0)))).isTrue();
        }
    }

    @Nested
    class UpdateStorage {

        private final StatefulSet set = Fixtures.statefulSet("foo", 3);

        @Test
        void restoresMissingVolumes() {
            Pod pod = newStatefulSetPod(set, 1);
            Pod broken = pod.withSpec(pod.spec().without("volumes"));
            assertThat(PodClaims.storageMatches(set, PodClaims.updateStorage(set, broken))).isTrue();
        }

        @Test
        void restoresClaimSources() {
            Pod broken = withVolumes(newStatefulSetPod(set, 1), emptyDir("www"));
            assertThat(PodClaims.storageMatches(set, PodClaims.updateStorage(set, broken))).isTrue();
        }

        @Test
        void restoresClaimNames() {
            Pod broken = withVolumes(newStatefulSetPod(set, 1), PodClaims.claimVolume("www", "foo"));
            assertThat(PodClaims.storageMatches(set, PodClaims.updateStorage(set, broken))).isTrue();
        }

        @Test
        void claimVolumesComeFirstInTemplateOrderThenTheOtherVolumesInTheirOrder() {
            StatefulSet twoTemplates = set.withSpec(set.spec().withVolumeClaimTemplates(List.of(
                    Fixtures.claimTemplate("www"), Fixtures.claimTemplate("logs"))));
            Pod pod = withVolumes(newStatefulSetPod(set, 1), emptyDir("cache"), emptyDir("www"), emptyDir("tmp"));

            Pod updated = PodClaims.updateStorage(twoTemplates, pod);

            assertThat(updated.spec().array("volumes")).containsExactly(
                    Json.object("name", "www", "persistentVolumeClaim", Json.object("claimName", "www-foo-1")),
                    Json.object("name", "logs", "persistentVolumeClaim", Json.object("claimName", "logs-foo-1")),
                    emptyDir("cache"),
                    emptyDir("tmp"));
        }

        @Test
        void doesNotWriteReadOnlyFalseBecauseGoOmitsIt() {
            Json.Obj volume = (Json.Obj) PodClaims.updateStorage(set, newStatefulSetPod(set, 1)).spec().array("volumes").get(0);
            assertThat(volume.objectOrEmpty("persistentVolumeClaim").fields()).containsOnlyKeys("claimName");
        }

        @Test
        void leavesTheRestOfTheSpecUntouched() {
            Pod pod = newStatefulSetPod(set, 1);
            Pod updated = PodClaims.updateStorage(set, withVolumes(pod, emptyDir("www")));
            assertThat(updated.spec().without("volumes")).isEqualTo(pod.spec().without("volumes"));
            assertThat(updated.metadata()).isEqualTo(pod.metadata());
        }

        @Test
        void anEmptyVolumeListIsOmittedAsGoDoes() {
            StatefulSet noTemplates = set.withSpec(set.spec().withVolumeClaimTemplates(List.of()));
            Pod updated = PodClaims.updateStorage(noTemplates, withVolumes(newStatefulSetPod(set, 0)));
            assertThat(updated.spec().has("volumes")).isFalse();
        }

        @Test
        void isIdempotent() {
            Pod once = PodClaims.updateStorage(set, withVolumes(newStatefulSetPod(set, 2), emptyDir("a"), emptyDir("www")));
            assertThat(PodClaims.updateStorage(set, once)).isEqualTo(once);
        }
    }

    @Nested
    class ExistingClaims {

        private final StatefulSet set = twoTemplates();

        private static StatefulSet twoTemplates() {
            StatefulSet set = Fixtures.statefulSet("web", 3);
            return set.withSpec(set.spec().withVolumeClaimTemplates(List.of(Fixtures.claimTemplate("www"), Fixtures.claimTemplate("logs"))));
        }

        @Test
        void existingClaimsAreTheOrdinalsClaimsInTheStoreInTemplateOrder() {
            PersistentVolumeClaim logs = existing("logs-web-1", null);
            PersistentVolumeClaim www = existing("www-web-1", Fixtures.T0);
            var store = PodClaims.lookup(List.of(logs, www, existing("www-web-2", null)));

            assertThat(PodClaims.existingClaims(set, 1, store)).containsExactly(www, logs);
            assertThat(PodClaims.existingClaims(set, 0, store)).isEmpty();
        }

        @Test
        void aRepeatedTemplateNameIsOneClaimAtItsFirstPositionBuiltFromItsLastTemplate() {
            PersistentVolumeClaim bigWww = new PersistentVolumeClaim(Fixtures.claimTemplate("www").metadata(), CLAIM_SPEC, null);
            StatefulSet repeated = set.withSpec(set.spec().withVolumeClaimTemplates(
                    List.of(Fixtures.claimTemplate("www"), Fixtures.claimTemplate("logs"), bigWww)));
            PersistentVolumeClaim www = existing("www-web-1", null);

            assertThat(PodClaims.templatesByName(repeated)).containsExactly(bigWww, Fixtures.claimTemplate("logs"));
            assertThat(PodClaims.templatesByName(repeated)).extracting(PersistentVolumeClaim::name)
                    .containsExactlyElementsOf(PodClaims.claimsFor(repeated, 1).keySet());
            assertThat(PodClaims.existingClaims(repeated, 1, PodClaims.lookup(List.of(www)))).containsExactly(www);
        }

        private static PersistentVolumeClaim existing(String name, Instant deletionTimestamp) {
            return new PersistentVolumeClaim(ObjectMeta.named("default", name).withUid(name + "-uid").withDeletionTimestamp(deletionTimestamp),
                    Fixtures.claimTemplate("x").spec(), "Bound");
        }
    }

    static Json.Obj emptyDir(String name) {
        return Json.object("name", name, "emptyDir", Json.object());
    }

    static Pod withVolumes(Pod pod, Json... volumes) {
        return pod.withSpec(pod.spec().with("volumes", Json.array((Object[]) volumes)));
    }
}
