package dev.stateful.domain.validation;

import static dev.stateful.domain.testing.PodSpecJson.claim;
import static dev.stateful.domain.testing.PodSpecJson.device;
import static dev.stateful.domain.testing.PodSpecJson.mount;
import static dev.stateful.domain.testing.VolumeSourceJson.claimSpec;
import static dev.stateful.domain.testing.VolumeSourceJson.ephemeral;
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
import static dev.stateful.domain.validation.Violation.Type.REQUIRED;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.stateful.domain.json.Json;
import dev.stateful.domain.model.StatefulSet;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@code ValidateVolumeDevices} and the mounts' overlap with the devices; no devices with {@code hostUsers: false}. */
class VolumeDeviceRulesTest extends RuleRows {

    static final String D = C + "volumeDevices";
    static final String M = C + "volumeMounts";

    static Stream<Arguments> invalidRows() {
        return Stream.of(
                row("a device names a claim template or a claim volume; another volume is refused, an unknown one not found", both(
                                claimAndCache(), devices(device("www", "/dev/a"), device("data", "/dev/b"), device("cache", "/dev/c"),
                                        device("gone", "/dev/d"))),
                        v(D + "[2].name", INVALID, "\"cache\": " + VolumeDeviceRules.NOT_A_CLAIM),
                        v(D + "[3].name", NOT_FOUND, "\"gone\"")),
                row("a device has a name and a path, each unique in the container", devices(device("www", "/dev/a"), device("www", "/dev/a"),
                                Json.object()),
                        v(D + "[1].name", INVALID, "\"www\": must be unique"),
                        v(D + "[1].devicePath", INVALID, "\"/dev/a\": must be unique"),
                        v(D + "[2].name", REQUIRED, ""),
                        v(D + "[2].name", NOT_FOUND, "\"\""),
                        v(D + "[2].devicePath", REQUIRED, "")),
                row("a device path has no '..', and one that has is not remembered as taken", both(claimAndCache(),
                                devices(device("www", "/dev/../a"), device("data", "/dev/../a"))),
                        v(D + "[0].devicePath", INVALID, "\"/dev/../a\": can not contain backsteps ('..')"),
                        v(D + "[1].devicePath", INVALID, "\"/dev/../a\": can not contain backsteps ('..')")),
                row("a volume is a mount or a device, not both, and their paths differ", both(claimAndCache(), container(c -> c
                                .with("volumeMounts", Json.array(mount("www", "/data")))
                                .with("volumeDevices", Json.array(device("www", "/dev/www"), device("data", "/data"))))),
                        v(M + "[0].name", INVALID, "\"www\": must not already exist in volumeDevices"),
                        v(M + "[0].mountPath", INVALID, "\"/data\": must not already exist as a path in volumeDevices"),
                        v(D + "[0].name", INVALID, "\"www\": must not already exist in volumeMounts"),
                        v(D + "[1].devicePath", INVALID, "\"/data\": must not already exist as a path in volumeMounts")),
                row("a mount is compared with the last device of a name only, a device with every mount", both(claimAndCache(), container(c -> c
                                .with("volumeMounts", Json.array(mount("cache", "/dev/a")))
                                .with("volumeDevices", Json.array(device("www", "/dev/a"), device("www", "/dev/b"))))),
                        v(D + "[0].devicePath", INVALID, "\"/dev/a\": must not already exist as a path in volumeMounts"),
                        v(D + "[1].name", INVALID, "\"www\": must be unique")),
                row("an init container's devices are checked as a container's", templateSpec(s -> s.with("initContainers", Json.array(
                                Json.object("name", "init", "image", "busybox", "volumeDevices", Json.array(device("gone", "")))))),
                        v(T + "initContainers[0].volumeDevices[0].name", NOT_FOUND, "\"gone\""),
                        v(T + "initContainers[0].volumeDevices[0].devicePath", REQUIRED, "")),
                row("no container has devices with hostUsers false, init containers named first", both(
                                templateSpec(s -> s.with("hostUsers", false).with("initContainers", Json.array(
                                        Json.object("name", "init", "image", "busybox", "volumeDevices", Json.array(device("www", "/dev/i")))))),
                                devices(device("www", "/dev/a"))),
                        v(T + "initContainers[0].volumeDevices", FORBIDDEN, "when `hostUsers` is false"),
                        v(T + "containers[0].volumeDevices", FORBIDDEN, "when `hostUsers` is false")));
    }

    static Stream<Arguments> validRows() {
        return Stream.of(
                arguments("devices of a claim template, a claim volume and an ephemeral volume; a relative device path", both(
                        templateSpec(s -> s.with("volumes", Json.array(claim("data"), ephemeral("scratch", Json.object("spec", claimSpec("1Gi", "ReadWriteOnce")))))),
                        devices(device("www", "/dev/www"), device("data", "dev/data"), device("scratch", "/dev/scratch")))),
                arguments("a device beside a mount of another volume, at another path", both(claimAndCache(), container(c -> c
                        .with("volumeMounts", Json.array(mount("cache", "/cache"))).with("volumeDevices", Json.array(device("www", "/dev/www")))))),
                arguments("no devices with hostUsers false", templateSpec(s -> s.with("hostUsers", false))));
    }

    /** A claim volume {@code data} and an emptyDir {@code cache} beside the claim template {@code www}. */
    static UnaryOperator<StatefulSet> claimAndCache() {
        return templateSpec(s -> s.with("volumes", Json.array(claim("data"), Json.object("name", "cache", "emptyDir", Json.object()))));
    }

    /** The fixture's container with these devices and no mounts. */
    static UnaryOperator<StatefulSet> devices(Json... devices) {
        return container(c -> c.without("volumeMounts").with("volumeDevices", Json.array((Object[]) devices)));
    }
}
