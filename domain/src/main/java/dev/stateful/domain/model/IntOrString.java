package dev.stateful.domain.model;

/** intstr.IntOrString, e.g. {@code maxUnavailable: 2} or {@code maxUnavailable: "25%"}. */
public record IntOrString(Integer intValue, String stringValue) {

    public static IntOrString of(int value) {
        return new IntOrString(value, null);
    }

    public static IntOrString of(String value) {
        return new IntOrString(null, value);
    }

    public boolean isInt() {
        return intValue != null;
    }

    @Override
    public String toString() {
        return isInt() ? intValue.toString() : stringValue;
    }
}
