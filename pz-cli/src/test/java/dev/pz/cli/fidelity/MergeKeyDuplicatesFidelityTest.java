package dev.pz.cli.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.cli.CliRun;
import dev.pz.cli.Duck;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A merge whose staged rows repeat a key: the run says so on one warning line (output, keys, both
 * counts) and as a {@code merge_key_duplicates_detected} event before the sink's
 * {@code node_completed}, and the write goes on with one row per key. A merge without repeated keys
 * says nothing.
 */
class MergeKeyDuplicatesFidelityTest {
    private static final String CONNECTIONS = """
            wh:
              connector: duckdb
              path: warehouse.duckdb
            files:
              connector: localfiles
              entities:
                events:
                  read: {path: data/events.csv, format: csv, columns: {id: bigint, region: varchar, v: bigint}}
            """;

    @TempDir
    Path temp;

    private TestProject project(String csv) {
        TestProject project = TestProject.in(temp).projectYml("merge_dups").file("connections.yml", CONNECTIONS)
                .file("data/events.csv", csv).file("pipelines/events_tgt.sql", "INSERT INTO {{ sink('wh', "
                        + "'events_tgt', strategy: 'merge', keys: ['id', 'region']) }}\nselect * from "
                        + "{{ source('files', 'events') }}\n");
        Duck.execute("attach '" + project.resolve("warehouse.duckdb") + "' as w; create table w.events_tgt "
                + "(id bigint, region varchar, v bigint)");
        return project;
    }

    // CR8
    @Test
    void repeatedKeysPrintOneWarningLineAndTheMergeKeepsOneRowPerKey() throws Exception {
        TestProject project = project("id,region,v\n1,eu,1\n1,eu,2\n1,eu,3\n2,us,4\n2,us,5\n2,eu,6\n3,us,7\n");
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines().stream().filter(line -> line.startsWith("warning:"))).containsExactly(
                "warning: output 'events_tgt': 2 merge key group(s) [id, region] have 3 duplicate staged row(s) -- "
                        + "merge keeps one connector-determined survivor per key (staging order, not cursor order);"
                        + " dedup in the pipeline if a specific row must win");
        try (Connection warehouse = DriverManager.getConnection("jdbc:duckdb:" + project.resolve("warehouse.duckdb"));
                ResultSet count = warehouse.createStatement().executeQuery("select count(*) from events_tgt")) {
            assertThat(count.next()).isTrue();
            assertThat(count.getLong(1)).isEqualTo(4);
        }
    }

    // J11 (merge_key_duplicates_detected)
    @Test
    void theEventCarriesItsFieldsInOrderBeforeTheSinkCompletes() {
        TestProject project = project("id,region,v\n1,eu,1\n1,eu,2\n2,us,3\n");
        CliRun run = CliRun.pz(project.path(), "run", "--all", "--log-format", "json");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<JsonNode> events = run.outLines().stream().map(Reference::json).toList();
        JsonNode duplicates = events.stream().filter(event -> event.get("event").asText()
                .equals("merge_key_duplicates_detected")).findFirst().orElseThrow();
        List<String> fields = new ArrayList<>();
        duplicates.fieldNames().forEachRemaining(fields::add);
        assertThat(fields).containsExactly("event", "at", "runId", "nodeId", "output", "keys", "duplicateGroups",
                "extraRows");
        assertThat(duplicates.get("output").asText()).isEqualTo("events_tgt");
        assertThat(duplicates.get("keys").toString()).isEqualTo("[\"id\",\"region\"]");
        assertThat(duplicates.get("duplicateGroups").asLong()).isEqualTo(1);
        assertThat(duplicates.get("extraRows").asLong()).isEqualTo(1);
        int completed = -1;
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).get("event").asText().equals("node_completed")
                    && events.get(i).get("nodeId").equals(duplicates.get("nodeId"))) {
                completed = i;
                assertThat(events.get(i).get("name").asText()).isEqualTo("wh.events_tgt");
            }
        }
        assertThat(completed).isGreaterThan(events.indexOf(duplicates));
    }

    @Test
    void distinctKeysSayNothing() {
        CliRun run = CliRun.pz(project("id,region,v\n1,eu,1\n1,us,2\n").path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).doesNotContain("warning:", "merge key");
    }
}
