package dev.stateful.it.support;

import java.util.List;

/**
 * One write the mock API server handled, in the order it took effect.
 *
 * @param nanos when it was answered, on {@link System#nanoTime()}'s clock
 * @param user the bearer token of the caller: each kubeconfig the tests write names its user by its token
 * @param path the request path without the query, e.g. {@code /api/v1/namespaces/ns/pods/web-0}
 * @param name the object written: from the path, or for a create from the body
 * @param code the HTTP status of the answer
 */
public record ApiWrite(long sequence, long nanos, String user, String method, String path, String name, int code) {

    public boolean succeeded() {
        return code >= 200 && code < 300;
    }

    /** The resource plural, e.g. {@code pods}, {@code statefulsets}, {@code leases}. */
    public String resource() {
        List<String> parts = segments();
        int ns = parts.indexOf("namespaces");
        return ns >= 0 && parts.size() > ns + 2 ? parts.get(ns + 2) : "";
    }

    public String namespace() {
        List<String> parts = segments();
        int ns = parts.indexOf("namespaces");
        return ns >= 0 && parts.size() > ns + 1 ? parts.get(ns + 1) : "";
    }

    /** {@code status} for a write to the status subresource, else empty. */
    public String subresource() {
        List<String> parts = segments();
        int ns = parts.indexOf("namespaces");
        return ns >= 0 && parts.size() > ns + 4 ? parts.get(ns + 4) : "";
    }

    private List<String> segments() {
        return List.of(path.replaceFirst("^/", "").split("/"));
    }

    @Override
    public String toString() {
        return "#" + sequence + " " + user + " " + method + " " + path + " -> " + code;
    }
}
