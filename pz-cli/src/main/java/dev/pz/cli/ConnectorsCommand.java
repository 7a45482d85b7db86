package dev.pz.cli;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.engine.LoadedProject;
import java.io.PrintWriter;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code pz connectors}: the installed connectors, their tiers and capabilities. */
@Command(name = "connectors", mixinStandardHelpOptions = true,
        description = "List the installed connectors and what they can do.")
final class ConnectorsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectOptions projectOptions;

    @Override
    public Integer call() {
        ProjectContext context = ProjectContext.of(spec);
        LoadedProject project = context.load(projectOptions);
        PrintWriter out = spec.commandLine().getOut();
        out.println(String.format("%-14s %-28s %-16s %-18s %s", "name", "package", "version", "tiers", "capabilities"));
        for (Connector connector : context.engine().connectors()) {
            Set<ConnectorCapability> capabilities = connector.capabilities();
            String flags = capabilities.isEmpty() ? "-" : capabilities.stream().map(ConnectorCapability::displayName)
                    .collect(Collectors.joining(","));
            out.println(String.format("%-14s %-28s %-16s %-18s %s", connector.name(), "pz (builtin)",
                    PzVersion.informational(), tiers(capabilities), flags));
        }
        return project == null ? ExitCodes.CONFIG_ERROR : ExitCodes.OK;
    }

    static String tiers(Set<ConnectorCapability> capabilities) {
        String source = capabilities.contains(ConnectorCapability.NATIVE_SCAN)
                ? (capabilities.contains(ConnectorCapability.NATIVE_ONLY_READ) ? "native-only" : "native+universal")
                : "universal";
        String sink = capabilities.contains(ConnectorCapability.NATIVE_COPY) ? "native+universal" : "universal";
        return "src:" + source + " snk:" + sink;
    }
}
