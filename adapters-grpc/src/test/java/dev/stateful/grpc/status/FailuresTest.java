package dev.stateful.grpc.status;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.rpc.BadRequest;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import org.junit.jupiter.api.Test;

/** Every INVALID_ARGUMENT carries a google.rpc.BadRequest, naming a request field only where the message names one. */
class FailuresTest {

    static BadRequest.FieldViolation violationOf(StatusRuntimeException e) throws Exception {
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        return StatusProto.fromThrowable(e).getDetails(0).unpack(BadRequest.class).getFieldViolations(0);
    }

    @Test
    void aMessageThatStartsWithAFieldNamesIt() throws Exception {
        BadRequest.FieldViolation v = violationOf(Failures.toStatus(new IllegalArgumentException("now: seconds -1 is out of range")));

        assertThat(v.getField()).isEqualTo("now");
        assertThat(v.getDescription()).isEqualTo("seconds -1 is out of range");
    }

    @Test
    void aValueConvertedWithoutItsPathNamesNoField() throws Exception {
        assertThat(violationOf(Failures.toStatus(new IllegalArgumentException("timestamp: seconds 1 is out of range"))).getField()).isEmpty();
        assertThat(violationOf(Failures.toStatus(new IllegalArgumentException("duration: nanos 2 is out of range"))).getField()).isEmpty();
    }

    @Test
    void aMessageWithoutAFieldIsTheViolationsDescription() throws Exception {
        BadRequest.FieldViolation v = violationOf(Failures.toStatus(new IllegalArgumentException("the request is not what was expected")));

        assertThat(v.getField()).isEmpty();
        assertThat(v.getDescription()).isEqualTo("the request is not what was expected");
    }
}
