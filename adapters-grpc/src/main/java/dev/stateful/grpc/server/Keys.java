package dev.stateful.grpc.server;

import dev.stateful.domain.model.ObjectKey;
import dev.stateful.domain.validation.Violation;
import dev.stateful.grpc.status.Failures;
import dev.stateful.grpc.v1.ObjectRef;
import java.util.List;

/** Request references to object keys: an empty namespace is "default", a name is required. */
final class Keys {

    static final String DEFAULT_NAMESPACE = "default";

    private Keys() {
    }

    static ObjectKey of(ObjectRef ref) {
        if (ref.getName().isEmpty()) {
            throw Failures.invalid("ref.name is required", List.of(new Violation("ref.name", Violation.Type.REQUIRED, "the StatefulSet's name")));
        }
        return new ObjectKey(namespace(ref.getNamespace()), ref.getName());
    }

    static String namespace(String namespace) {
        return namespace.isEmpty() ? DEFAULT_NAMESPACE : namespace;
    }
}
