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
    void theSelectorTextIsUpstreamsSortedByKey() {
        LabelSelector selector = new LabelSelector(Map.of("tier", "db", "app", "web"), List.of(
                new LabelSelector.Requirement("env", "In", List.of("prod", "dev")),
                new LabelSelector.Requirement("zone", "NotIn", List.of("b")),
                new LabelSelector.Requirement("canary", "DoesNotExist", List.of()),
                new LabelSelector.Requirement("owner", "Exists", List.of())));

        assertThat(SelectorText.of(selector)).isEqualTo("app=web,!canary,env in (dev,prod),owner,tier=db,zone notin (b)");
    }
}
