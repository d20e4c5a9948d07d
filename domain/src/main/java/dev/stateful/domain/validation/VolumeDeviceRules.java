package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A container's raw block devices, as {@code validateContainerCommon} checks them after its volume mounts:
 * {@code ValidateVolumeDevices} (a name, unique, of a claim volume; a device path, unique, without "..";
 * neither a mount's) and, for the mounts, their overlap with the devices ({@code mountNameAlreadyExists},
 * {@code mountPathAlreadyExists}). Upstream compares against maps of name to path ({@code GetVolumeMountMap},
 * {@code GetVolumeDeviceMap}), where a later entry of a name replaces an earlier one's path; so do we.
 */
final class VolumeDeviceRules {

    static final String UNIQUE = "must be unique";
    static final String NOT_A_CLAIM = "can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode";

    private VolumeDeviceRules() {
    }

    /** {@code GetVolumeMountMap} or {@code GetVolumeDeviceMap}: each entry's name to its {@code pathField}, the last of a name winning. */
    static Map<String, String> pathsByName(List<Json> entries, String pathField) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Json item : entries) {
            Json.Obj entry = item.asObject().orElse(Json.EMPTY_OBJECT);
            out.put(entry.string("name").orElse(""), entry.string(pathField).orElse(""));
        }
        return out;
    }

    /** Of {@code ValidateVolumeMounts}, the mount at {@code path} against the devices: neither its name nor its path a device's. */
    static List<Violation> mountOverlap(String name, String mountPath, Map<String, String> devices, String path) {
        List<Violation> out = new ArrayList<>();
        if (devices.containsKey(name)) {
            out.add(Errors.invalid(path + ".name", name, "must not already exist in volumeDevices"));
        }
        if (devices.containsValue(mountPath)) {
            out.add(Errors.invalid(path + ".mountPath", mountPath, "must not already exist as a path in volumeDevices"));
        }
        return out;
    }

    /**
     * {@code ValidateVolumeDevices} of the list at {@code path}; {@code volumes} maps each volume without errors to whether it
     * is a claim (a persistentVolumeClaim or ephemeral source, or a claim template's), as {@code isMatchedDevice} reads it.
     */
    static List<Violation> devices(List<Json> devices, Map<String, String> mounts, Map<String, Boolean> volumes, String path) {
        List<Violation> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        Set<String> devicePaths = new HashSet<>();
        for (int i = 0; i < devices.size(); i++) {
            String at = path + "[" + i + "]";
            Json.Obj device = devices.get(i).asObject().orElse(Json.EMPTY_OBJECT);
            String name = device.string("name").orElse("");
            String devicePath = device.string("devicePath").orElse("");
            Boolean claim = volumes.get(name);
            if (name.isEmpty()) {
                out.add(Errors.required(at + ".name", ""));
            }
            if (names.contains(name)) {
                out.add(Errors.invalid(at + ".name", name, UNIQUE));
            }
            if (Boolean.FALSE.equals(claim)) {
                out.add(Errors.invalid(at + ".name", name, NOT_A_CLAIM));
            }
            if (claim == null) {
                out.add(Errors.notFound(at + ".name", name));
            }
            if (devicePath.isEmpty()) {
                out.add(Errors.required(at + ".devicePath", ""));
            }
            if (devicePaths.contains(devicePath)) {
                out.add(Errors.invalid(at + ".devicePath", devicePath, UNIQUE));
            }
            if (!devicePath.isEmpty() && List.of(devicePath.split("/", -1)).contains("..")) {
                out.add(Errors.invalid(at + ".devicePath", devicePath, "can not contain backsteps ('..')"));
            } else {
                devicePaths.add(devicePath);
            }
            if (mounts.containsKey(name)) {
                out.add(Errors.invalid(at + ".name", name, "must not already exist in volumeMounts"));
            }
            if (mounts.containsValue(devicePath)) {
                out.add(Errors.invalid(at + ".devicePath", devicePath, "must not already exist as a path in volumeMounts"));
            }
            if (!name.isEmpty()) {
                names.add(name);
            }
        }
        return out;
    }
}
