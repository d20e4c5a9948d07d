package dev.stateful.domain.validation;

import static dev.stateful.domain.testing.VolumeSourceJson.ephemeralVolumes;
import static dev.stateful.domain.testing.VolumeSourceJson.refusedEphemeralVolumes;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.FORBIDDEN;
import static dev.stateful.domain.validation.Violation.Type.INVALID;
import static dev.stateful.domain.validation.Violation.Type.REQUIRED;
import static dev.stateful.domain.validation.VolumeSourceRulesTest.V;
import static dev.stateful.domain.validation.VolumeSourceRulesTest.volumes;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@code validateEphemeralVolumeSource}: an ephemeral volume's claim template, its metadata and claim spec. */
class EphemeralVolumeRulesTest extends RuleRows {

    static final String TEMPLATE = ".ephemeral.volumeClaimTemplate";

    static Stream<Arguments> invalidRows() {
        String meta = V + "[1]" + TEMPLATE + ".metadata";
        return Stream.of(
                row("an ephemeral volume has a claim template", volumes(refusedEphemeralVolumes()[0]),
                        v(V + "[1]" + TEMPLATE, REQUIRED, "")),
                row("a claim template's metadata has valid annotations and labels and no other field, a grace period of 0 included",
                        volumes(refusedEphemeralVolumes()[1]),
                        v(meta + ".annotations", INVALID, "\"Bad Key\": " + Names.qualifiedName("bad key").get(0)),
                        v(meta + ".labels", INVALID, "\"Bad Key\": " + Names.qualifiedName("Bad Key").get(0)),
                        v(meta + ".name", FORBIDDEN, EphemeralVolumeRules.CANNOT_BE_SET),
                        v(meta + ".generateName", FORBIDDEN, EphemeralVolumeRules.CANNOT_BE_SET),
                        v(meta + ".namespace", FORBIDDEN, EphemeralVolumeRules.CANNOT_BE_SET),
                        v(meta + ".uID", FORBIDDEN, EphemeralVolumeRules.CANNOT_BE_SET),
                        v(meta + ".deletionGracePeriodSeconds", FORBIDDEN, EphemeralVolumeRules.CANNOT_BE_SET),
                        v(meta + ".finalizers", FORBIDDEN, EphemeralVolumeRules.CANNOT_BE_SET)),
                row("a claim template's spec has access modes, ReadWriteOncePod alone, and a storage request above zero",
                        volumes(Arrays.copyOfRange(refusedEphemeralVolumes(), 2, 4)),
                        v(V + "[1]" + TEMPLATE + ".spec.accessModes", REQUIRED, "at least 1 access mode is required"),
                        v(V + "[1]" + TEMPLATE + ".spec.resources[storage]", REQUIRED, ""),
                        v(V + "[2]" + TEMPLATE + ".spec.accessModes", FORBIDDEN, "may not use ReadWriteOncePod with other access modes"),
                        v(V + "[2]" + TEMPLATE + ".spec.resources[storage]", INVALID, "\"0\": must be greater than zero")));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(arguments("ephemeral volumes of labels and annotations, each access mode, a block mode and a storage class",
                volumes(ephemeralVolumes())));
    }
}
