package dev.pz.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Reads a project's run directories and run_results.json files back. */
public final class RunArtifacts {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private RunArtifacts() {
    }

    public static List<Path> runDirectories(Path project) {
        Path runs = project.resolve(".pz/runs");
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(runs)) {
            return entries.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The only run directory of the project (fails when there is not exactly one). */
    public static Path onlyRun(Path project) {
        List<Path> runs = runDirectories(project);
        if (runs.size() != 1) {
            throw new AssertionError("expected exactly one run directory, found " + runs);
        }
        return runs.get(0);
    }

    public static Path latestRun(Path project) {
        List<Path> runs = runDirectories(project);
        return runs.get(runs.size() - 1);
    }

    public static JsonNode results(Path runDirectory) {
        try {
            return MAPPER.readTree(runDirectory.resolve("run_results.json").toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static JsonNode node(JsonNode results, String name) {
        for (JsonNode node : results.get("nodes")) {
            if (node.get("name").asText().equals(name)) {
                return node;
            }
        }
        throw new AssertionError("no node '" + name + "' in " + results);
    }

    /** {@code name:status:rows} of every node, in file order. */
    public static List<String> summary(JsonNode results) {
        List<String> lines = new ArrayList<>();
        results.get("nodes").forEach(node -> lines.add(node.get("name").asText() + ":" + node.get("status").asText()
                + ":" + node.get("rows").asLong()));
        return lines;
    }

    /** stdout's lines before the {@code report: <path>} line every run ends with (asserted to be there). */
    public static List<String> beforeReportLine(CliRun run) {
        List<String> lines = run.outLines();
        org.assertj.core.api.Assertions.assertThat(lines).as(run.toString()).last().asString().startsWith("report: ");
        return lines.subList(0, lines.size() - 1);
    }

    /** stdout lines without their trailing {@code <ms>ms}. */
    public static List<String> withoutTimes(CliRun run) {
        return run.outLines().stream().map(line -> line.replaceAll(" \\d+ms$", "")).toList();
    }

    /** The tables left in the run's staging database, by name. */
    public static List<String> stagingTables(Path runDirectory) {
        Path staging = runDirectory.resolve("staging.duckdb");
        return Duck.rows("attach '" + staging + "' as s (read_only); select table_name from information_schema.tables "
                + "where table_catalog = 's' and table_schema = 'staging' order by table_name");
    }

    public static List<String> listFiles(Path directory) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.map(path -> path.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
