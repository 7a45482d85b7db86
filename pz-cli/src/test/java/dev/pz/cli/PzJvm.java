package dev.pz.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line that runs pz in a JVM of its own, on the test's class path. */
public final class PzJvm {
    private PzJvm() {
    }

    /** {@code java … dev.pz.cli.Main <args>}. */
    public static List<String> command(String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xss4m", "-cp",
                System.getProperty("java.class.path"), "dev.pz.cli.Main"));
        command.addAll(List.of(args));
        return command;
    }
}
