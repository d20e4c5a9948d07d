package dev.stateful.fabric8.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stateful.fabric8.control.ApiErrors.Verb;
import dev.stateful.ports.ApiException;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ApiErrorsTest {

    @ParameterizedTest(name = "{0} answered {1} -> {2}")
    @CsvSource({
        "GET,    404, NotFound",
        "UPDATE, 404, NotFound",
        "CREATE, 409, AlreadyExists",
        "UPDATE, 409, Conflict",
        "PATCH,  409, Conflict",
        "DELETE, 409, NotFound",
        "CREATE, 422, Invalid",
        "PATCH,  400, Invalid",
        "PATCH,  415, Invalid",
        "CREATE, 401, Forbidden",
        "DELETE, 403, Forbidden",
        "CREATE, 429, Unavailable",
        "UPDATE, 500, Unavailable",
        "GET,    503, Unavailable",
        "CREATE, 504, Unavailable",
    })
    void http_codes_map_onto_the_port_contract(Verb verb, int code, String expected) {
        var failure = new KubernetesClientException(new StatusBuilder().withCode(code).withMessage("server says no").build());

        ApiException mapped = ApiErrors.translate(verb, "pod default/web-0", failure);

        assertThat(mapped.getClass().getSimpleName()).isEqualTo(expected);
        assertThat(mapped.getMessage()).as("the server's own words, as client-go's StatusError.Error()").isEqualTo("server says no");
    }

    @Test
    void a_refusal_of_fields_carries_each_field_and_its_message_from_the_status_causes() {
        var failure = new KubernetesClientException(new StatusBuilder().withCode(422).withReason("Invalid")
                .withMessage("StatefulSet.apps \"web\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0")
                .withNewDetails().addNewCause().withField("spec.replicas").withReason("FieldValueInvalid")
                .withMessage("Invalid value: -1: must be greater than or equal to 0").endCause().endDetails().build());

        ApiException mapped = ApiErrors.translate(Verb.UPDATE, "statefulset default/web", failure);

        assertThat(mapped).isInstanceOfSatisfying(ApiException.Invalid.class, invalid -> assertThat(invalid.causes())
                .containsExactly(new ApiException.Invalid.Cause("spec.replicas", "Invalid value: -1: must be greater than or equal to 0")));
    }

    @Test
    void an_answer_without_a_message_is_told_with_the_request() {
        var failure = new KubernetesClientException(new StatusBuilder().withCode(500).build());

        ApiException mapped = ApiErrors.translate(Verb.CREATE, "pod default/web-0", failure);

        assertThat(mapped).isInstanceOf(ApiException.Unavailable.class);
        assertThat(mapped.getMessage()).startsWith("create pod default/web-0: ");
    }

    @ParameterizedTest
    @CsvSource({"CREATE", "DELETE"})
    void no_answer_at_all_is_transient(Verb verb) {
        var failure = new KubernetesClientException("connect failed", new IOException("Connection refused"));

        ApiException mapped = ApiErrors.translate(verb, "pod default/web-0", failure);

        assertThat(mapped).isInstanceOf(ApiException.Unavailable.class).hasCauseReference(failure);
        assertThat(mapped.getMessage()).contains("Connection refused");
    }

    @ParameterizedTest
    @CsvSource({"CREATE", "PATCH", "DELETE"})
    void a_request_the_http2_connection_had_no_stream_for_was_never_sent_and_goes_again(Verb verb) {
        var refused = new KubernetesClientException("send failed", new IOException("too many concurrent streams"));
        AtomicInteger calls = new AtomicInteger();

        String answer = ApiErrors.call(verb, "pod default/web-0", () -> {
            if (calls.incrementAndGet() < 3) {
                throw refused;
            }
            return "created";
        });

        assertThat(answer).isEqualTo("created");
        assertThat(calls).hasValue(3);
    }

    @ParameterizedTest
    @CsvSource({"CREATE", "UPDATE"})
    void any_other_failure_is_not_sent_again_it_may_have_been_applied(Verb verb) {
        var timedOut = new KubernetesClientException("send failed", new IOException("request timed out"));
        AtomicInteger calls = new AtomicInteger();

        assertThatThrownBy(() -> ApiErrors.call(verb, "pod default/web-0", () -> {
            calls.incrementAndGet();
            throw timedOut;
        })).isInstanceOf(ApiException.Unavailable.class);
        assertThat(calls).hasValue(1);
    }

    @Test
    void a_connection_that_never_has_a_stream_free_fails_after_a_bounded_number_of_tries() {
        var refused = new KubernetesClientException("send failed", new IOException("too many concurrent streams"));
        AtomicInteger calls = new AtomicInteger();

        assertThatThrownBy(() -> ApiErrors.call(Verb.CREATE, "pod default/web-0", () -> {
            calls.incrementAndGet();
            throw refused;
        })).isInstanceOf(ApiException.Unavailable.class).hasMessageContaining("too many concurrent streams");
        assertThat(calls).hasValue(ApiErrors.STREAM_RETRIES + 1);
    }
}
