package dev.pz.connectors.api;

import dev.pz.connectors.api.error.PzCode;

/**
 * One problem with the options written for a connection, a read or a write, as
 * {@link OptionSet#check} finds it. {@code message} names the option but not the configuration
 * (the caller says where: {@code connection 'lake': 'port' must be an integer (got 'abc')});
 * {@code hint} is the next step, or null.
 */
public record OptionProblem(String option, Kind kind, PzCode code, String message, String hint) {

    /** What kind of problem it is. */
    public enum Kind {
        /** A key no declaration names. */
        UNKNOWN,
        /** A required option that is absent. */
        MISSING,
        /** A value of the wrong type, outside the allowed values or breaking the option's rule. */
        INVALID
    }
}
