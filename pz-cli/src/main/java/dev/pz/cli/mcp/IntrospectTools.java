package dev.pz.cli.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.engine.RunSummary;
import dev.pz.engine.StateOverview;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** pz_connector_reference and pz_state: what the installed connectors take, and what the project's state holds. */
final class IntrospectTools {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final McpProject project;

    IntrospectTools(McpProject project) {
        this.project = project;
    }

    List<PzTool> tools() {
        return List.of(
                new PzTool("pz_connector_reference", "Every installed connector: whether it reads and writes, its "
                        + "capabilities, and the options of its connections, datasets (read) and writes.", List.of(),
                        arguments -> connectors()),
                new PzTool("pz_state", "Stored watermarks, sync-state tokens and schema baselines, and the latest run's status.",
                        List.of(), arguments -> state()));
    }

    @SuppressWarnings("unchecked")
    ToolEnvelope connectors() {
        JsonNode catalog;
        try {
            catalog = JSON.readTree(project.engine().connectorCatalog("pz (builtin)", project.version()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("pz's connector catalogue is not JSON", e);
        }
        List<Object> connectors = new ArrayList<>();
        for (JsonNode connector : catalog.path("connectors")) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", connector.path("name").asText());
            entry.put("source", !connector.path("tiers").path("source").asText("none").equals("none"));
            entry.put("sink", !connector.path("tiers").path("sink").asText("none").equals("none"));
            List<String> capabilities = new ArrayList<>();
            connector.path("capabilities").forEach(capability -> capabilities.add(capability.asText()));
            entry.put("capabilities", String.join(", ", capabilities));
            entry.put("dataset_schema", JSON.convertValue(connector.path("options").path("read"), List.class));
            entry.put("connection_schema", JSON.convertValue(connector.path("options").path("connection"), List.class));
            entry.put("write_schema", JSON.convertValue(connector.path("options").path("write"), List.class));
            connectors.add(entry);
        }
        return ToolEnvelope.ok(new LinkedHashMap<>(Map.of("connectors", connectors)));
    }

    ToolEnvelope state() {
        McpProject.Outcome<StateOverview> overview = McpProject.attempt(() -> project.engine()
                .stateOverview(project.directory()));
        if (overview.failed()) {
            return ToolEnvelope.failed(overview.errors());
        }
        StateOverview state = overview.value().orElseThrow();
        boolean corrupt = !state.corruptionNotices().isEmpty();
        List<Object> watermarks = new ArrayList<>();
        for (StateOverview.WatermarkRow row : state.watermarks()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("key", row.key());
            entry.put("cursor", row.cursor());
            entry.put("type", row.type());
            entry.put("value", row.value());
            entry.put("run_id", row.runId());
            watermarks.add(entry);
        }
        List<Object> tokens = new ArrayList<>();
        for (StateOverview.SyncStateRow row : state.syncStates()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("key", row.key());
            entry.put("token", row.token());
            entry.put("run_id", row.runId());
            tokens.add(entry);
        }
        List<Object> baselines = new ArrayList<>();
        for (StateOverview.BaselineRow row : state.baselines()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("key", row.key());
            entry.put("columns", row.columns());
            entry.put("run_id", row.runId());
            baselines.add(entry);
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("watermarks", section(corrupt, watermarks));
        result.put("sync_state", section(corrupt, tokens));
        result.put("schema_baselines", section(corrupt, baselines));
        result.put("latest_run", latestRun());
        return ToolEnvelope.ok(result);
    }

    private static Map<String, Object> section(boolean corrupt, List<Object> entries) {
        Map<String, Object> section = new LinkedHashMap<>();
        section.put("corrupt", corrupt);
        section.put("entries", entries);
        return section;
    }

    private Map<String, Object> latestRun() {
        List<RunSummary> runs = McpProject.attempt(() -> project.engine().runs(project.directory(), 1)).value()
                .orElse(List.of());
        if (runs.isEmpty()) {
            return null;
        }
        RunSummary run = runs.get(0);
        Map<String, Object> counts = new LinkedHashMap<>();
        counts.put("success", run.succeeded());
        counts.put("failed", run.failed());
        counts.put("skipped", run.skipped());
        Map<String, Object> latest = new LinkedHashMap<>();
        latest.put("run_id", run.runId());
        latest.put("status", run.status());
        latest.put("node_counts", counts);
        return latest;
    }
}
