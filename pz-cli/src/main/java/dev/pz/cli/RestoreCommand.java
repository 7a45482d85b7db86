package dev.pz.cli;

import dev.pz.engine.ProjectRequest;
import dev.pz.restore.MavenPackageResolver;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pz restore}: fetches the connector packages project.yml declares, with their dependencies, into
 * the per-user cache and pins them, file by file, in pz.lock.json.
 */
@Command(name = "restore", mixinStandardHelpOptions = true,
        description = "Fetch the project's connector packages into the package cache and pin them in pz.lock.json.")
final class RestoreCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectDirectoryOption projectOptions;

    @Option(names = "--update", description = "Re-resolve every package instead of keeping what pz.lock.json pins.")
    boolean update;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PzCommandLine.Root.engine(spec).restore(ProjectRequest.of(projectOptions.directory()),
                MavenPackageResolver::new, update, out::println);
        out.flush();
        return ExitCodes.OK;
    }
}
