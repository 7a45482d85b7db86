package dev.pz.cli;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs pz's command line in-process and captures what it printed. */
public record CliRun(int exitCode, String out, String err) {

    /** Runs {@code pz <args>} with {@code --project <project>} appended when a project is given. */
    public static CliRun pz(Path project, String... args) {
        List<String> arguments = new ArrayList<>(List.of(args));
        if (project != null) {
            arguments.add("--project");
            arguments.add(project.toString());
        }
        return pz(arguments.toArray(String[]::new));
    }

    /** Runs {@code pz <args> --project <project>} with {@code environment} as the process environment. */
    public static CliRun pzWithEnv(java.util.Map<String, String> environment, Path project, String... args) {
        List<String> arguments = new ArrayList<>(List.of(args));
        arguments.add("--project");
        arguments.add(project.toString());
        return run(environment, arguments.toArray(String[]::new));
    }

    public static CliRun pz(String... args) {
        return run(System.getenv(), args);
    }

    private static CliRun run(java.util.Map<String, String> environment, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = PzCommandLine.create(Console.of(out, err, environment), args).execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }

    public List<String> errLines() {
        return err.isEmpty() ? List.of() : List.of(err.split("\n"));
    }

    public List<String> outLines() {
        return out.isEmpty() ? List.of() : List.of(out.split("\n"));
    }

    @Override
    public String toString() {
        return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}
