package dev.stateful.fabric8.client;

import java.util.Locale;

/**
 * The {@code User-Agent} our requests carry, in client-go's shape ({@code rest.DefaultKubernetesUserAgent}
 * and {@code rest.AddUserAgent}: {@code kube-controller-manager/v1.36.3 (linux/amd64) kubernetes/<commit>/statefulset-controller}).
 * It matters beyond the audit log: a write that names no field manager is recorded in
 * {@code metadata.managedFields} under the part of its user agent before the first {@code /}
 * (kube-apiserver's {@code managerOrUserAgent}), so every object and status we write shows
 * {@value #PRODUCT} there, as upstream's show {@code kube-controller-manager}, not the client
 * library's name.
 */
public final class UserAgent {

    /** The field manager our writes are recorded under. */
    public static final String PRODUCT = "stateful";
    /** The version of a build that does not know its own (client-go's is {@code v0.0.0}). */
    public static final String UNKNOWN_VERSION = "dev";

    private UserAgent() {
    }

    /**
     * {@code stateful/<version> (<os>/<arch>)}, then {@code <component>} when one is given (the
     * part of the program making the requests: {@code statefulset-controller}, {@code migrate}), a
     * product token of its own as HTTP's {@code User-Agent} spells them (client-go appends
     * {@code /<component>} to a {@code kubernetes/<commit>} token we have no use for).
     */
    public static String of(String version, String component) {
        String agent = PRODUCT + "/" + (version == null || version.isBlank() ? UNKNOWN_VERSION : version.strip())
                + " (" + platform() + ")";
        return component == null || component.isBlank() ? agent : agent + " " + component.strip();
    }

    /** This JVM's {@code <os>/<arch>} as Go spells them ({@code linux/amd64}). */
    public static String platform() {
        return goos(System.getProperty("os.name")) + "/" + goarch(System.getProperty("os.arch"));
    }

    /** The JVM's {@code os.name} as Go's {@code GOOS} spells it. */
    public static String goos(String osName) {
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("windows")) {
            return "windows";
        }
        if (os.startsWith("mac") || os.startsWith("darwin")) {
            return "darwin";
        }
        return os.replace(' ', '-');
    }

    /** The JVM's {@code os.arch} as Go's {@code GOARCH} spells it. */
    public static String goarch(String osArch) {
        return switch (osArch.toLowerCase(Locale.ROOT)) {
            case "x86_64", "amd64" -> "amd64";
            case "aarch64", "arm64" -> "arm64";
            case "x86", "i386", "i486", "i586", "i686" -> "386";
            case "ppc64le" -> "ppc64le";
            case "s390x" -> "s390x";
            default -> osArch.toLowerCase(Locale.ROOT);
        };
    }
}
