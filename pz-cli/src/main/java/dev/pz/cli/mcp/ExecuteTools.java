package dev.pz.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.engine.CompiledProject;
import dev.pz.engine.NodeSelection;
import dev.pz.engine.PreparedRetry;
import dev.pz.engine.RunControl;
import dev.pz.engine.RunReport;
import dev.pz.engine.RunSettings;
import dev.pz.engine.RunSummary;
import dev.pz.engine.RunTarget;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.RunListener;
import dev.pz.engine.events.RunStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * pz_run, pz_retry, pz_run_results: registered only with {@code --allow-run}. Runs never fail
 * fast; a run that starts and fails is {@code ok: true} with its status and exit code. A run in
 * flight in the project refuses a second one (PZ0604), as does a localfiles path that leaves the
 * project (PZ0606).
 */
final class ExecuteTools {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final McpProject project;

    ExecuteTools(McpProject project) {
        this.project = project;
    }

    List<PzTool> tools() {
        ToolInput fullRefresh = ToolInput.optional("full_refresh", "boolean",
                "Ignore stored watermarks and re-extract every source (default false).");
        return List.of(
                new PzTool("pz_run", "Run the project, or the named flows, or everything with all.", List.of(
                        ToolInput.optional("flow_names", "array", "Names of the nodes whose flows to run."),
                        ToolInput.optional("all", "boolean", "Run every flow (default false)."), fullRefresh),
                        arguments -> run(arguments.strings("flow_names"), arguments.flag("all"),
                                arguments.flag("full_refresh"))),
                new PzTool("pz_retry", "Re-run the latest run's failed and skipped nodes, reusing what succeeded.",
                        List.of(fullRefresh), arguments -> retry(arguments.flag("full_refresh"))),
                new PzTool("pz_run_results", "A run's status and node results (the latest run by default).",
                        List.of(ToolInput.optional("run_id", "string", "The run's id (default: the latest).")),
                        arguments -> results(arguments.string("run_id"))));
    }

    ToolEnvelope run(List<String> flows, boolean all, boolean fullRefresh) {
        List<PzError> refused = ProjectPaths.escapingLocalPaths(project);
        if (!refused.isEmpty()) {
            return ToolEnvelope.failed(refused);
        }
        McpProject.Reports reports = new McpProject.Reports();
        McpProject.Outcome<RunReport> outcome = McpProject.attempt(() -> {
            CompiledProject compiled = project.open(reports);
            RunTarget target = compiled.target(new NodeSelection(flows, null, all));
            return compiled.run(target, new RunSettings(false, fullRefresh), new RunListener() {
            }, new RunControl());
        });
        return runEnvelope(outcome, reports, null);
    }

    ToolEnvelope retry(boolean fullRefresh) {
        List<PzError> refused = ProjectPaths.escapingLocalPaths(project);
        if (!refused.isEmpty()) {
            return ToolEnvelope.failed(refused);
        }
        McpProject.Reports reports = new McpProject.Reports();
        String[] note = new String[1];
        McpProject.Outcome<RunReport> outcome = McpProject.attempt(() -> {
            CompiledProject compiled = project.open(reports);
            PreparedRetry retry = compiled.prepareRetry(fullRefresh);
            retry.changed().forEach(reports::notice);
            if (retry.nothingToDo().isPresent()) {
                note[0] = retry.nothingToDo().get();
                return null;
            }
            retry.notices().forEach(reports::notice);
            return compiled.run(retry.target().orElseThrow(), new RunSettings(false, fullRefresh), new RunListener() {
            }, new RunControl());
        });
        return runEnvelope(outcome, reports, note[0]);
    }

    private ToolEnvelope runEnvelope(McpProject.Outcome<RunReport> outcome, McpProject.Reports reports, String note) {
        if (outcome.failed()) {
            return ToolEnvelope.failed(outcome.errors().stream().map(ExecuteTools::lockHeld).toList());
        }
        Map<String, Object> result = new LinkedHashMap<>();
        Optional<RunReport> report = outcome.value();
        if (report.isEmpty()) {
            result.put("run_id", null);
            result.put("status", null);
            result.put("nodes", new ArrayList<>());
            result.put("exit_code", 0);
            result.put("notices", new ArrayList<Object>(reports.notices));
            result.put("warnings", EngineReports.warnings(reports.warnings));
            result.put("note", note);
            return ToolEnvelope.ok(result);
        }
        RunReport run = report.get();
        List<Object> notices = new ArrayList<>(reports.notices);
        notices.addAll(run.notes());
        run.cancellation().ifPresent(notices::add);
        result.put("run_id", run.runId());
        result.put("status", run.status().word());
        result.put("nodes", nodes(run.results()));
        result.put("exit_code", exitCode(run.status()));
        result.put("notices", notices);
        result.put("warnings", EngineReports.warnings(reports.warnings));
        return ToolEnvelope.ok(result);
    }

    /** Another run holding the project's lock is the server's own refusal, PZ0604. */
    private static PzError lockHeld(PzError error) {
        return error.code() == PzCode.STATE_RUN_IN_FLIGHT
                ? new PzError(PzCode.MCP_RUN_LOCK_HELD, error.message(), error.file(), error.line(), error.hint())
                : error;
    }

    static int exitCode(RunStatus status) {
        return switch (status) {
            case SUCCESS, RUNNING -> 0;
            case COMPLETED_WITH_FAILURES -> 1;
            case FATAL -> 3;
        };
    }

    private static List<Object> nodes(List<NodeResult> results) {
        List<Object> nodes = new ArrayList<>();
        for (NodeResult node : results) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("id", node.id());
            entry.put("name", node.name());
            entry.put("status", node.status().word());
            entry.put("kind", node.kind().pascalName());
            entry.put("rows", node.rows());
            if (node.error() != null) {
                entry.put("error", error(node.error().code().code(), node.error().message()));
            }
            nodes.add(entry);
        }
        return nodes;
    }

    private static Map<String, Object> error(String code, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        return error;
    }

    ToolEnvelope results(String runId) {
        McpProject.Outcome<List<RunSummary>> runs = McpProject.attempt(() -> project.engine().runs(project.directory(),
                null));
        if (runs.failed()) {
            return ToolEnvelope.failed(runs.errors());
        }
        Optional<String> chosen = runId != null ? runs.value().orElseThrow().stream().map(RunSummary::runId)
                .filter(runId::equals).findFirst() : runs.value().orElseThrow().stream().findFirst().map(RunSummary::runId);
        if (chosen.isEmpty()) {
            return ToolEnvelope.failed(List.of(PzError.of(PzCode.NO_PRIOR_RUN, runId == null
                    ? "no prior run found under .pz/runs" : "no run '" + runId + "' under .pz/runs")
                    .withHint(runId == null ? "run the project with pz_run first" : "pz_run_results without run_id "
                            + "reads the latest run")));
        }
        Path file = project.directory().resolve(".pz").resolve("runs").resolve(chosen.get()).resolve("run_results.json");
        JsonNode recorded;
        try {
            recorded = JSON.readTree(Files.readString(file));
        } catch (IOException e) {
            return ToolEnvelope.failed(List.of(PzError.of(PzCode.NO_PRIOR_RUN, "run '" + chosen.get()
                    + "' has no readable run_results.json").at(project.relative(file), 0)));
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("run_id", chosen.get());
        result.put("status", recorded.path("status").asText(null));
        List<Object> nodes = new ArrayList<>();
        for (JsonNode node : recorded.path("nodes")) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("id", node.path("id").asText(null));
            entry.put("name", node.path("name").asText(null));
            entry.put("status", node.path("status").asText(null));
            entry.put("kind", node.path("kind").asText(null));
            entry.put("rows", node.path("rows").asLong());
            JsonNode error = node.path("error");
            if (error.isObject()) {
                entry.put("error", error(error.path("code").asText(null), error.path("message").asText(null)));
            }
            nodes.add(entry);
        }
        result.put("nodes", nodes);
        if ("running".equals(recorded.path("status").asText())) {
            result.put("note", "the run is in flight, or ended without recording its end");
        }
        return ToolEnvelope.ok(result);
    }
}
