package dev.stateful.grpc.status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.google.rpc.BadRequest;
import dev.stateful.ports.ApiException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The port error contract on the wire: each ApiException has a status code and comes back as itself. */
class ApiStatusTest {

    static Stream<Arguments> contract() {
        return Stream.of(
                Arguments.of(new ApiException.NotFound("x"), Status.Code.NOT_FOUND),
                Arguments.of(new ApiException.AlreadyExists("x"), Status.Code.ALREADY_EXISTS),
                Arguments.of(new ApiException.Conflict("x"), Status.Code.ABORTED),
                Arguments.of(new ApiException.Invalid("x"), Status.Code.INVALID_ARGUMENT),
                Arguments.of(new ApiException.Forbidden("x"), Status.Code.PERMISSION_DENIED),
                Arguments.of(new ApiException.Unavailable("x"), Status.Code.UNAVAILABLE));
    }

    @ParameterizedTest
    @MethodSource("contract")
    void eachPortErrorTravelsAsItsStatusCodeAndComesBackAsItself(ApiException error, Status.Code code) {
        Status status = ApiStatus.toStatus(error);

        assertThat(status.getCode()).isEqualTo(code);
        assertThat(ApiStatus.toApiException(status.asRuntimeException(), "op")).isExactlyInstanceOf(error.getClass());
    }

    @Test
    void anInvalidsCausesTravelAsBadRequestFieldViolationsAndComeBackAsItsCauses() throws Exception {
        List<ApiException.Invalid.Cause> causes = List.of(
                new ApiException.Invalid.Cause("spec.replicas", "Invalid value: -1: must be greater than or equal to 0"),
                new ApiException.Invalid.Cause("spec.minReadySeconds", "Invalid value: -1: must be greater than or equal to 0"));

        StatusRuntimeException sent = Failures.toStatus(new ApiException.Invalid("StatefulSet.apps \"web\" is invalid: ...", causes));

        assertThat(sent.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(StatusProto.fromThrowable(sent).getDetails(0).unpack(BadRequest.class).getFieldViolationsList())
                .extracting(BadRequest.FieldViolation::getField, BadRequest.FieldViolation::getDescription)
                .containsExactly(tuple("spec.replicas", "Invalid value: -1: must be greater than or equal to 0"),
                        tuple("spec.minReadySeconds", "Invalid value: -1: must be greater than or equal to 0"));
        assertThat(ApiStatus.toApiException(sent, "update statefulset web"))
                .isInstanceOfSatisfying(ApiException.Invalid.class, back -> assertThat(back.causes()).isEqualTo(causes));
    }

    @Test
    void anInvalidNamingNoFieldStillCarriesABadRequestAndComesBackWithoutCauses() throws Exception {
        StatusRuntimeException sent = Failures.toStatus(new ApiException.Invalid("attempt to adopt revision owned by web"));

        assertThat(FailuresTest.violationOf(sent).getField()).isEmpty();
        assertThat(ApiStatus.toApiException(sent, "adopt revision web-abc"))
                .isInstanceOfSatisfying(ApiException.Invalid.class, back -> assertThat(back.causes()).isEmpty());
    }

    static Stream<Arguments> otherCodes() {
        return Stream.of(
                Arguments.of(Status.Code.FAILED_PRECONDITION, ApiException.Conflict.class),
                Arguments.of(Status.Code.UNAUTHENTICATED, ApiException.Forbidden.class),
                Arguments.of(Status.Code.DEADLINE_EXCEEDED, ApiException.Unavailable.class),
                Arguments.of(Status.Code.INTERNAL, ApiException.Unavailable.class),
                Arguments.of(Status.Code.RESOURCE_EXHAUSTED, ApiException.Unavailable.class),
                Arguments.of(Status.Code.OUT_OF_RANGE, ApiException.Invalid.class));
    }

    @ParameterizedTest
    @MethodSource("otherCodes")
    void codesAPortImplementationMightAlsoUseAreReadByTheirMeaning(Status.Code code, Class<? extends ApiException> expected) {
        assertThat(ApiStatus.toApiException(Status.fromCode(code).withDescription("why").asRuntimeException(), "create pod web-0"))
                .isExactlyInstanceOf(expected)
                .hasMessageStartingWith("create pod web-0: why");
    }
}
