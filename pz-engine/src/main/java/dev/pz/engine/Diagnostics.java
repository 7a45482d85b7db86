package dev.pz.engine;

/**
 * Where the engine reports what does not stop it, as it happens: warning lines (already rendered,
 * e.g. {@code warning: PZ0135 …}) and notices (the text after {@code note: }). A caller decides
 * where each goes; the engine never prints.
 */
public interface Diagnostics {

    /** A rendered warning line. */
    void warning(String line);

    /** A notice; the console prints it as {@code note: <text>}. */
    void notice(String text);

    /** Discards everything. */
    static Diagnostics ignore() {
        return new Diagnostics() {
            @Override
            public void warning(String line) {
            }

            @Override
            public void notice(String text) {
            }
        };
    }
}
