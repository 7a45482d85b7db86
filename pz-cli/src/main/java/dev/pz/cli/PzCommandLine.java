package dev.pz.cli;

import dev.pz.engine.PzEngine;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** Builds pz's command tree with its error handling and exit codes, set once on the root. */
public final class PzCommandLine {

    private PzCommandLine() {
    }

    @Command(name = "pz", mixinStandardHelpOptions = true, versionProvider = PzVersion.class,
            description = "pz: a single-binary ELT engine around embedded DuckDB.")
    static final class Root implements Runnable {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        private final Console console;
        private PzEngine engine;

        Root(Console console) {
            this.console = console;
        }

        /** The console this command line was created for: its streams, and whether it is a live terminal. */
        static Console console(CommandLine.Model.CommandSpec spec) {
            return ((Root) spec.root().userObject()).console;
        }

        /** The engine of this invocation, over the console's environment snapshot; made on first use. */
        static PzEngine engine(CommandLine.Model.CommandSpec spec) {
            Root root = (Root) spec.root().userObject();
            if (root.engine == null) {
                root.engine = PzEngine.create(root.console.environment());
            }
            return root.engine;
        }

        @Override
        public void run() {
            spec.commandLine().usage(spec.commandLine().getOut());
        }
    }

    /**
     * pz's verbs by the name a user types, in the order {@code pz --help} lists them. Each name is
     * its class's {@code @Command(name)} ({@code PzCommandLineTest} checks they agree).
     */
    static final Map<String, Class<?>> VERBS = verbs();

    private static Map<String, Class<?>> verbs() {
        Map<String, Class<?>> verbs = new LinkedHashMap<>();
        verbs.put("init", InitCommand.class);
        verbs.put("compile", CompileCommand.class);
        verbs.put("run", RunCommand.class);
        verbs.put("plan", PlanCommand.class);
        verbs.put("restore", RestoreCommand.class);
        verbs.put("retry", RetryCommand.class);
        verbs.put("validate", ValidateCommand.class);
        verbs.put("test", TestCommand.class);
        verbs.put("ls", LsCommand.class);
        verbs.put("clean", CleanCommand.class);
        verbs.put("state", StateCommand.class);
        verbs.put("runs", RunsCommand.class);
        verbs.put("connectors", ConnectorsCommand.class);
        verbs.put("connector", ConnectorCommand.class);
        verbs.put("report", ReportCommand.class);
        verbs.put("completion", CompletionCommand.class);
        verbs.put("mcp", McpCommand.class);
        verbs.put("cdc", CdcCommand.class);
        verbs.put("schema", SchemaCommand.class);
        verbs.put("commit", CommitCommand.class);
        verbs.put("worker", WorkerCommand.class);
        verbs.put("submit", SubmitCommand.class);
        return Collections.unmodifiableMap(verbs);
    }

    /** The whole command tree: every verb (help, completion candidates, the reference pages). */
    public static CommandLine create(Console console) {
        return create(console, VERBS.keySet());
    }

    /**
     * The command tree for one invocation. When the first argument names a verb, only that verb is
     * built: picocli reflects over every command class it registers, and doing so for all of them
     * was a third of a short run's start-up (docs/performance.md, "Start-up"). Anything else (no
     * argument, {@code --help}, a mistyped verb that deserves its suggestions) gets the whole tree.
     */
    public static CommandLine create(Console console, String... args) {
        if (args.length > 0 && VERBS.containsKey(args[0])) {
            return create(console, List.of(args[0]));
        }
        return create(console);
    }

    private static CommandLine create(Console console, Collection<String> verbs) {
        CommandLine commandLine = new CommandLine(new Root(console));
        for (String verb : verbs) {
            commandLine.addSubcommand(verb, VERBS.get(verb));
        }
        commandLine.setOut(console.out());
        commandLine.setErr(console.err());
        commandLine.setExecutionExceptionHandler(new ErrorReporter());
        commandLine.setParameterExceptionHandler((exception, args) -> {
            exception.getCommandLine().getErr().println("error: " + exception.getMessage());
            exception.getCommandLine().getErr().println("see `" + exception.getCommandLine().getCommandSpec().qualifiedName()
                    + " --help`");
            return ExitCodes.CONFIG_ERROR;
        });
        return commandLine;
    }
}
