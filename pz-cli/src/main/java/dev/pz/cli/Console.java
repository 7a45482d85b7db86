package dev.pz.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/** Where a verb writes: standard output and standard error, always UTF-8 with LF line ends. */
public record Console(PrintWriter out, PrintWriter err, boolean interactive) {

    public static Console system() {
        return new Console(writer(new OutputStreamWriter(System.out, StandardCharsets.UTF_8)),
                writer(new OutputStreamWriter(System.err, StandardCharsets.UTF_8)),
                System.console() != null && System.getenv("CI") == null);
    }

    public static Console of(Writer out, Writer err) {
        return new Console(writer(out), writer(err), false);
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
