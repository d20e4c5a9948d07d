package dev.stateful.domain.validation;

import dev.stateful.domain.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The settings of the volume sources a driver or the kubelet's image service provides: csi
 * ({@code validateCSIVolumeSource}), flexVolume ({@code validateFlexVolumeSource}) and image
 * ({@code validateImageVolumeSource}).
 */
final class DriverVolumeRules {

    static final String RESERVED_OPTION = "kubernetes.io and k8s.io namespaces are reserved";
    /** {@code ValidateCSIDriverName}'s length limit. */
    private static final int MAX_DRIVER_NAME = 63;

    private DriverVolumeRules() {
    }

    /**
     * {@code validateCSIVolumeSource}: a driver name ({@code ValidateCSIDriverName}), and a nodePublishSecretRef, if given,
     * naming a secret ({@code ValidateSecretName}), whose form Go reports at {@code csi.name}.
     */
    static List<Violation> csi(Json.Obj csi, String path) {
        List<Violation> out = new ArrayList<>(driverName(csi.string("driver").orElse(""), path + ".driver"));
        if (csi.has("nodePublishSecretRef")) {
            String name = csi.objectOrEmpty("nodePublishSecretRef").string("name").orElse("");
            if (name.isEmpty()) {
                out.add(Errors.required(path + ".nodePublishSecretRef.name", ""));
            } else {
                out.addAll(Errors.invalidEach(path + ".name", name, Names.dns1123Subdomain(name)));
            }
        }
        return out;
    }

    /** {@code ValidateCSIDriverName}: given, at most 63 bytes, a DNS-1123 subdomain once lower-cased. */
    private static List<Violation> driverName(String driver, String path) {
        if (driver.isEmpty()) {
            return List.of(Errors.required(path, ""));
        }
        List<Violation> out = new ArrayList<>();
        if (Names.byteLength(driver) > MAX_DRIVER_NAME) {
            out.add(Errors.tooLong(path, "may not be more than " + MAX_DRIVER_NAME + " bytes"));
        }
        out.addAll(Errors.invalidEach(path, driver, Names.dns1123Subdomain(driver.toLowerCase(Locale.ROOT))));
        return out;
    }

    /**
     * {@code validateFlexVolumeSource}: a driver, and no option in a kubernetes.io or k8s.io namespace (the key's prefix
     * before '/', or the whole key, of either domain or a subdomain, in any case).
     */
    static List<Violation> flexVolume(Json.Obj flex, String path) {
        List<Violation> out = new ArrayList<>(Errors.requiredEach(flex, path, "driver"));
        for (String key : flex.objectOrEmpty("options").fields().keySet()) {
            int slash = key.indexOf('/');
            String normalized = "." + (slash < 0 ? key : key.substring(0, slash)).toLowerCase(Locale.ROOT);
            if (normalized.endsWith(".kubernetes.io") || normalized.endsWith(".k8s.io")) {
                out.add(Errors.invalid(MetaRules.key(path + ".options", key), key, RESERVED_OPTION));
            }
        }
        return out;
    }

    /**
     * {@code validateImageVolumeSource} of a template: a known pull policy (defaulting fills an empty one). The reference
     * is required of a pod only ({@code ResourceIsPod}), not of a template.
     */
    static List<Violation> image(Json.Obj image, String path) {
        return Errors.unlessSupported(path + ".pullPolicy", image.string("pullPolicy").orElse(""), ContainerRules.PULL_POLICIES);
    }
}
