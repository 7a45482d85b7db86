package dev.pz.engine.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.engine.events.SchemaChange;
import dev.pz.engine.events.SchemaColumn;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code pz schema accept}: takes the schemas the latest run observed ({@code observed_schema} of its
 * source loads in run_results.json) as the new drift baselines. Never contacts a source.
 */
public final class SchemaAcceptance {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** One line per accepted change ({@code <key>: column 'c' added (T)}), in key order. */
    public record Result(List<String> changes) {
        public Result {
            changes = List.copyOf(changes);
        }
    }

    private record Observed(List<SchemaColumn> columns, String hintsHash) {
    }

    private SchemaAcceptance() {
    }

    /**
     * @param datasetKeys the dataset key of each source load, by node name
     * @param targets the keys to accept; empty for every dataset with an observed schema
     * @throws PzValidationException {@code PZ0127} for each target the latest run observed no schema for
     */
    public static Result accept(Path projectDirectory, StateBackend backend, Map<String, String> datasetKeys,
            List<String> targets) {
        Optional<RunRecord> latest = RunHistory.latest(projectDirectory);
        Map<String, Observed> observed = latest.map(run -> observed(run, datasetKeys)).orElse(new TreeMap<>());
        List<PzError> errors = new ArrayList<>();
        for (String target : targets) {
            if (!observed.containsKey(target)) {
                errors.add(new PzError(PzCode.SCHEMA_ACCEPT_TARGET_INVALID, "'" + target + "' has no recorded observed"
                        + " schema in the latest run" + latest.map(run -> " (" + run.runId() + ")").orElse(""), null, 0,
                        "schemas are observed for datasets without columns: under on_source_drift: warn|fail in"
                                + " project.yml; set it, then pz run"));
            }
        }
        if (!errors.isEmpty()) {
            throw new PzValidationException(errors);
        }
        SchemaBaselineStore baselines = SchemaBaselineStore.on(backend);
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, Observed> entry : observed.entrySet()) {
            String key = entry.getKey();
            if (!targets.isEmpty() && !targets.contains(key)) {
                continue;
            }
            Observed now = entry.getValue();
            Optional<SchemaBaseline> baseline = baselines.get(key);
            List<SchemaChange> changes = baseline.map(before -> before.changesTo(now.columns()))
                    .orElseGet(() -> new SchemaBaseline(List.of(), now.hintsHash(), null).changesTo(now.columns()));
            if (baseline.isPresent() && changes.isEmpty() && baseline.get().hintsHash().equals(now.hintsHash())) {
                continue;
            }
            baselines.set(key, new SchemaBaseline(now.columns(), now.hintsHash(), latest.get().runId()));
            changes.forEach(change -> lines.add(key + ": " + change.describe()));
        }
        return new Result(lines);
    }

    private static Map<String, Observed> observed(RunRecord run, Map<String, String> datasetKeys) {
        Map<String, Observed> observed = new TreeMap<>();
        JsonNode root;
        try {
            root = MAPPER.readTree(run.directory().resolve("run_results.json").toFile());
        } catch (IOException e) {
            return observed;
        }
        for (JsonNode node : root.path("nodes")) {
            JsonNode schema = node.get("observed_schema");
            String key = datasetKeys.get(node.path("name").asText());
            if (schema == null || !schema.isObject() || key == null || !schema.path("hintsHash").isTextual()) {
                continue;
            }
            List<SchemaColumn> columns = new ArrayList<>();
            for (JsonNode column : schema.path("columns")) {
                columns.add(new SchemaColumn(column.path("name").asText(), column.path("type").asText()));
            }
            observed.put(key, new Observed(columns, schema.get("hintsHash").asText()));
        }
        return observed;
    }
}
