package dev.stateful.domain.testing;

import dev.stateful.domain.json.Json;

/** Pieces of a pod spec as JSON for validation tests: environment variables of each value source, a probe, volumes, mounts, devices and ports. */
public final class PodSpecJson {

    private PodSpecJson() {
    }

    public static Json.Obj fieldRef(String name, String apiVersion, String fieldPath) {
        return valueFrom(name, "fieldRef", Json.object("apiVersion", apiVersion, "fieldPath", fieldPath));
    }

    /** A resourceFieldRef, with a divisor unless it is null. */
    public static Json.Obj resourceFieldRef(String name, String resource, String divisor) {
        Json.Obj ref = Json.object("resource", resource);
        return valueFrom(name, "resourceFieldRef", divisor == null ? ref : ref.with("divisor", divisor));
    }

    public static Json.Obj fileKeyRef(String name, String key, String volumeName, String path) {
        return valueFrom(name, "fileKeyRef", Json.object("key", key, "volumeName", volumeName, "path", path));
    }

    public static Json.Obj valueFrom(String name, String source, Json.Obj ref) {
        return Json.object("name", name, "valueFrom", Json.object(source, ref));
    }

    /** A probe running {@code true}. */
    public static Json.Obj execProbe() {
        return Json.object("exec", Json.object("command", Json.array("true")));
    }

    public static Json.Obj mount(String name, String mountPath) {
        return Json.object("name", name, "mountPath", mountPath);
    }

    public static Json.Obj device(String name, String devicePath) {
        return Json.object("name", name, "devicePath", devicePath);
    }

    /** A volume of the claim of its own name. */
    public static Json.Obj claim(String name) {
        return Json.object("name", name, "persistentVolumeClaim", Json.object("claimName", name));
    }

    public static Json.Obj hostPort(int containerPort, int hostPort) {
        return Json.object("containerPort", containerPort, "hostPort", hostPort);
    }
}
