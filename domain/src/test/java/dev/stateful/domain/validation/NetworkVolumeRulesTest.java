package dev.stateful.domain.validation;

import static dev.stateful.domain.testing.VolumeSourceJson.iscsiVolumes;
import static dev.stateful.domain.testing.VolumeSourceJson.networkVolumes;
import static dev.stateful.domain.testing.VolumeSourceJson.refusedIscsiVolumes;
import static dev.stateful.domain.testing.VolumeSourceJson.refusedNetworkVolumes;
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

/** The network sources' settings: nfs, iscsi, rbd, cephfs, glusterfs, quobyte, flocker, fc, gitRepo. */
class NetworkVolumeRulesTest extends RuleRows {

    static final String REGISTRY = "\"a:1,b,[::1]:2,::1:3,[x]y:1\": " + NetworkVolumeRules.HOST_PORT_PAIRS;
    static final String LONG_NAME = "\"" + "v".repeat(55) + "\": " + NetworkVolumeRules.INITIATOR_TOO_LONG;

    static Stream<Arguments> invalidRows() {
        return Stream.of(
                row("an NFS volume has a server and a path, absolute (an empty one is not)", volumes(Arrays.copyOfRange(refusedNetworkVolumes(), 0, 2)),
                        v(V + "[1].nfs.server", REQUIRED, ""),
                        v(V + "[1].nfs.path", REQUIRED, ""),
                        v(V + "[1].nfs.path", INVALID, "\"\": must be an absolute path"),
                        v(V + "[2].nfs.path", INVALID, "\"exports/data\": must be an absolute path")),
                row("an iSCSI volume has a portal, an IQN and initiator of known forms, a LUN of 0-255, a CHAP secret, a short name:portal "
                                + "with an initiator even as a second source", volumes(refusedIscsiVolumes()),
                        v(V + "[1].iscsi.targetPortal", REQUIRED, ""),
                        v(V + "[1].iscsi.iqn", REQUIRED, ""),
                        v(V + "[2].iscsi.iqn", INVALID, "\"foo\": " + NetworkVolumeRules.IQN_PREFIX),
                        v(V + "[2].iscsi.lun", INVALID, "256: " + NetworkVolumeRules.LUN_RANGE),
                        v(V + "[2].iscsi.secretRef", REQUIRED, ""),
                        v(V + "[2].iscsi.initiatorname", INVALID, "\"iqn.bad\": " + NetworkVolumeRules.IQN_FORMAT),
                        v(V + "[3].iscsi.iqn", INVALID, "\"eui.0123\": " + NetworkVolumeRules.IQN_FORMAT),
                        v(V + "[3].iscsi.initiatorname", INVALID, "\"naa.x\": " + NetworkVolumeRules.IQN_FORMAT),
                        v(V + "[3].name", INVALID, LONG_NAME),
                        v(V + "[4].iscsi", FORBIDDEN, VolumeSourceRules.MORE_THAN_ONE_SOURCE),
                        v(V + "[4].name", INVALID, LONG_NAME.replace("\":", "x\":"))),
                row("rbd, cephfs and glusterfs volumes have their required fields", volumes(Arrays.copyOfRange(refusedNetworkVolumes(), 2, 5)),
                        v(V + "[1].rbd.monitors", REQUIRED, ""),
                        v(V + "[1].rbd.image", REQUIRED, ""),
                        v(V + "[2].cephfs.monitors", REQUIRED, ""),
                        v(V + "[3].glusterfs.endpoints", REQUIRED, ""),
                        v(V + "[3].glusterfs.path", REQUIRED, "")),
                row("a quobyte volume has a registry of host:port pairs, checked once a tenant is within 64 characters, and a volume",
                        volumes(Arrays.copyOfRange(refusedNetworkVolumes(), 5, 8)),
                        v(V + "[1].quobyte.registry", REQUIRED, NetworkVolumeRules.HOST_PORT_PAIRS),
                        v(V + "[1].quobyte.volume", REQUIRED, ""),
                        v(V + "[2].quobyte.registry", INVALID, REGISTRY),
                        v(V + "[2].quobyte.registry", INVALID, REGISTRY),
                        v(V + "[2].quobyte.registry", INVALID, REGISTRY),
                        v(V + "[3].quobyte.tenant", REQUIRED, "must be a UUID and may not exceed a length of 64 characters")),
                row("a flocker volume has one of a dataset name, without '/', and a UUID", volumes(Arrays.copyOfRange(refusedNetworkVolumes(), 8, 10)),
                        v(V + "[1].flocker", REQUIRED, "one of datasetName and datasetUUID is required"),
                        v(V + "[2].flocker", INVALID, "\"resource\": datasetName and datasetUUID can not be specified simultaneously"),
                        v(V + "[2].flocker.datasetName", INVALID, "\"a/b\": must not contain '/'")),
                row("an fc volume has target WWNs, with a LUN of 0-255, or WWIDs", volumes(Arrays.copyOfRange(refusedNetworkVolumes(), 10, 13)),
                        v(V + "[1].fc.targetWWNs", REQUIRED, "must specify either targetWWNs or wwids, but not both"),
                        v(V + "[2].fc.targetWWNs", INVALID, "[\"500a0982991b8dc5\",\"500a0982891b8dc5\"]: targetWWNs and wwids can not be specified simultaneously"),
                        v(V + "[2].fc.lun", REQUIRED, "lun is required if targetWWNs is specified"),
                        v(V + "[3].fc.lun", INVALID, "256: " + NetworkVolumeRules.LUN_RANGE)),
                row("a gitRepo volume has a repository and a relative directory without '..'", volumes(refusedNetworkVolumes()[13]),
                        v(V + "[1].gitRepo.repository", REQUIRED, ""),
                        v(V + "[1].gitRepo.directory", INVALID, "\"/srv/../x\": must be a relative path"),
                        v(V + "[1].gitRepo.directory", INVALID, "\"/srv/../x\": must not contain '..'")));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(
                arguments("iSCSI volumes of iqn, eui and naa names, CHAP with a secret", volumes(iscsiVolumes())),
                arguments("network volumes with their required fields, an NFS volume of an absolute path, a quobyte registry of bracketed and empty hosts", volumes(networkVolumes())));
    }
}
