package dev.pz.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * What a verb talks to: standard output and standard error (UTF-8, LF line ends), whether a person
 * is at a terminal, and the environment snapshot taken once per invocation (for {@code ${VAR}} and
 * {@code env()}).
 */
public record Console(PrintWriter out, PrintWriter err, boolean interactive, Map<String, String> environment) {

    public Console {
        environment = Map.copyOf(environment);
    }

    public Console(PrintWriter out, PrintWriter err, boolean interactive) {
        this(out, err, interactive, System.getenv());
    }

    public static Console system() {
        return new Console(writer(new OutputStreamWriter(System.out, StandardCharsets.UTF_8)),
                writer(new OutputStreamWriter(System.err, StandardCharsets.UTF_8)),
                System.console() != null && System.getenv("CI") == null, System.getenv());
    }

    public static Console of(Writer out, Writer err) {
        return of(out, err, System.getenv());
    }

    public static Console of(Writer out, Writer err, Map<String, String> environment) {
        return new Console(writer(out), writer(err), false, environment);
    }

    private static PrintWriter writer(Writer target) {
        return new PrintWriter(target, true) {
            @Override
            public void println() {
                write('\n');
                flush();
            }
        };
    }
}
