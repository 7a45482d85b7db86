package dev.pz.cli;

import dev.pz.cli.mcp.ClientSetup;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code pz mcp init [vscode|claude-code|copilot-cli|opencode ...] [--all] [--allow-run]
 * [--skill-locations <csv>|all|none]}: adds a {@code pz} server entry to each client's MCP
 * configuration, merging into a file that exists, and installs the pz-pipelines skill.
 */
@Command(name = "init", mixinStandardHelpOptions = true,
        description = "Register pz's MCP server with AI clients (vscode, claude-code, copilot-cli, opencode).")
final class McpInitCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectDirectoryOption projectOption;

    @Parameters(paramLabel = "<client>", arity = "0..*", description = "vscode, claude-code, copilot-cli, opencode.")
    List<String> clients = new ArrayList<>();

    @Option(names = "--all", description = "Every client.")
    boolean all;

    @Option(names = "--allow-run", description = "Let the clients run the project (pz mcp --allow-run).")
    boolean allowRun;

    @Option(names = "--skill-locations", paramLabel = "<csv|all|none>",
            description = "Where to install the pz-pipelines skill: standard, claudecode, github, opencode (default: "
                    + "standard and the chosen clients' own).")
    String skillLocations;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Path home = Path.of(PzCommandLine.Root.console(spec).environment().getOrDefault("HOME",
                System.getProperty("user.home")));
        ClientSetup setup = new ClientSetup(projectOption.directory(), home);
        setup.run(all ? ClientSetup.CLIENTS : clients, allowRun, skillLocations).forEach(out::println);
        return ExitCodes.OK;
    }
}
