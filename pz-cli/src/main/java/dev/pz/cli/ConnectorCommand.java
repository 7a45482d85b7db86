package dev.pz.cli;

import picocli.CommandLine.Command;

/** {@code pz connector}: tools for connector authors. */
@Command(name = "connector", mixinStandardHelpOptions = true, description = "Tools for connector authors.",
        subcommands = ConnectorTestCommand.class)
final class ConnectorCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "name a subcommand: test");
    }
}
