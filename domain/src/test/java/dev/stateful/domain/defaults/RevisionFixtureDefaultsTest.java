package dev.stateful.domain.defaults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.json.JsonWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The template of upstream's {@code TestStatefulSetCompatibility} fixture, as a user writes it, defaults to the exact bytes a 1.34
 * API server stores, and therefore to the upstream revision name {@code test-776999688b}.
 */
class RevisionFixtureDefaultsTest {

    /** The 1.33 revision data of upstream's compatibility fixture, verbatim. */
    static final String RAW_1_33 = "{\"spec\":{\"template\":{\"$patch\":\"replace\",\"metadata\":{\"annotations\":{\"test\":\"value\"},"
            + "\"creationTimestamp\":null,\"labels\":{\"app\":\"foo\"}},\"spec\":{\"containers\":[{\"image\":\"test\","
            + "\"imagePullPolicy\":\"Always\",\"name\":\"test\",\"resources\":{},\"terminationMessagePath\":\"/dev/termination-log\","
            + "\"terminationMessagePolicy\":\"File\"}],\"dnsPolicy\":\"ClusterFirst\",\"restartPolicy\":\"Always\","
            + "\"schedulerName\":\"default-scheduler\",\"securityContext\":{},\"terminationGracePeriodSeconds\":30}}}}";

    /** 1.34 serialisation: the same minus {@code "creationTimestamp":null}. */
    static final String RAW_1_34 = RAW_1_33.replace("\"creationTimestamp\":null,", "");

    /** The template of the compatibility fixture's set before defaulting: one container {@code test}, image {@code test}. */
    static final Json.Obj USER_TEMPLATE = Json.object(
            "metadata", Json.object("labels", Json.object("app", "foo"), "annotations", Json.object("test", "value")),
            "spec", Json.object("containers", Json.array(Json.object("name", "test", "image", "test"))));

    @Test
    void theDefaultedFixtureTemplateSerialisesToThe134Bytes() {
        assertThat(revisionData(Defaults.podTemplate(USER_TEMPLATE))).isEqualTo(RAW_1_34);
    }

    @Test
    void a133TemplateWithCreationTimestampNullDefaultsToThe134Bytes() {
        Json.Obj stored133 = USER_TEMPLATE.update("metadata", m -> m.with("creationTimestamp", Json.Null.INSTANCE));

        assertThat(revisionData(Defaults.podTemplate(stored133))).isEqualTo(RAW_1_34);
    }

    @Test
    void theFixtureBytesGiveTheUpstreamRevisionNames() {
        // cross-check of the fixture strings themselves against the hashes upstream's testdata names
        assertThat(revisionName("test", RAW_1_33)).isEqualTo("test-c77f6d978");
        assertThat(revisionName("test", RAW_1_34)).isEqualTo("test-776999688b");
        assertThat(revisionName("test", revisionData(Defaults.podTemplate(USER_TEMPLATE)))).isEqualTo("test-776999688b");
    }

    /** {@code getPatch}: {"spec":{"template":<template + "$patch":"replace">}}, keys sorted. */
    static String revisionData(Json.Obj template) {
        return JsonWriter.write(Json.object("spec", Json.object("template", template.with("$patch", "replace"))));
    }

    /** Test-local copy of {@code HashControllerRevision}: FNV-1 32 over data + collision count "0", SafeEncodeString. */
    static String revisionName(String set, String data) {
        int hash = 0x811c9dc5;
        for (byte b : (data + "0").getBytes(StandardCharsets.UTF_8)) {
            hash *= 16777619;
            hash ^= b & 0xff;
        }
        String alphabet = "bcdfghjklmnpqrstvwxz2456789";
        StringBuilder out = new StringBuilder();
        for (char c : Integer.toUnsignedString(hash).toCharArray()) {
            out.append(alphabet.charAt(c % 27));
        }
        return set + "-" + out;
    }
}
