package dev.stateful.domain.validation;

import static dev.stateful.domain.testing.PodSpecJson.claim;
import static dev.stateful.domain.testing.PodSpecJson.downwardApiVolume;
import static dev.stateful.domain.testing.PodSpecJson.mount;
import static dev.stateful.domain.testing.PodSpecJson.projectedVolume;
import static dev.stateful.domain.testing.PodSpecJson.refusedProjectedVolume;
import static dev.stateful.domain.testing.PodSpecJson.volumeFieldRef;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.C;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.T;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.both;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.container;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.row;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.templateSpec;
import static dev.stateful.domain.validation.StatefulSetValidatorTest.v;
import static dev.stateful.domain.validation.Violation.Type.FORBIDDEN;
import static dev.stateful.domain.validation.Violation.Type.INVALID;
import static dev.stateful.domain.validation.Violation.Type.NOT_FOUND;
import static dev.stateful.domain.validation.Violation.Type.NOT_SUPPORTED;
import static dev.stateful.domain.validation.Violation.Type.REQUIRED;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.StatefulSet;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@code validateVolumeSource}: the settings of a volume's first source; pod volumes follow the claim template {@code www}. */
class VolumeSourceRulesTest extends RuleRows {

    static final String V = T + "volumes";
    static final String HOST_PATH_TYPES = "supported values: \"\", \"BlockDevice\", \"CharDevice\", \"Directory\", \"DirectoryOrCreate\", "
            + "\"File\", \"FileOrCreate\", \"Socket\"";

    static Stream<Arguments> invalidRows() {
        return Stream.of(
                row("a claim volume names its claim, an emptyDir's size limit is not negative; a mount of either finds no volume", both(
                                volumes(Json.object("name", "data", "persistentVolumeClaim", Json.object("readOnly", true)),
                                        Json.object("name", "cache", "emptyDir", Json.object("medium", "Memory", "sizeLimit", "-1Gi"))),
                                container(c -> c.with("volumeMounts", Json.array(mount("data", "/data"), mount("cache", "/cache"))))),
                        v(V + "[1].persistentVolumeClaim.claimName", REQUIRED, ""),
                        v(V + "[2].emptyDir.sizeLimit", FORBIDDEN, "SizeLimit field must be a valid resource quantity"),
                        v(C + "volumeMounts[0].name", NOT_FOUND, "\"data\""),
                        v(C + "volumeMounts[1].name", NOT_FOUND, "\"cache\"")),
                row("a host path is given, without '..', of a known type; without a path nothing else is checked", volumes(
                                Json.object("name", "none", "hostPath", Json.object("type", "Dir")),
                                Json.object("name", "up", "hostPath", Json.object("path", "/var/../etc", "type", "Dir")),
                                Json.object("name", "dots", "hostPath", Json.object("path", "/var/..data/..", "type", "Directory"))),
                        v(V + "[1].hostPath.path", REQUIRED, ""),
                        v(V + "[2].hostPath.path", INVALID, "\"/var/../etc\": must not contain '..'"),
                        v(V + "[2].hostPath.type", NOT_SUPPORTED, "\"Dir\": " + HOST_PATH_TYPES),
                        v(V + "[3].hostPath.path", INVALID, "\"/var/..data/..\": must not contain '..'")),
                row("a secret and a config map are named, with a default mode within 0 and 0777", volumes(
                                Json.object("name", "s", "secret", Json.object("defaultMode", 512)),
                                Json.object("name", "c", "configMap", Json.object("name", "", "defaultMode", -1))),
                        v(V + "[1].secret.secretName", REQUIRED, ""),
                        v(V + "[1].secret.defaultMode", INVALID, "512: " + VolumeSourceRules.FILE_MODE),
                        v(V + "[2].configMap.name", REQUIRED, ""),
                        v(V + "[2].configMap.defaultMode", INVALID, "-1: " + VolumeSourceRules.FILE_MODE)),
                row("an item has a key and a relative path without '..' that does not start with '..', and a mode within 0 and 0777", volumes(
                                Json.object("name", "s", "secret", Json.object("secretName", "s", "items", Json.array(
                                        Json.object("mode", 1000), Json.object("key", "k", "path", "/etc/../k"), Json.object("key", "k", "path", "..")))),
                                Json.object("name", "c", "configMap", Json.object("name", "c", "items", Json.array(
                                        Json.object("key", "not a key!", "path", "..data/k", "mode", -8), Json.object("key", "k", "path", "a/../b"))))),
                        v(V + "[1].secret.items[0].key", REQUIRED, ""),
                        v(V + "[1].secret.items[0].path", REQUIRED, ""),
                        v(V + "[1].secret.items[0].mode", INVALID, "1000: " + VolumeSourceRules.FILE_MODE),
                        v(V + "[1].secret.items[1].path", INVALID, "\"/etc/../k\": must be a relative path"),
                        v(V + "[1].secret.items[1].path", INVALID, "\"/etc/../k\": must not contain '..'"),
                        v(V + "[1].secret.items[2].path", INVALID, "\"..\": must not contain '..'"),
                        v(V + "[1].secret.items[2].path", INVALID, "\"..\": must not start with '..'"),
                        v(V + "[2].configMap.items[0].path", INVALID, "\"..data/k\": must not start with '..'"),
                        v(V + "[2].configMap.items[0].mode", INVALID, "-8: " + VolumeSourceRules.FILE_MODE),
                        v(V + "[2].configMap.items[1].path", INVALID, "\"a/../b\": must not contain '..'")),
                row("a downward API file has a path, one of a known fieldRef and a resourceFieldRef of a container, a mode; Go names no index",
                        volumes(downwardApi(1024, Json.object(),
                                Json.object("path", "..x", "fieldRef", volumeFieldRef("spec.nodeName"), "resourceFieldRef", Json.object("resource", "limits.cpu"),
                                        "mode", 800),
                                Json.object("path", "cpu", "resourceFieldRef", Json.object("resource", "limits.cpu")),
                                Json.object("path", "l", "fieldRef", volumeFieldRef("metadata.labels['Bad Key']")),
                                Json.object("path", "r", "resourceFieldRef", Json.object("containerName", "app", "resource", "limits.gpu")))),
                        v(V + "[1].downwardAPI.defaultMode", INVALID, "1024: " + VolumeSourceRules.FILE_MODE),
                        v(V + "[1].downwardAPI.path", REQUIRED, ""),
                        v(V + "[1].downwardAPI", REQUIRED, "one of fieldRef and resourceFieldRef is required"),
                        v(V + "[1].downwardAPI.path", INVALID, "\"..x\": must not start with '..'"),
                        v(V + "[1].downwardAPI.fieldRef.fieldPath", NOT_SUPPORTED, "\"spec.nodeName\": supported values: \"metadata.annotations\", "
                                + "\"metadata.labels\", \"metadata.name\", \"metadata.namespace\", \"metadata.uid\""),
                        v(V + "[1].downwardAPI", INVALID, "\"resource\": fieldRef and resourceFieldRef can not be specified simultaneously"),
                        v(V + "[1].downwardAPI.mode", INVALID, "800: " + VolumeSourceRules.FILE_MODE),
                        v(V + "[1].downwardAPI.resourceFieldRef.containerName", REQUIRED, ""),
                        v(V + "[1].downwardAPI.fieldRef", INVALID, "\"Bad Key\": " + Names.qualifiedName("Bad Key").get(0)),
                        v(V + "[1].downwardAPI.resourceFieldRef.resource", NOT_SUPPORTED, "\"limits.gpu\": supported values: \"limits.cpu\", "
                                + "\"limits.ephemeral-storage\", \"limits.memory\", \"requests.cpu\", \"requests.ephemeral-storage\", \"requests.memory\"")),
                row("a projected source is of one kind; secret, config map and downward API paths are taken once; a token's expiration and path",
                        volumes(refusedProjectedVolume()),
                        v(V + "[1].projected.defaultMode", INVALID, "-1: " + VolumeSourceRules.FILE_MODE),
                        v(V + "[1].projected.sources[0].secret.name", REQUIRED, ""),
                        v(V + "[1].projected", INVALID, "\"c\": " + VolumeSourceRules.CONFLICTING_PATHS),
                        v(V + "[1].projected", INVALID, "\"a\": " + VolumeSourceRules.CONFLICTING_PATHS),
                        v(V + "[1].projected.sources[3].serviceAccountToken.expirationSeconds", INVALID, "60: may not specify a duration less than 10 minutes"),
                        v(V + "[1].projected.path", INVALID, "\"/token\": must be a relative path"),
                        v(V + "[1].projected.sources[4].serviceAccountToken.expirationSeconds", INVALID,
                                "5000000000: may not specify a duration larger than 2^32 seconds"),
                        v(V + "[1].projected.path", REQUIRED, ""),
                        v(V + "[1].projected.sources[5]", FORBIDDEN, VolumeSourceRules.MORE_THAN_ONE_PROJECTION)),
                row("only the first source's settings are checked", volumes(
                                Json.object("name", "two", "emptyDir", Json.object("sizeLimit", "-1"), "persistentVolumeClaim", Json.object()),
                                Json.object("name", "three", "hostPath", Json.object("path", "/x/.."), "persistentVolumeClaim", Json.object())),
                        v(V + "[1].emptyDir.sizeLimit", FORBIDDEN, "SizeLimit field must be a valid resource quantity"),
                        v(V + "[1].persistentVolumeClaim", FORBIDDEN, VolumeSourceRules.MORE_THAN_ONE_SOURCE),
                        v(V + "[2].hostPath.path", INVALID, "\"/x/..\": must not contain '..'"),
                        v(V + "[2].persistentVolumeClaim", FORBIDDEN, VolumeSourceRules.MORE_THAN_ONE_SOURCE)));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(
                arguments("a claim volume, emptyDirs of a zero or positive size limit and any medium, host paths of each type",
                        volumes(claim("data"), Json.object("name", "zero", "emptyDir", Json.object("sizeLimit", "0")),
                                Json.object("name", "ram", "emptyDir", Json.object("medium", "Memory", "sizeLimit", "64Mi")),
                                Json.object("name", "tape", "emptyDir", Json.object("medium", "Tape")),
                                Json.object("name", "log", "hostPath", Json.object("path", "/var/log")),
                                Json.object("name", "sock", "hostPath", Json.object("path", "run/x..y/docker.sock", "type", "Socket")),
                                Json.object("name", "dev", "hostPath", Json.object("path", "/dev/sda", "type", "BlockDevice")))),
                arguments("a secret and a config map of any name, items of any key at relative paths, modes 0 and 0777",
                        volumes(Json.object("name", "s", "secret", Json.object("secretName", "Not_A_Name", "defaultMode", 0, "optional", true,
                                        "items", Json.array(Json.object("key", "not a key!", "path", "a..b/..c", "mode", 511)))),
                                Json.object("name", "c", "configMap", Json.object("name", "conf", "defaultMode", 511,
                                        "items", Json.array(Json.object("key", "k", "path", "k"), Json.object("key", "k", "path", "./k", "mode", 0)))))),
                arguments("downward API files of each volume field path, a subscripted label and annotation, a container's resources",
                        volumes(downwardApiVolume())),
                arguments("a projected volume of a secret, config maps, a downward API file and tokens at distinct paths", volumes(projectedVolume())));
    }

    /** A downward API volume {@code d} with this default mode and these files. */
    static Json.Obj downwardApi(int defaultMode, Json... items) {
        return Json.object("name", "d", "downwardAPI", Json.object("defaultMode", defaultMode, "items", Json.array((Object[]) items)));
    }

    /** The template with these pod volumes. */
    static UnaryOperator<StatefulSet> volumes(Json... volumes) {
        return templateSpec(s -> s.with("volumes", Json.array((Object[]) volumes)));
    }
}
