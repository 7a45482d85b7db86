package dev.pz.cli;

import dev.pz.engine.PzEngine;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** Builds pz's command tree with its error handling and exit codes, set once on the root. */
public final class PzCommandLine {

    private PzCommandLine() {
    }

    @Command(name = "pz", mixinStandardHelpOptions = true, versionProvider = PzVersion.class,
            description = "pz: a single-binary ELT engine around embedded DuckDB.",
            subcommands = {InitCommand.class, CompileCommand.class, RunCommand.class, PlanCommand.class, RestoreCommand.class,
                RetryCommand.class,
                ValidateCommand.class, TestCommand.class, LsCommand.class, CleanCommand.class, StateCommand.class,
                RunsCommand.class, ConnectorsCommand.class, ConnectorCommand.class, ReportCommand.class,
                CompletionCommand.class, McpCommand.class, CdcCommand.class, SchemaCommand.class, CommitCommand.class,
                WorkerCommand.class, SubmitCommand.class})
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

    public static CommandLine create(Console console) {
        CommandLine commandLine = new CommandLine(new Root(console));
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
