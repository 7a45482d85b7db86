package dev.pz.cli;

import dev.pz.engine.ConnectorSummary;
import dev.pz.engine.LoadedProject;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pz connectors}: the connectors a project can use — pz's own and those of its connector
 * packages, each with its package and version — their tiers and capabilities; with {@code --json},
 * also every option each one accepts, from its declarations.
 */
@Command(name = "connectors", mixinStandardHelpOptions = true,
        description = "List the installed connectors and what they can do.")
final class ConnectorsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectOptions projectOptions;

    @Option(names = "--json", description = "Print every connector's tiers, capabilities and options as JSON.")
    boolean json;

    private static final String PACKAGE = "pz (builtin)";

    @Override
    public Integer call() {
        ProjectContext context = ProjectContext.of(spec);
        LoadedProject project = context.load(projectOptions);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.print(project.connectorCatalog(PACKAGE, PzVersion.informational()));
            // print() does not flush, and pz exits without closing stdout: the document's tail would be lost.
            out.flush();
            return project == null ? ExitCodes.CONFIG_ERROR : ExitCodes.OK;
        }
        out.println(String.format("%-14s %-28s %-16s %-18s %s", "name", "package", "version", "tiers", "capabilities"));
        for (ConnectorSummary connector : project.connectors()) {
            out.println(String.format("%-14s %-28s %-16s %-18s %s", connector.name(),
                    connector.builtin() ? PACKAGE : connector.packageId(),
                    connector.builtin() ? PzVersion.informational() : connector.packageVersion(), connector.tiers(),
                    connector.capabilities().isEmpty() ? "-" : String.join(",", connector.capabilities())));
        }
        return project == null ? ExitCodes.CONFIG_ERROR : ExitCodes.OK;
    }
}
