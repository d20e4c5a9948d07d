package dev.stateful.domain.validation;

/** Go's {@code net.SplitHostPort}, as far as whether it fails: the port after the last ':', a host with ':' in brackets. */
final class HostPorts {

    private HostPorts() {
    }

    /** Whether {@code net.SplitHostPort} splits {@code hostPort} without an error (neither part need be valid). */
    static boolean splits(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        if (colon < 0) {
            return false;
        }
        int noOpen = 0;
        int noClose = 0;
        if (hostPort.charAt(0) == '[') {
            int end = hostPort.indexOf(']');
            // the ']' must come just before the last ':'
            if (end < 0 || end + 1 != colon) {
                return false;
            }
            noOpen = 1;
            noClose = end + 1;
        } else if (hostPort.substring(0, colon).indexOf(':') >= 0) {
            return false;
        }
        return hostPort.indexOf('[', noOpen) < 0 && hostPort.indexOf(']', noClose) < 0;
    }
}
