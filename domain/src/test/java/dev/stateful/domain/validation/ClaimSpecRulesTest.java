package dev.stateful.domain.validation;

import static dev.stateful.domain.testing.VolumeSourceJson.claimSpecs;
import static dev.stateful.domain.testing.VolumeSourceJson.ephemeralVolumesOf;
import static dev.stateful.domain.testing.VolumeSourceJson.refusedClaimSpecs;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.claimSpec;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.claims;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.INVALID;
import static dev.stateful.domain.validation.Violation.Type.NOT_SUPPORTED;
import static dev.stateful.domain.validation.Violation.Type.REQUIRED;
import static dev.stateful.domain.validation.VolumeSourceRulesTest.V;
import static dev.stateful.domain.validation.VolumeSourceRulesTest.volumes;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * {@code ValidatePersistentVolumeClaimSpec} beyond access modes and storage (which {@link StatefulSetValidatorTest} covers):
 * the selector, class names, volume mode and data sources, of a claim template and of an ephemeral volume's.
 */
class ClaimSpecRulesTest extends RuleRows {

    static final String TEMPLATE = "spec.volumeClaimTemplates[0].spec";

    static Stream<Arguments> invalidRows() {
        String ephemeral = V + "[1].ephemeral.volumeClaimTemplate.spec";
        return Stream.of(
                row("a claim template's selector is valid, its class names DNS subdomains, its volume mode Block or Filesystem",
                        claims(claimSpec(c -> refusedClaimSpecs()[0])),
                        v(TEMPLATE + ".selector.matchLabels", INVALID, "\"Bad Key\": " + Names.qualifiedName("Bad Key").get(0)),
                        v(TEMPLATE + ".selector.matchExpressions[0].values", REQUIRED, "must be specified when `operator` is 'In' or 'NotIn'"),
                        v(TEMPLATE + ".storageClassName", INVALID, "\"Fast_SSD\": " + Names.dns1123Subdomain("Fast_SSD").get(0)),
                        v(TEMPLATE + ".volumeMode", NOT_SUPPORTED, "\"Raw\": supported values: \"Block\", \"Filesystem\""),
                        v(TEMPLATE + ".volumeAttributesClassName", INVALID, "\"Gold!\": " + Names.dns1123Subdomain("Gold!").get(0))),
                row("a volume mode is never empty; a data source has a name and a kind, PersistentVolumeClaim without an API group, and "
                                + "matches the reference", claims(claimSpec(c -> refusedClaimSpecs()[1])),
                        v(TEMPLATE + ".volumeMode", NOT_SUPPORTED, "\"\": supported values: \"Block\", \"Filesystem\""),
                        v(TEMPLATE + ".dataSource.name", REQUIRED, ""),
                        v(TEMPLATE + ".dataSource.kind", REQUIRED, ""),
                        v(TEMPLATE + ".dataSource", INVALID, "\"\": must be 'PersistentVolumeClaim' when referencing the default apiGroup"),
                        v(TEMPLATE + ".dataSourceRef.apiGroup", INVALID, "\"Bad_Group\": " + Names.dns1123Subdomain("Bad_Group").get(0)),
                        v(TEMPLATE, INVALID, "{}: must match dataSourceRef")),
                row("a data source reference's namespace is a DNS label, and no data source goes beside it",
                        claims(claimSpec(c -> refusedClaimSpecs()[2])),
                        v(TEMPLATE + ".dataSourceRef.namespace", INVALID, "\"Other_NS\": " + Names.dns1123Label("Other_NS").get(0)),
                        v(TEMPLATE, INVALID, "{}: may not be specified when dataSourceRef.namespace is specified")),
                row("an ephemeral volume's claim spec is checked as a claim template's", volumes(ephemeralVolumesOf(refusedClaimSpecs()[2])),
                        v(ephemeral + ".dataSourceRef.namespace", INVALID, "\"Other_NS\": " + Names.dns1123Label("Other_NS").get(0)),
                        v(ephemeral, INVALID, "{}: may not be specified when dataSourceRef.namespace is specified")));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(
                arguments("a claim template of a selector, class names and Block mode", claims(claimSpec(c -> claimSpecs()[0]))),
                arguments("a claim template of a claim as its data source", claims(claimSpec(c -> claimSpecs()[1]))),
                arguments("a claim template of a snapshot as its data source and reference", claims(claimSpec(c -> claimSpecs()[2]))),
                arguments("ephemeral volumes of the same specs", volumes(ephemeralVolumesOf(claimSpecs()))));
    }
}
