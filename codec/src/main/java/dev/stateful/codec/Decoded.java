package dev.stateful.codec;

import dev.stateful.domain.validation.Violation;
import java.util.List;

/** A decoded value and the problems found while decoding it (unknown fields, wrong types). */
public record Decoded<T>(T value, List<Violation> problems) {
    public Decoded {
        problems = List.copyOf(problems);
    }

    public T orThrow() {
        if (!problems.isEmpty()) {
            throw new DecodeException(problems);
        }
        return value;
    }
}
