package dev.pz.cli.mcp;

import dev.pz.engine.CompiledProject;
import dev.pz.engine.EntitySchema;
import dev.pz.engine.NodeSelection;
import dev.pz.engine.PlanReport;
import dev.pz.engine.ValidationReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * pz_compile, pz_validate, pz_plan and pz_entity_schema: what the project is, whether it would run,
 * and what one entity holds; nothing is written.
 */
final class VerifyTools {
    private final McpProject project;

    VerifyTools(McpProject project) {
        this.project = project;
    }

    List<PzTool> tools() {
        return List.of(
                new PzTool("pz_compile", "Compile the project into its DAG: nodes with their dependencies, notices "
                        + "and warnings. Writes nothing.", List.of(), arguments -> compile()),
                new PzTool("pz_validate", "Run the preflight pz run runs (options, capabilities, SQL dry compile); "
                        + "with connect, also probe every connection.", List.of(ToolInput.optional("connect", "boolean",
                                "Also connect to every connection and read live schemas (default false).")),
                        arguments -> validate(arguments.flag("connect"))),
                new PzTool("pz_plan", "Plan every node (strategy and reason, pushdown) and the memory budget. "
                        + "Writes nothing.", List.of(), arguments -> plan()),
                new PzTool("pz_entity_schema", "Connect and read one entity's live columns. An entity not declared "
                        + "in connections.yml is described by read (its read: options); with a columns: contract the "
                        + "contract is checked against the live schema.", List.of(
                                ToolInput.required("connection", "string", "The connection, as connections.yml names it."),
                                ToolInput.required("entity", "string", "The entity (dataset) of that connection."),
                                ToolInput.optional("read", "object", "Read options, as under an entity's read: "
                                        + "(they override a declared entity's options key by key).")),
                        arguments -> entitySchema(arguments.string("connection"), arguments.string("entity"),
                                arguments.object("read"))));
    }

    ToolEnvelope compile() {
        McpProject.Reports reports = new McpProject.Reports();
        McpProject.Outcome<CompiledProject> outcome = McpProject.attempt(() -> project.open(reports));
        if (outcome.failed()) {
            return ToolEnvelope.failed(outcome.errors());
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("nodes", EngineReports.nodes(outcome.value().orElseThrow().nodes(null)));
        result.put("notices", new ArrayList<Object>(reports.notices));
        result.put("warnings", EngineReports.warnings(reports.warnings));
        return ToolEnvelope.ok(result);
    }

    ToolEnvelope validate(boolean connect) {
        McpProject.Reports reports = new McpProject.Reports();
        McpProject.Outcome<ValidationReport> outcome = McpProject.attempt(() -> project.open(reports).validate(connect));
        if (outcome.failed()) {
            return ToolEnvelope.failed(outcome.errors());
        }
        ValidationReport report = outcome.value().orElseThrow();
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("pipelines", report.pipelines());
        result.put("connections_checked", report.connectionsChecked());
        result.put("undeclared_datasets", new ArrayList<Object>(ProjectOverview.undeclaredDatasets(project)));
        return ToolEnvelope.ok(result);
    }

    ToolEnvelope plan() {
        McpProject.Outcome<PlanReport> outcome = McpProject.attempt(() -> project.open(new McpProject.Reports())
                .preview(NodeSelection.everything()));
        if (outcome.failed()) {
            return ToolEnvelope.failed(outcome.errors());
        }
        PlanReport plan = outcome.value().orElseThrow();
        List<Object> nodes = new ArrayList<>();
        for (PlanReport.Row row : plan.rows()) {
            Map<String, Object> node = new LinkedHashMap<>();
            node.put("node", row.node());
            node.put("strategy", row.strategy());
            node.put("reason", row.reason());
            if (row.columnsPushed() != null || row.filterPushed()) {
                Map<String, Object> pushdown = new LinkedHashMap<>();
                if (row.columnsPushed() != null) {
                    pushdown.put("columns_pushed", row.columnsPushed());
                }
                pushdown.put("predicate_pushed", row.filterPushed());
                node.put("pushdown", pushdown);
            }
            nodes.add(node);
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("nodes", nodes);
        result.put("memory_budget_bytes", plan.budgetBytes());
        return ToolEnvelope.ok(result);
    }

    ToolEnvelope entitySchema(String connection, String entity, Map<String, Object> read) {
        McpProject.Outcome<EntitySchema> outcome = McpProject.attempt(() -> project.load(new McpProject.Reports())
                .entitySchema(connection, entity, read));
        if (outcome.failed()) {
            return ToolEnvelope.failed(outcome.errors());
        }
        EntitySchema schema = outcome.value().orElseThrow();
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("columns", columns(schema.columns()));
        result.put("source", schema.source());
        if (schema.differsFromContract()) {
            result.put("differs_from_contract", true);
            result.put("extra_columns", columns(schema.extraColumns()));
        }
        return ToolEnvelope.ok(result);
    }

    private static List<Object> columns(List<EntitySchema.Column> columns) {
        List<Object> listed = new ArrayList<>();
        for (EntitySchema.Column column : columns) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", column.name());
            entry.put("type", column.type());
            listed.add(entry);
        }
        return listed;
    }
}
