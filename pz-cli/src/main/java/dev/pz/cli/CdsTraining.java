package dev.pz.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The training run {@code scripts/pz} executes once per jar version, in the background, under
 * {@code -XX:DumpLoadedClassList}; the class list then feeds {@code -Xshare:dump}, so later starts
 * map the classes pz loads from a class-data sharing archive instead of parsing and verifying them
 * from the jar. Three projects in a scratch directory (the argument) cover the common starts:
 * <ul>
 *   <li>{@code --version}, {@code --help}, then {@code init --template sample}, {@code compile},
 *       {@code plan} and {@code run --all} of the sample (the native tier);</li>
 *   <li>the sample again under {@code engine.force_universal: true}: Arrow batches, channels and the
 *       csv codecs of the universal tier;</li>
 *   <li>{@code validate --connect} of a PostgreSQL connection to a closed local port: the postgres
 *       connector and its JDBC driver's connection path, without a server.</li>
 * </ul>
 * Output is discarded; failures do not matter (whatever loaded is archived). Not a user command.
 */
public final class CdsTraining {

    private static final String POSTGRES_CONNECTIONS = """
            shop:
              connector: postgres
              host: 127.0.0.1
              port: 1
              database: training
              user: training
              connect_timeout_seconds: 1
              entities:
                public.orders:
                  read:
                    partition_column: id
                    partitions: 2
            lake:
              connector: localfiles
              root: lake
            """;

    private static final String POSTGRES_PIPELINE = """
            INSERT INTO {{ sink('lake', 'orders', format: 'parquet', strategy: 'replace') }}
            select * from {{ source('shop', 'public.orders') }}
            """;

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
        String sample = scratch.resolve("sample").toString();
        pz("--version");
        pz("--help");
        pz("run", "--help");
        pz("init", sample, "--template", "sample");
        pz("compile", "--project", sample);
        pz("plan", "--project", sample);
        pz("run", "--all", "--project", sample);
        pz("run", "--all", "--project", sample);

        Path universal = scratch.resolve("universal");
        pz("init", universal.toString(), "--template", "sample");
        forceUniversal(universal.resolve("project.yml"));
        pz("run", "--all", "--project", universal.toString());

        Path postgres = scratch.resolve("postgres");
        writePostgresProject(postgres);
        pz("validate", "--connect", "--project", postgres.toString());
        System.exit(ExitCodes.OK);
    }

    private static void pz(String... command) {
        try {
            StartupWarmUp.startFor(command);
            PzCommandLine.create(Console.system(), command).execute(command);
        } catch (RuntimeException | LinkageError ignored) {
            // a failed step still leaves its classes loaded, which is all the archive needs
        }
    }

    private static void forceUniversal(Path projectYml) {
        try {
            String yml = Files.readString(projectYml, StandardCharsets.UTF_8);
            Files.writeString(projectYml, yml.replaceFirst("(?m)^engine:\n", "engine:\n  force_universal: true\n"),
                    StandardCharsets.UTF_8);
        } catch (IOException ignored) {
            // the run then trains the native tier again, which is harmless
        }
    }

    private static void writePostgresProject(Path project) {
        try {
            Files.createDirectories(project.resolve("pipelines"));
            Files.writeString(project.resolve("project.yml"), "name: training\nversion: \"1.0\"\n",
                    StandardCharsets.UTF_8);
            Files.writeString(project.resolve("connections.yml"), POSTGRES_CONNECTIONS, StandardCharsets.UTF_8);
            Files.writeString(project.resolve("pipelines/export_orders.sql"), POSTGRES_PIPELINE,
                    StandardCharsets.UTF_8);
        } catch (IOException ignored) {
            // nothing of the postgres path is trained then
        }
    }
}
