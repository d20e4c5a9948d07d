package dev.stateful.domain.json;

/** Malformed JSON, or JSON of the wrong shape for the object being decoded. */
public class JsonException extends RuntimeException {
    public JsonException(String message) {
        super(message);
    }
}
