package dev.stateful.domain.validation;

import static dev.stateful.domain.testing.VolumeSourceJson.driverVolumes;
import static dev.stateful.domain.testing.VolumeSourceJson.refusedDriverVolumes;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.INVALID;
import static dev.stateful.domain.validation.Violation.Type.NOT_SUPPORTED;
import static dev.stateful.domain.validation.Violation.Type.REQUIRED;
import static dev.stateful.domain.validation.Violation.Type.TOO_LONG;
import static dev.stateful.domain.validation.VolumeSourceRulesTest.V;
import static dev.stateful.domain.validation.VolumeSourceRulesTest.volumes;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@code validateCSIVolumeSource}, {@code validateFlexVolumeSource}, {@code validateImageVolumeSource}. */
class DriverVolumeRulesTest extends RuleRows {

    static Stream<Arguments> invalidRows() {
        return Stream.of(
                row("a CSI volume names a driver, a DNS subdomain of at most 63 bytes once lower-cased, and its secret, a DNS subdomain "
                                + "Go reports at csi.name", volumes(Arrays.copyOfRange(refusedDriverVolumes(), 0, 4)),
                        v(V + "[1].csi.driver", REQUIRED, ""),
                        v(V + "[2].csi.driver", INVALID, "\"Bad_Driver\": " + Names.dns1123Subdomain("bad_driver").get(0)),
                        v(V + "[2].csi.nodePublishSecretRef.name", REQUIRED, ""),
                        v(V + "[3].csi.name", INVALID, "\"Not_A_Name\": " + Names.dns1123Subdomain("Not_A_Name").get(0)),
                        v(V + "[4].csi.driver", TOO_LONG, "may not be more than 63 bytes")),
                row("an image volume has a known pull policy", volumes(refusedDriverVolumes()[6]),
                        v(V + "[1].image.pullPolicy", NOT_SUPPORTED, "\"Sometimes\": supported values: \"Always\", \"IfNotPresent\", \"Never\"")),
                row("a flex volume has a driver and no option in the kubernetes.io or k8s.io namespaces",
                        volumes(Arrays.copyOfRange(refusedDriverVolumes(), 4, 6)),
                        v(V + "[1].flexVolume.driver", REQUIRED, ""),
                        v(V + "[2].flexVolume.options[kubernetes.io/x]", INVALID, "\"kubernetes.io/x\": " + DriverVolumeRules.RESERVED_OPTION),
                        v(V + "[2].flexVolume.options[a.K8S.io]", INVALID, "\"a.K8S.io\": " + DriverVolumeRules.RESERVED_OPTION)));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(
                arguments("a CSI volume of a driver in upper case, attributes and a secret", volumes(driverVolumes()[0])),
                arguments("a flex volume of options outside the reserved namespaces", volumes(driverVolumes()[1])),
                arguments("image volumes of a policy and of no reference", volumes(Arrays.copyOfRange(driverVolumes(), 2, 4))));
    }
}
