package dev.stateful.app;

/**
 * The user's input (a manifest, a flag) is wrong: one line on stderr and exit code 2, like every
 * other kind of invalid input ({@link ExitCodes#INVALID}), whichever command read it.
 */
public final class InvalidInputException extends IllegalArgumentException {

    public InvalidInputException(String message) {
        super(message);
    }
}
