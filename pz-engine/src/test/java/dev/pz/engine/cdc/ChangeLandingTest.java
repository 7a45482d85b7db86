package dev.pz.engine.cdc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.engine.CompiledProject;
import dev.pz.engine.Diagnostics;
import dev.pz.engine.NodeSelection;
import dev.pz.engine.ProjectRequest;
import dev.pz.engine.PzEngine;
import dev.pz.engine.RunControl;
import dev.pz.engine.RunReport;
import dev.pz.engine.RunSettings;
import dev.pz.engine.events.ChangeCounts;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.NodeStatus;
import dev.pz.engine.events.RunListener;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's landing of a change capture: raw change rows in {@code __changes}, collapsed by key
 * to the last change: surviving rows (without the change columns) in the staging table, deleted
 * rows in {@code __deletes}; raw counts per kind; the token proposed, replayed and stored; and
 * change rows that break the contract refused with PZ0338.
 */
class ChangeLandingTest {
    private static final List<ScriptedChanges.Change> WINDOW = List.of(
            new ScriptedChanges.Change("insert", "0001-000000000", 1, "a"),
            new ScriptedChanges.Change("update", "0005-000000000", 1, "a2"),
            new ScriptedChanges.Change("insert", "0002-000000000", 2, "b"),
            new ScriptedChanges.Change("delete", "0006-000000000", 2, "b"),
            new ScriptedChanges.Change("delete", "0003-000000000", 3, null),
            new ScriptedChanges.Change("insert", "0004-000000000", 4, "d"));

    @TempDir
    Path temp;

    private TestProject project() {
        return TestProject.in(temp).projectYml("cdc_landing").file("connections.yml",
                "src:\n  connector: scripted\n  entities:\n    orders:\n      read:\n        sync: {mode: cdc}\n")
                .file("pipelines/latest.sql", "select id, name from {{ source('src', 'orders') }}\n");
    }

    private static RunReport run(ScriptedChanges connector, TestProject project, boolean fullRefresh) {
        CompiledProject compiled = PzEngine.withConnectors(Map.of(), List.of(connector))
                .open(ProjectRequest.of(project.path()), Diagnostics.ignore());
        RunSettings settings = new RunSettings(false, fullRefresh);
        return compiled.run(compiled.target(NodeSelection.everything()), settings, new RunListener() {
        }, new RunControl());
    }

    private static NodeResult load(RunReport report) {
        return report.results().stream().filter(result -> result.name().equals("src_src__orders")).findFirst()
                .orElseThrow();
    }

    private static List<String> rows(RunReport report, String query) throws Exception {
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:" + report.resultsFile().resolveSibling("staging.duckdb"));
                Statement statement = duck.createStatement(); ResultSet result = statement.executeQuery(query)) {
            List<String> rows = new ArrayList<>();
            while (result.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= result.getMetaData().getColumnCount(); i++) {
                    row.append(i > 1 ? "|" : "").append(result.getString(i));
                }
                rows.add(row.toString());
            }
            return rows;
        }
    }

    @Test
    void changesCollapseToTheLastChangeOfEachKey() throws Exception {
        RunReport report = run(new ScriptedChanges(WINDOW, true, true), project(), false);

        assertThat(report.status().word()).isEqualTo("success");
        NodeResult load = load(report);
        assertThat(load.rows()).isEqualTo(2);
        assertThat(load.cdc()).isEqualTo(new ChangeCounts(3, 1, 2, "token-after-6"));
        assertThat(rows(report, "select count(*) from staging.staging.src_src__orders__changes")).containsExactly("6");
        assertThat(rows(report, "select * from staging.staging.src_src__orders order by id")).containsExactly("1|a2", "4|d");
        assertThat(rows(report, "select * from staging.staging.src_src__orders__deletes order by id"))
                .containsExactly("2|b", "3|null");
    }

    @Test
    void theTokenIsStoredAfterTheRunAndReplayedUnlessFullRefresh() throws Exception {
        TestProject project = project();
        ScriptedChanges connector = new ScriptedChanges(WINDOW, true, true);

        run(connector, project, false);
        run(connector, project, false);
        run(connector, project, true);

        assertThat(connector.tokensSeen).containsExactly("null", "token-after-6", "null");
        assertThat(project.read(".pz/state/sync-state.json")).contains("\"src.orders\"", "\"token\": \"token-after-6\"");
    }

    @Test
    void anEmptyWindowLandsEmptyTablesAndProposesNoToken() throws Exception {
        RunReport report = run(new ScriptedChanges(List.of(), false, true), project(), false);

        assertThat(load(report).status()).isEqualTo(NodeStatus.SUCCESS);
        assertThat(load(report).cdc()).isEqualTo(new ChangeCounts(0, 0, 0, null));
        assertThat(rows(report, "select count(*) from staging.staging.src_src__orders")).containsExactly("0");
        assertThat(rows(report, "select count(*) from staging.staging.src_src__orders__deletes")).containsExactly("0");
    }

    @Test
    void changesWithoutKeyColumnsAreRefused() {
        NodeResult load = load(run(new ScriptedChanges(WINDOW, false, true), project(), false));

        assertThat(load.status()).isEqualTo(NodeStatus.FAILED);
        assertThat(load.error().code().code()).isEqualTo("PZ0338");
        assertThat(load.error().message()).contains("no change key columns");
    }

    @Test
    void changeRowsWithoutTheirEnvelopeAreRefused() {
        NodeResult load = load(run(new ScriptedChanges(WINDOW, true, false), project(), false));

        assertThat(load.status()).isEqualTo(NodeStatus.FAILED);
        assertThat(load.error().code().code()).isEqualTo("PZ0338");
        assertThat(load.error().message()).contains("_pz_op");
    }
}
