package dev.stateful.grpc.convert;

import dev.stateful.domain.validation.Violation;
import java.util.List;
import java.util.stream.Collectors;

/** A {@code KubeObject} that is not JSON or not the expected kind of object; every problem has its field path. */
public final class ObjectDecodeException extends RuntimeException {

    private final List<Violation> violations;

    public ObjectDecodeException(List<Violation> violations) {
        super(violations.stream().map(Violation::toString).collect(Collectors.joining("; ")));
        this.violations = List.copyOf(violations);
    }

    public List<Violation> violations() {
        return violations;
    }
}
