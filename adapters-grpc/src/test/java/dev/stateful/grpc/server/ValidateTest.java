package dev.stateful.grpc.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stateful.grpc.testing.BadRequests;
import dev.stateful.grpc.testing.Kube;
import dev.stateful.grpc.testing.Manifests;
import dev.stateful.grpc.testing.ServiceHarness;
import dev.stateful.grpc.v1.FieldViolation;
import dev.stateful.grpc.v1.ValidateRequest;
import dev.stateful.grpc.v1.ValidateResponse;
import dev.stateful.grpc.v1.ViolationType;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Validate: every problem with its field path, on the object as the API server would store it. */
class ValidateTest {

    private static final String WEB = Manifests.webJson(3, "nginx:1.25");
    private final ServiceHarness harness = ServiceHarness.inMemory();

    @AfterEach
    void close() {
        harness.close();
    }

    private ValidateResponse validate(String json) {
        return harness.stub.validate(ValidateRequest.newBuilder().setStatefulSet(Kube.json(json)).build());
    }

    @Test
    void aGoodSetIsValidAndComesBackDefaulted() {
        ValidateResponse response = validate(WEB);

        assertThat(response.getValid()).isTrue();
        assertThat(response.getViolationsList()).isEmpty();
        assertThat(response.getDefaulted().getJson()).contains("\"podManagementPolicy\":\"OrderedReady\"", "\"revisionHistoryLimit\":10");
    }

    @Test
    void aSetOfOurKindMayUseItsOwnFieldsAndComesBackDefaultedAsOurKind() {
        ValidateResponse response = validate(Manifests.webJsonOfOurKind(3, "nginx:1.25", 1));

        assertThat(response.getViolationsList()).isEmpty();
        assertThat(response.getDefaulted().getJson()).contains("\"apiVersion\":\"apps.stateful.dev/v1alpha1\"", "\"reserveOrdinals\":[1]");
    }

    @Test
    void anAppsV1SetMayNotUseTheFieldsOfOurKind() {
        ValidateResponse response = validate(Manifests.webJsonOfOurKind(3, "nginx:1.25", 1)
                .replace("\"apiVersion\":\"apps.stateful.dev/v1alpha1\"", "\"apiVersion\":\"apps/v1\""));

        assertThat(response.getValid()).isFalse();
        assertThat(response.getViolationsList()).extracting(FieldViolation::getField).containsExactly("spec.reserveOrdinals");
    }

    @Test
    void misspelledFieldsAreUnknownFieldsWithTheirPaths() {
        ValidateResponse response = validate(WEB.replace("matchLabels", "matchLables"));

        assertThat(response.getValid()).isFalse();
        assertThat(response.getViolationsList()).filteredOn(v -> v.getType() == ViolationType.VIOLATION_TYPE_UNKNOWN_FIELD)
                .extracting(FieldViolation::getField).containsExactly("spec.selector.matchLables");
    }

    @Test
    void everyRuleViolationIsListed() {
        ValidateResponse response = validate(WEB.replace("\"replicas\":3", "\"replicas\":-1")
                .replace("\"serviceName\"", "\"updateStrategy\":{\"type\":\"Sometimes\"},\"serviceName\""));

        assertThat(response.getViolationsList()).extracting(FieldViolation::getField)
                .contains("spec.replicas", "spec.updateStrategy");
        assertThat(response.getViolationsList()).allSatisfy(v -> assertThat(v.getDescription()).startsWith(v.getField() + ": "));
    }

    @Test
    void aPodSpecTheApiServerRefusesIsInvalidWithItsFieldPathAndNotFoundType() {
        ValidateResponse response = validate(WEB.replace("\"image\":\"nginx:1.25\"",
                "\"image\":\"nginx:1.25\",\"volumeMounts\":[{\"name\":\"cache\",\"mountPath\":\"/cache\"}],"
                        + "\"resources\":{\"limits\":{\"cpu\":\"1\"},\"requests\":{\"cpu\":\"1.5\"}}"));

        assertThat(response.getValid()).isFalse();
        assertThat(response.getViolationsList()).extracting(FieldViolation::getType, FieldViolation::getDescription).containsExactly(
                tuple(ViolationType.VIOLATION_TYPE_NOT_FOUND, "spec.template.spec.containers[0].volumeMounts[0].name: Not found: \"cache\""),
                tuple(ViolationType.VIOLATION_TYPE_INVALID, "spec.template.spec.containers[0].resources.requests: Invalid value: \"1500m\": "
                        + "must be less than or equal to cpu limit of 1"));
    }

    @Test
    void withTheStoredObjectTheRequestIsCheckedAsAnUpdate() {
        ValidateResponse response = harness.stub.validate(ValidateRequest.newBuilder()
                .setOldStatefulSet(Kube.json(WEB))
                .setStatefulSet(Kube.json(WEB.replace("\"serviceName\":\"nginx\"", "\"serviceName\":\"other\"")))
                .build());

        assertThat(response.getValid()).isFalse();
        assertThat(response.getViolationsList()).singleElement().satisfies(v -> {
            assertThat(v.getField()).isEqualTo("spec");
            assertThat(v.getType()).isEqualTo(ViolationType.VIOLATION_TYPE_FORBIDDEN);
        });
    }

    @Test
    void questionableSettingsComeBackAsWarnings() {
        ValidateResponse response = validate(WEB.replace("\"replicas\":3", "\"replicas\":3,\"revisionHistoryLimit\":-1"));

        assertThat(response.getValid()).isTrue();
        assertThat(response.getWarningsList()).singleElement().asString().contains("revisionHistoryLimit");
    }

    @Test
    void textThatIsNotJsonIsAnInvalidArgument() {
        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, () -> validate("kind: StatefulSet"));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(BadRequests.fields(e)).containsExactly("stateful_set");
    }
}
