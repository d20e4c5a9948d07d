package dev.stateful.domain.quantity;

/**
 * {@code resource.Format}: the suffix family a quantity was written in, which its canonical form keeps
 * ({@code 12M} is DecimalSI, {@code 12Mi} BinarySI, {@code 12e6} DecimalExponent).
 */
public enum Format {
    DECIMAL_SI, BINARY_SI, DECIMAL_EXPONENT
}
