package dev.stateful.domain.validation;

import static dev.stateful.domain.testing.VolumeSourceJson.cloudVolumes;
import static dev.stateful.domain.testing.VolumeSourceJson.refusedCloudVolumes;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.INVALID;
import static dev.stateful.domain.validation.Violation.Type.NOT_SUPPORTED;
import static dev.stateful.domain.validation.Violation.Type.REQUIRED;
import static dev.stateful.domain.validation.VolumeSourceRulesTest.V;
import static dev.stateful.domain.validation.VolumeSourceRulesTest.volumes;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** The cloud and vendor disks' settings: each one's required fields, partitions, azureDisk's values, secret references. */
class CloudVolumeRulesTest extends RuleRows {

    static final String BLOB = "supported values: \"" + CloudVolumeRules.AZURE_BLOB_URI + "\"";

    static Stream<Arguments> invalidRows() {
        return Stream.of(
                row("a GCE disk (its settings named persistentDisk) and an EBS volume have their names and a partition of 0-255",
                        volumes(Arrays.copyOfRange(refusedCloudVolumes(), 0, 2)),
                        v(V + "[1].persistentDisk.pdName", REQUIRED, ""),
                        v(V + "[1].persistentDisk.partition", INVALID, "-1: " + CloudVolumeRules.PARTITION_RANGE),
                        v(V + "[2].awsElasticBlockStore.volumeID", REQUIRED, ""),
                        v(V + "[2].awsElasticBlockStore.partition", INVALID, "256: " + CloudVolumeRules.PARTITION_RANGE)),
                row("an Azure disk has a name and URI, a known caching mode and kind, a URI of its kind's form (of none undefaulted, unchecked)",
                        volumes(Arrays.copyOfRange(refusedCloudVolumes(), 3, 6)),
                        v(V + "[1].azureDisk.diskName", REQUIRED, ""),
                        v(V + "[1].azureDisk.diskURI", REQUIRED, ""),
                        v(V + "[2].azureDisk.cachingMode", NOT_SUPPORTED, "\"Bad\": supported values: \"None\", \"ReadOnly\", \"ReadWrite\""),
                        v(V + "[2].azureDisk.diskURI", NOT_SUPPORTED, "\"https://a.blob.core.windows.net/c/d.vhd\": supported values: \""
                                + CloudVolumeRules.AZURE_MANAGED_URI + "\""),
                        v(V + "[3].azureDisk.kind", NOT_SUPPORTED, "\"Other\": supported values: \"Dedicated\", \"Managed\", \"Shared\""),
                        v(V + "[3].azureDisk.diskURI", NOT_SUPPORTED, "\"/subscriptions/x\": " + BLOB)),
                row("Azure file, cinder, vSphere, Photon, Portworx and ScaleIO volumes have their required fields, cinder's secret a name",
                        volumes(refusedCloudVolumes()[2], refusedCloudVolumes()[6], refusedCloudVolumes()[7], refusedCloudVolumes()[8],
                                refusedCloudVolumes()[9], refusedCloudVolumes()[10]),
                        v(V + "[1].azureFile.secretName", REQUIRED, ""),
                        v(V + "[1].azureFile.shareName", REQUIRED, ""),
                        v(V + "[2].cinder.volumeID", REQUIRED, ""),
                        v(V + "[2].cinder.secretRef.name", REQUIRED, ""),
                        v(V + "[3].vsphereVolume.volumePath", REQUIRED, ""),
                        v(V + "[4].photonPersistentDisk.pdID", REQUIRED, ""),
                        v(V + "[5].portworxVolume.volumeID", REQUIRED, ""),
                        v(V + "[6].scaleIO.gateway", REQUIRED, ""),
                        v(V + "[6].scaleIO.system", REQUIRED, ""),
                        v(V + "[6].scaleIO.volumeName", REQUIRED, "")),
                row("a StorageOS volume has a volume name, it and a namespace DNS labels, and its secret a name",
                        volumes(Arrays.copyOfRange(refusedCloudVolumes(), 11, 13)),
                        v(V + "[1].storageos.volumeName", REQUIRED, ""),
                        v(V + "[2].storageos.volumeName", INVALID, "\"Bad_Name\": " + Names.dns1123Label("Bad_Name").get(0)),
                        v(V + "[2].storageos.volumeNamespace", INVALID, "\"NS\": " + Names.dns1123Label("NS").get(0)),
                        v(V + "[2].storageos.secretRef.name", REQUIRED, "")));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(arguments("cloud and vendor volumes with their required fields, partitions 0 and 255, a managed Azure disk",
                volumes(cloudVolumes())));
    }
}
