package dev.stateful.codec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.LabelSelector;
import dev.stateful.domain.model.SetExtensions;
import dev.stateful.domain.model.SetKind;
import dev.stateful.domain.model.StatefulSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Our own kind as JSON: the apps/v1 fields as ModelCodec reads them, plus the fields only our kind has. */
class CustomKindCodecTest {

    static final String SET = """
            {"apiVersion":"%s","kind":"StatefulSet","metadata":{"name":"web","namespace":"default","uid":"u1"},
             "spec":{"replicas":2,"serviceName":"web","selector":{"matchLabels":{"app":"web"}},
                     "template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"c","image":"i"}]}},
                     "updateStrategy":{"type":"RollingUpdate","rollingUpdate":{"partition":0,"paused":true}}},
             "status":{"replicas":2,"labelSelector":"app=web"}}
            """;

    static Json.Obj object(String apiVersion) {
        return JsonParser.parseObject(SET.formatted(apiVersion));
    }

    @Test
    void ourKindIsDecodedWithItsOwnFieldsAndStrictlyWithoutProblems() {
        Decoded<StatefulSet> decoded = CustomKindCodec.decodeStatefulSet(object("apps.stateful.dev/v1alpha1"), true);

        assertThat(decoded.problems()).isEmpty();
        assertThat(decoded.value().kind()).isEqualTo(SetKind.STATEFUL_DEV);
        assertThat(decoded.value().extensions().paused()).isTrue();
        assertThat(decoded.value().spec().updateStrategy().partition()).isZero();
    }

    @Test
    void anAppsV1SetKeepsApps1RulesAndRefusesOurFields() {
        Decoded<StatefulSet> decoded = CustomKindCodec.decodeStatefulSet(object("apps/v1"), true);

        assertThat(decoded.problems()).extracting(v -> v.field()).contains("spec.updateStrategy.rollingUpdate.paused");
        assertThat(CustomKindCodec.statefulSet(object("apps/v1")).extensions()).isEqualTo(SetExtensions.NONE);
    }

    @Test
    void encodingOurKindWritesItsApiVersionItsFieldsAndTheSelectorForTheScaleSubresource() {
        StatefulSet set = CustomKindCodec.statefulSet(object("apps.stateful.dev/v1alpha1"));

        Json.Obj out = CustomKindCodec.encode(set);

        assertThat(out.string("apiVersion")).contains("apps.stateful.dev/v1alpha1");
        assertThat(out.objectOrEmpty("spec").objectOrEmpty("updateStrategy").objectOrEmpty("rollingUpdate").bool("paused")).contains(true);
        assertThat(out.objectOrEmpty("status").string("labelSelector")).contains("app=web");
        assertThat(CustomKindCodec.statefulSet(out)).isEqualTo(set);
    }

    @Test
    void aValueOfTheWrongTypeIsDescribedAsJsonNotAsAJavaObject() {
        Json.Obj in = JsonParser.parseObject(object("apps/v1").toString().replaceFirst("\"replicas\":\\d+", "\"replicas\":99999999999999999999"));

        Decoded<StatefulSet> decoded = ModelCodec.decodeStatefulSet(in, true);

        assertThat(decoded.problems()).extracting(v -> v.field() + ": " + v.detail())
                .contains("spec.replicas: expected an integer, got number 99999999999999999999");
    }

    @Test
    void reserveOrdinalsAreReadAsIntsAndStringsAndWrittenBackAsGiven() {
        Json.Obj in = object("apps.stateful.dev/v1alpha1").update("spec", spec -> spec.with("reserveOrdinals", List.of(1, "4-6")));

        Decoded<StatefulSet> decoded = CustomKindCodec.decodeStatefulSet(in, true);

        assertThat(decoded.problems()).isEmpty();
        assertThat(decoded.value().extensions().reserveOrdinals()).extracting(Object::toString).containsExactly("1", "4-6");
        assertThat(CustomKindCodec.encode(decoded.value()).objectOrEmpty("spec").array("reserveOrdinals"))
                .isEqualTo(Json.array(1, "4-6").items());
    }

    @Test
    void aReserveOrdinalsEntryOfAnotherTypeIsKeptAsTextForTheValidatorToRefuseNeverDropped() {
        Json.Obj in = object("apps.stateful.dev/v1alpha1").update("spec", spec -> spec.with("reserveOrdinals",
                List.of(true, new java.math.BigDecimal("1.5"), 3_000_000_000L)));

        StatefulSet set = CustomKindCodec.statefulSet(in);

        assertThat(set.extensions().reserveOrdinals()).extracting(Object::toString).containsExactly("true", "1.5", "3000000000");
        assertThat(set.extensions().reserveOrdinals()).noneMatch(e -> e.isInt());
    }

    @Test
    void theSelectorTextIsUpstreamsSortedByKey() {
        LabelSelector selector = new LabelSelector(Map.of("tier", "db", "app", "web"), List.of(
                new LabelSelector.Requirement("env", "In", List.of("prod", "dev")),
                new LabelSelector.Requirement("zone", "NotIn", List.of("b")),
                new LabelSelector.Requirement("canary", "DoesNotExist", List.of()),
                new LabelSelector.Requirement("owner", "Exists", List.of())));

        assertThat(SelectorText.of(selector)).isEqualTo("app=web,!canary,env in (dev,prod),owner,tier=db,zone notin (b)");
    }

    @Test
    void aSelectorThatDoesNotConvertIsErrorAndAnEmptyOneNoneAsFormatLabelSelectorWritesThem() {
        // an invalid set still gets its status written, and the scale subresource hands this text to an autoscaler:
        // "app" (an Exists with values, key alone) or "" would select every pod with that key, or every pod
        assertThat(SelectorText.of(new LabelSelector(Map.of(), List.of(new LabelSelector.Requirement("app", "Exists", List.of("x"))))))
                .isEqualTo("<error>");
        assertThat(SelectorText.of(new LabelSelector(Map.of(), List.of(new LabelSelector.Requirement("app", "DoesNotExist", List.of("x"))))))
                .isEqualTo("<error>");
        assertThat(SelectorText.of(new LabelSelector(Map.of(), List.of(new LabelSelector.Requirement("app", "Sometimes", List.of("x"))))))
                .isEqualTo("<error>");
        assertThat(SelectorText.of(new LabelSelector(Map.of(), List.of(new LabelSelector.Requirement("app", "In", List.of()))))).isEqualTo("<error>");
        assertThat(SelectorText.of(new LabelSelector(Map.of("app", "a,b"), List.of()))).as("a value with a comma").isEqualTo("<error>");
        assertThat(SelectorText.of(new LabelSelector(Map.of(), List.of()))).isEqualTo("<none>");
        assertThat(SelectorText.of(new LabelSelector(Map.of(), List.of(new LabelSelector.Requirement("env", "In", List.of("b", "a", "b"))))))
                .as("the values a set, as NewRequirement keeps them").isEqualTo("env in (a,b)");
    }

    @Test
    void anInvalidSetsStatusCarriesErrorAsItsLabelSelector() {
        StatefulSet set = CustomKindCodec.statefulSet(JsonParser.parseObject("""
                {"apiVersion":"apps.stateful.dev/v1alpha1","kind":"StatefulSet","metadata":{"name":"web","namespace":"default"},
                 "spec":{"replicas":1,"serviceName":"web",
                   "selector":{"matchExpressions":[{"key":"app","operator":"Exists","values":["web"]}]},
                   "template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"c","image":"i"}]}}}}
                """));

        assertThat(CustomKindCodec.encode(set).objectOrEmpty("status").string("labelSelector")).contains("<error>");
    }

    static final String WITH_DEADLINE = """
            {"apiVersion":"apps.stateful.dev/v1alpha1","kind":"StatefulSet","metadata":{"name":"web","namespace":"default"},
             "spec":{"replicas":2,"serviceName":"web","selector":{"matchLabels":{"app":"web"}},"progressDeadlineSeconds":90,
                     "template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"c","image":"i"}]}}},
             "status":{"replicas":2,"conditions":[
                {"type":"Progressing","status":"True","lastTransitionTime":"2026-01-01T00:00:00Z",
                 "lastUpdateTime":"2026-01-01T00:05:00Z","reason":"RevisionUpdated","message":"m"},
                {"type":"Other","status":"True","lastTransitionTime":"2026-01-01T00:00:00Z"}]}}
            """;

    @Test
    void progressDeadlineSecondsAndAConditionsLastUpdateTimeAreReadStrictlyAndWrittenBack() {
        Json.Obj object = JsonParser.parseObject(WITH_DEADLINE);
        Decoded<StatefulSet> decoded = CustomKindCodec.decodeStatefulSet(object, true);

        assertThat(decoded.problems()).isEmpty();
        StatefulSet set = decoded.value();
        assertThat(set.extensions().progressDeadline()).isEqualTo(90);
        assertThat(set.status().conditions().get(0).lastUpdateTime()).isEqualTo(java.time.Instant.parse("2026-01-01T00:05:00Z"));
        assertThat(set.status().conditions().get(1).lastUpdateTime()).isNull();

        Json.Obj out = CustomKindCodec.encode(set);
        assertThat(out.objectOrEmpty("spec").integer("progressDeadlineSeconds")).contains(90L);
        assertThat(((Json.Obj) out.objectOrEmpty("status").array("conditions").get(0)).string("lastUpdateTime"))
                .contains("2026-01-01T00:05:00Z");
        assertThat(((Json.Obj) out.objectOrEmpty("status").array("conditions").get(1)).has("lastUpdateTime")).isFalse();
        assertThat(CustomKindCodec.statefulSet(out)).isEqualTo(set);
    }

    @Test
    void withoutProgressDeadlineSecondsTheDeadlineIsADeploymentsDefaultAndNothingIsWritten() {
        StatefulSet set = CustomKindCodec.statefulSet(object("apps.stateful.dev/v1alpha1"));

        assertThat(set.extensions().progressDeadline()).isEqualTo(600);
        assertThat(CustomKindCodec.encode(set).objectOrEmpty("spec").has("progressDeadlineSeconds")).isFalse();
    }

    @Test
    void anAppsV1SetRefusesProgressDeadlineSeconds() {
        Json.Obj object = JsonParser.parseObject(WITH_DEADLINE.replace("apps.stateful.dev/v1alpha1", "apps/v1"));

        assertThat(CustomKindCodec.decodeStatefulSet(object, true).problems()).extracting(v -> v.field())
                .contains("spec.progressDeadlineSeconds");
    }
}
