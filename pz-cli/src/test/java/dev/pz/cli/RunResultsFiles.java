package dev.pz.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/** Reading the runs a test's project left under {@code .pz/runs}. */
final class RunResultsFiles {

    private RunResultsFiles() {
    }

    /** The newest run directory of {@code project} that has a run_results.json. */
    static Path latestRun(Path project) throws IOException {
        try (Stream<Path> runs = Files.list(project.resolve(".pz/runs"))) {
            return runs.filter(path -> Files.exists(path.resolve("run_results.json"))).sorted()
                    .reduce((first, second) -> second).orElseThrow();
        }
    }

    /** Node name → "status rows" of one run's run_results.json. */
    static Map<String, String> nodeRows(Path run) throws IOException {
        JsonNode results = new ObjectMapper().readTree(run.resolve("run_results.json").toFile());
        Map<String, String> rows = new LinkedHashMap<>();
        results.get("nodes").forEach(node -> rows.put(node.get("name").asText(),
                node.get("status").asText() + " " + node.get("rows").asText()));
        return rows;
    }

    /** Node name → "status rows error" of one run's run_results.json (the error's code and message, or null). */
    static Map<String, String> nodeOutcomes(Path run) throws IOException {
        JsonNode results = new ObjectMapper().readTree(run.resolve("run_results.json").toFile());
        Map<String, String> outcomes = new LinkedHashMap<>();
        results.get("nodes").forEach(node -> outcomes.put(node.get("name").asText(), node.get("status").asText() + " "
                + node.get("rows").asText() + " " + node.get("error")));
        return outcomes;
    }

    /** "table" or "view": what the run's staging.duckdb holds as {@code staging.<name>}. */
    static String relationType(Path run, String name) throws Exception {
        try (var connection = DriverManager.getConnection("jdbc:duckdb:");
                Statement statement = connection.createStatement()) {
            statement.execute("attach '" + run.resolve("staging.duckdb") + "' as prior (read_only)");
            try (ResultSet found = statement.executeQuery("select 'view' from duckdb_views() where database_name ="
                    + " 'prior' and schema_name = 'staging' and view_name = '" + name + "' union all select 'table'"
                    + " from duckdb_tables() where database_name = 'prior' and schema_name = 'staging' and"
                    + " table_name = '" + name + "'")) {
                org.assertj.core.api.Assertions.assertThat(found.next()).as("staging." + name + " in " + run).isTrue();
                return found.getString(1);
            }
        }
    }
}
