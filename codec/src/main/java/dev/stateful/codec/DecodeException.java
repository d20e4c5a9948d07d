package dev.stateful.codec;

import dev.stateful.domain.validation.Violation;
import java.util.List;
import java.util.stream.Collectors;

/** An object that cannot be decoded; lists every problem with its field path. */
public class DecodeException extends RuntimeException {

    private final List<Violation> violations;

    public DecodeException(List<Violation> violations) {
        super(violations.stream().map(Violation::toString).collect(Collectors.joining("; ")));
        this.violations = List.copyOf(violations);
    }

    public List<Violation> violations() {
        return violations;
    }
}
