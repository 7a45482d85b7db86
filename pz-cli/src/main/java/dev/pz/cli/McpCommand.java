package dev.pz.cli;

import dev.pz.cli.mcp.PzMcpServer;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pz mcp [--project <dir>] [--allow-run]}: serves the project to an AI agent over MCP on
 * stdin/stdout until stdin closes (docs/mcp.md). stdout carries only the protocol; anything else
 * pz would print goes to stderr.
 */
@Command(name = "mcp", mixinStandardHelpOptions = true, subcommands = McpInitCommand.class,
        description = "Serve this project to AI agents over MCP (stdio).")
final class McpCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectDirectoryOption projectOption;

    @Option(names = "--allow-run", description = "Also offer the tools that run the project (pz_run, pz_retry, "
            + "pz_run_results).")
    boolean allowRun;

    @Override
    public Integer call() {
        OutputStream protocol = new FileOutputStream(FileDescriptor.out);
        System.setOut(System.err);
        PzMcpServer.create(projectOption.directory(), PzCommandLine.Root.console(spec).environment(),
                PzVersion.informational(), allowRun, InitCommand::scaffoldInto).serve(System.in, protocol);
        return ExitCodes.OK;
    }
}
