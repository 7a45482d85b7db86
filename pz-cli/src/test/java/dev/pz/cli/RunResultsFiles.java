package dev.pz.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
}
