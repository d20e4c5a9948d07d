package dev.stateful.domain.consistency;

/**
 * Comparing resourceVersions. They are opaque strings by contract, but every API server in use
 * (etcd's revision, fabric8's mock, the in-memory store) issues increasing integers, which is what
 * upstream's consistency checks compare too; anything else is compared for equality only.
 */
public final class ResourceVersions {

    private ResourceVersions() {
    }

    /** Whether a cache that has seen {@code observed} has seen {@code wanted}; false when either is unknown or not a number. */
    public static boolean atLeast(String observed, String wanted) {
        long o = parse(observed);
        long w = parse(wanted);
        return o >= 0 && w >= 0 && o >= w;
    }

    /**
     * Whether an object cached at {@code cached} reflects a write answered with {@code written}:
     * the same version, or a later one. Versions that are not numbers and differ cannot be
     * ordered; they count as reached, so an unusual server never stalls the controller.
     */
    public static boolean reached(String cached, String written) {
        if (written.isEmpty() || written.equals(cached)) {
            return true;
        }
        long c = parse(cached);
        long w = parse(written);
        return c < 0 || w < 0 || c >= w;
    }

    private static long parse(String version) {
        if (version == null || version.isEmpty() || version.length() > 18) {
            return -1;
        }
        long value = 0;
        for (int i = 0; i < version.length(); i++) {
            char ch = version.charAt(i);
            if (ch < '0' || ch > '9') {
                return -1;
            }
            value = value * 10 + (ch - '0');
        }
        return value;
    }
}
