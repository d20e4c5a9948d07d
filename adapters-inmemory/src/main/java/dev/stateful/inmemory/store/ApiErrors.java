package dev.stateful.inmemory.store;

import dev.stateful.domain.validation.Violation;
import dev.stateful.ports.ApiException;
import java.util.List;
import java.util.stream.Collectors;

/** The API server's error messages, worded like the real ones so logs and events read the same. */
public final class ApiErrors {

    private ApiErrors() {
    }

    public static ApiException.NotFound notFound(Kind kind, String name) {
        return new ApiException.NotFound(kind.qualifiedResource() + " \"" + name + "\" not found");
    }

    /** As kube-apiserver's ResourceQuota admission words a refused create (a Forbidden, 403). */
    public static ApiException.Forbidden exceededQuota(Kind kind, String name, long limit) {
        return new ApiException.Forbidden(kind.qualifiedResource() + " \"" + name + "\" is forbidden: exceeded quota: in-memory-cluster, "
                + "limited: objects=" + limit + " (the in-memory cluster holds at most " + limit + " objects of all kinds)");
    }

    public static ApiException.AlreadyExists alreadyExists(Kind kind, String name) {
        return new ApiException.AlreadyExists(kind.qualifiedResource() + " \"" + name + "\" already exists");
    }

    public static ApiException.Conflict staleResourceVersion(Kind kind, String name) {
        return new ApiException.Conflict("Operation cannot be fulfilled on " + kind.qualifiedResource() + " \"" + name
                + "\": the object has been modified; please apply your changes to the latest version and try again");
    }

    public static ApiException.Conflict uidPrecondition(Kind kind, String name, String expected, String actual) {
        return new ApiException.Conflict("Operation cannot be fulfilled on " + kind.qualifiedResource() + " \"" + name
                + "\": Precondition failed: UID in precondition: " + expected + ", UID in object meta: " + actual);
    }

    /**
     * As {@code apierrors.NewInvalid} words a refusal of fields ({@code StatefulSet.apps "web" is invalid: ...}),
     * each field also a cause of its own, so that whoever reports it can point at the field.
     */
    public static ApiException.Invalid invalid(Kind kind, String name, List<Violation> violations) {
        return new ApiException.Invalid(kind.qualifiedKind() + " \"" + name + "\" is invalid: "
                + violations.stream().map(Violation::toString).collect(Collectors.joining(", ")),
                violations.stream().map(v -> new ApiException.Invalid.Cause(v.field(), v.body())).toList());
    }
}
