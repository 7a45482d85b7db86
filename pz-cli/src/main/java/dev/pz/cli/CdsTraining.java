package dev.pz.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The training run {@code scripts/pz} executes once per jar version, in the background, under
 * {@code -XX:DumpLoadedClassList}; the class list then feeds {@code -Xshare:dump}, so later starts
 * map the classes pz loads from a class-data sharing archive instead of parsing and verifying them
 * from the jar: {@code --version},
 * {@code --help}, then {@code init --template sample}, {@code compile}, {@code plan} and
 * {@code run --all} of that sample in a scratch directory (the argument). Output is discarded;
 * failures do not matter (whatever loaded is archived). Not a user command.
 */
public final class CdsTraining {

    private CdsTraining() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: CdsTraining <scratch directory>");
            System.exit(ExitCodes.CONFIG_ERROR);
        }
        PrintStream discard = new PrintStream(OutputStream.nullOutputStream(), true, "UTF-8");
        System.setOut(discard);
        System.setErr(discard);
        Path scratch = Path.of(args[0]).toAbsolutePath();
        Files.createDirectories(scratch);
        Path sample = scratch.resolve("sample");
        String project = sample.toString();
        List<String[]> commands = new ArrayList<>();
        commands.add(new String[] {"--version"});
        commands.add(new String[] {"--help"});
        commands.add(new String[] {"run", "--help"});
        commands.add(new String[] {"init", project, "--template", "sample"});
        commands.add(new String[] {"compile", "--project", project});
        commands.add(new String[] {"plan", "--project", project});
        commands.add(new String[] {"run", "--all", "--project", project});
        commands.add(new String[] {"run", "--all", "--project", project});
        for (String[] command : commands) {
            try {
                PzCommandLine.create(Console.system(), command).execute(command);
            } catch (RuntimeException | LinkageError ignored) {
                // a failed step still leaves its classes loaded, which is all the archive needs
            }
        }
        System.exit(ExitCodes.OK);
    }
}
