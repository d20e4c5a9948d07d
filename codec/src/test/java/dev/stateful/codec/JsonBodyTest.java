package dev.stateful.codec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.Pod;
import org.junit.jupiter.api.Test;

class JsonBodyTest {

    static final String POD = "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"web-0\",\"namespace\":\"default\","
            + "\"labels\":{\"app\":\"nginx\",\"statefulset.kubernetes.io/pod-name\":\"web-0\"},\"ownerReferences\":[{\"apiVersion\":\"apps/v1\","
            + "\"kind\":\"StatefulSet\",\"name\":\"web\",\"uid\":\"u-1\",\"controller\":true,\"blockOwnerDeletion\":true}]},"
            + "\"spec\":{\"containers\":[{\"name\":\"nginx\",\"image\":\"nginx:1.27\",\"ports\":[{\"containerPort\":80,\"name\":\"web\"}],"
            + "\"env\":[{\"name\":\"GREETING\",\"value\":\"<hello> & \\\"bye\\\"\\n\"}],\"resources\":{\"requests\":{\"cpu\":\"100m\"}}}],"
            + "\"terminationGracePeriodSeconds\":30,\"activeDeadlineSeconds\":9223372036854775807,\"hostname\":\"web-0\"},"
            + "\"status\":{\"phase\":\"Pending\"}}";

    @Test
    void a_pod_body_reads_back_as_the_same_pod() {
        Pod pod = ModelCodec.pod(JsonParser.parseObject(POD));

        Json.Obj body = JsonParser.parseObject(JsonBody.write(ModelCodec.encode(pod)));

        assertThat(body).isEqualTo(ModelCodec.encode(pod));
        assertThat(ModelCodec.pod(body)).isEqualTo(pod);
    }

    @Test
    void integers_are_sent_exactly_as_read_even_beyond_float64_precision() {
        String text = "{\"big\":9223372036854775807,\"small\":30,\"negative\":-1}";

        assertThat(JsonBody.write(JsonParser.parseObject(text))).isEqualTo(text);
    }

    @Test
    void a_number_read_in_exponent_form_is_sent_plainly() {
        assertThat(JsonBody.write(JsonParser.parseObject("{\"a\":1e3,\"b\":2.5E-1}"))).isEqualTo("{\"a\":1000,\"b\":0.25}");
    }

    @Test
    void keys_keep_the_tree_order_and_strings_read_back_unchanged() {
        Json.Obj tree = JsonParser.parseObject("{\"z\":\"a\\\"b\\\\c\\u0001\",\"a\":[true,false,null,\"\\u003c\\u2028\"]}");

        String text = JsonBody.write(tree);

        assertThat(text).startsWith("{\"z\":");
        assertThat(JsonParser.parseObject(text)).isEqualTo(tree);
    }
}
