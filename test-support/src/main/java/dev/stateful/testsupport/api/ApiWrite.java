package dev.stateful.testsupport.api;

import java.util.List;

/**
 * One write an API server handled, in the order it took effect: recorded by the mock API server's
 * dispatcher, or read from the real kube-apiserver's audit log.
 *
 * @param nanos when it was answered; only differences between writes of one recorder mean anything
 * @param user the caller: the bearer token for the mock (each kubeconfig the tests write names its
 *     user by its token), the authenticated user's short name for the real server
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
