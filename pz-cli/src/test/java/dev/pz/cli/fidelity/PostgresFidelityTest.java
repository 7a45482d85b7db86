package dev.pz.cli.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.cli.CliRun;
import dev.pz.connectors.postgres.PostgresProjects;
import dev.pz.cli.RunArtifacts;
import dev.pz.connectors.postgres.PostgresTestServer;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PostgreSQL to PostgreSQL, as the reference's IncrementalSyncTests, SqlWatermarkEndToEndTests and
 * WindowedBackfillTests pin it: only the delta is extracted, a failed commit advances nothing, a full
 * refresh re-merges identically, a SQL-declared watermark gates the read, and a windowed backfill moves
 * slice by slice through a gap. Every test works on its own randomly named tables.
 */
class PostgresFidelityTest {
    @TempDir
    Path temp;

    private PostgresTestServer.Endpoint server;
    private String source;
    private String sink;
    private final Set<Path> seenRuns = new HashSet<>();

    @BeforeEach
    void tables() {
        server = PostgresTestServer.endpoint();
        String suffix = Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
        source = "orders_src_" + suffix;
        sink = "orders_sink_" + suffix;
    }

    private static void sql(String... statements) throws SQLException {
        try (Connection connection = PostgresTestServer.jdbc(); Statement statement = connection.createStatement()) {
            for (String text : statements) {
                statement.execute(text);
            }
        }
    }

    /**
     * Every row of {@code select}, each rendered as text, sorted: an oracle independent of pz. The session
     * is in UTC, so a timestamptz the sink created reads as the same wall clock as the source's timestamp.
     */
    private static List<String> rows(String select) throws SQLException {
        List<String> rows;
        try (Connection connection = PostgresTestServer.jdbc(); Statement statement = connection.createStatement()) {
            statement.execute("set time zone 'UTC'");
            rows = new ArrayList<>(PostgresProjects.rows(statement, select));
        }
        rows.sort(null);
        return rows;
    }

    private String connection(String name, String user, String entities) {
        return name + ":\n  connector: postgres\n  host: " + server.host() + "\n  port: " + server.port()
                + "\n  database: " + server.database() + "\n  user: " + user + "\n  password: " + server.password() + "\n"
                + (entities.isEmpty() ? "" : "  entities:\n" + entities);
    }

    private TestProject project(String readBlock, String sinkUser, String pipeline) {
        return TestProject.in(temp).projectYml("pg_fidelity", "engine:\n  threads: 2")
                .file("connections.yml", connection("pgsrc", server.user(), "    " + source + ":\n      read:\n"
                        + readBlock) + "\n" + connection("pgsink", sinkUser, ""))
                .file("pipelines/orders_out.sql", pipeline);
    }

    private String mergeInto() {
        return "INSERT INTO {{ sink('pgsink', '" + sink + "', strategy: 'merge', keys: ['id'], schema_policy: "
                + "'fail_on_change') }}\n";
    }

    /** One {@code pz run}: its exit code and its own run_results.json. */
    private Map.Entry<Integer, JsonNode> run(TestProject project, String... extra) {
        String[] args = new String[extra.length + 1];
        args[0] = "run";
        System.arraycopy(extra, 0, args, 1, extra.length);
        CliRun run = CliRun.pz(project.path(), args);
        List<Path> added = RunArtifacts.runDirectories(project.path()).stream().filter(seenRuns::add).toList();
        assertThat(added).as(run.toString()).hasSize(1);
        return Map.entry(run.exitCode(), RunArtifacts.results(added.get(0)));
    }

    private static Map<String, JsonNode> byKind(JsonNode results) {
        Map<String, JsonNode> byKind = new HashMap<>();
        results.get("nodes").forEach(node -> byKind.put(node.get("kind").asText(), node));
        return byKind;
    }

    private static long sourceRows(Map.Entry<Integer, JsonNode> run) {
        assertThat(run.getKey()).as(run.getValue().toString()).isZero();
        return byKind(run.getValue()).get("SourceLoad").get("rows").asLong();
    }

    private String storedWatermark(TestProject project) {
        JsonNode entry = Reference.watermark(project.path(), "pgsrc." + source);
        return entry == null ? null : entry.get("cursor").asText() + ":" + entry.get("type").asText() + ":"
                + entry.get("value").asText();
    }

    private void createSource(int from, int to, String day) throws SQLException {
        sql("create table " + source + " (id bigint primary key, customer text not null, amount double precision "
                + "not null, updated_at timestamp not null)", insert(from, to, day));
    }

    private String insert(int from, int to, String start) {
        return "insert into " + source + " select i, 'cust-' || i, i * 1.5, timestamp '" + start + "' + ((i - " + from
                + ") || ' minutes')::interval from generate_series(" + from + ", " + to + ") as i";
    }

    private static final String INCREMENTAL = "        columns:\n          id: bigint\n          customer: varchar\n"
            + "          amount: double\n          updated_at: timestamp\n        sync:\n          mode: incremental\n"
            + "          cursor: updated_at\n";

    private String sourceColumns() {
        return "select id, customer, amount, updated_at::timestamp from ";
    }

    // IS1
    @Test
    void theSecondRunExtractsOnlyTheDeltaAndMergesIt() throws Exception {
        createSource(1, 50, "2026-01-01 00:00:00");
        TestProject project = project(INCREMENTAL, server.user(), mergeInto() + "select id, customer, amount, updated_at\n"
                + "from {{ source('pgsrc', '" + source + "') }}\n");
        assertThat(sourceRows(run(project))).isEqualTo(50);
        assertThat(rows(sourceColumns() + sink)).isEqualTo(rows(sourceColumns() + source));

        sql("update " + source + " set customer = customer || '-updated', updated_at = timestamp '2026-01-03 00:00:00' "
                + "+ ((id - 1) || ' minutes')::interval where id between 1 and 5", insert(51, 60, "2026-01-03 00:10:00"));
        assertThat(sourceRows(run(project))).isEqualTo(15);
        assertThat(rows(sourceColumns() + sink)).hasSize(60).isEqualTo(rows(sourceColumns() + source));
        assertThat(storedWatermark(project)).isEqualTo("updated_at:timestamp:2026-01-03T00:19:00.000000");
    }

    // IS2
    @Test
    void aSinkThatCannotCommitAdvancesNothingAndTheNextRunReextractsTheSameSlice() throws Exception {
        createSource(1, 20, "2026-02-01 00:00:00");
        String pipeline = mergeInto() + "select id, customer, amount, updated_at\nfrom {{ source('pgsrc', '" + source
                + "') }}\n";
        TestProject project = project(INCREMENTAL, server.user(), pipeline);
        assertThat(sourceRows(run(project))).isEqualTo(20);
        byte[] before = Files.readAllBytes(project.resolve(".pz/state/watermarks.json"));

        sql("update " + source + " set customer = customer || '-updated', updated_at = timestamp '2026-02-03 00:00:00' "
                + "+ ((id - 1) || ' minutes')::interval where id between 1 and 3", insert(21, 24, "2026-02-03 00:10:00"));
        String role = "limited_" + sink;
        sql("create role " + role + " login password '" + server.password() + "'",
                "grant connect on database \"" + server.database() + "\" to " + role,
                "grant usage on schema public to " + role, "grant select on " + sink + " to " + role);
        try {
            project = project(INCREMENTAL, role, pipeline);
            Map.Entry<Integer, JsonNode> failed = run(project);
            assertThat(failed.getKey()).isEqualTo(1);
            Map<String, JsonNode> nodes = byKind(failed.getValue());
            assertThat(nodes.get("SourceLoad").get("status").asText()).isEqualTo("success");
            assertThat(nodes.get("SourceLoad").get("rows").asLong()).isEqualTo(7);
            assertThat(nodes.get("SinkWrite").get("status").asText()).isEqualTo("failed");
            assertThat(Files.readAllBytes(project.resolve(".pz/state/watermarks.json"))).isEqualTo(before);

            sql("grant insert, update on " + sink + " to " + role);
            assertThat(sourceRows(run(project))).isEqualTo(7);
            assertThat(rows(sourceColumns() + sink)).hasSize(24).isEqualTo(rows(sourceColumns() + source));
            assertThat(storedWatermark(project)).isEqualTo("updated_at:timestamp:2026-02-03T00:13:00.000000");
        } finally {
            sql("drop owned by " + role, "drop role " + role);
        }
    }

    // IS3
    @Test
    void aFullRefreshReextractsEverythingAndReMergesIdentically() throws Exception {
        createSource(1, 30, "2026-03-01 00:00:00");
        TestProject project = project(INCREMENTAL, server.user(), mergeInto() + "select id, customer, amount, updated_at\n"
                + "from {{ source('pgsrc', '" + source + "') }}\n");
        assertThat(sourceRows(run(project))).isEqualTo(30);
        sql(insert(31, 35, "2026-03-02 00:00:00"));
        assertThat(sourceRows(run(project))).isEqualTo(5);
        List<String> merged = rows(sourceColumns() + sink);
        assertThat(merged).hasSize(35).isEqualTo(rows(sourceColumns() + source));
        assertThat(sourceRows(run(project, "--full-refresh"))).isEqualTo(35);
        assertThat(rows(sourceColumns() + sink)).isEqualTo(merged);
        assertThat(storedWatermark(project)).isEqualTo("updated_at:timestamp:2026-03-02T00:04:00.000000");
    }

    // SW1
    @Test
    void aSqlDeclaredWatermarkGatesTheSecondExtract() throws Exception {
        createSource(1, 40, "2026-01-01 00:00:00");
        TestProject project = project("        columns:\n          id: bigint\n          customer: varchar\n"
                + "          amount: double\n          updated_at: timestamp\n", server.user(), mergeInto()
                + "select o.id, o.customer, o.amount, o.updated_at\nfrom {{ source('pgsrc', '" + source + "') }} as o\n"
                + "where o.updated_at > {{ watermark('pgsrc', '" + source + "') }}\n");
        assertThat(sourceRows(run(project))).isEqualTo(40);
        assertThat(rows(sourceColumns() + sink)).isEqualTo(rows(sourceColumns() + source));
        assertThat(storedWatermark(project)).isEqualTo("updated_at:timestamp:2026-01-01T00:39:00.000000");
        sql(insert(41, 48, "2026-01-03 00:00:00"));
        assertThat(sourceRows(run(project))).isEqualTo(8);
        assertThat(rows(sourceColumns() + sink)).hasSize(48).isEqualTo(rows(sourceColumns() + source));
        assertThat(storedWatermark(project)).isEqualTo("updated_at:timestamp:2026-01-03T00:07:00.000000");
    }

    // WB1
    @Test
    void aWindowedBackfillMovesSliceBySliceThroughAGapThenIdlesAndReplaysIdempotently() throws Exception {
        sql("create table " + source + " (id bigint primary key, payload varchar not null)",
                "insert into " + source + " select i, 'payload-' || i from generate_series(1, 20) as i",
                "insert into " + source + " select i, 'payload-' || i from generate_series(31, 50) as i");
        TestProject project = project("        columns:\n          id: bigint\n          payload: varchar\n"
                + "        sync:\n          mode: incremental\n          cursor: id\n          max_window: \"10\"\n"
                + "          initial: \"0\"\n          until: \"45\"\n", server.user(), mergeInto()
                + "select id, upper(payload) as payload\nfrom {{ source('pgsrc', '" + source + "') }}\n");
        List<String> slices = new ArrayList<>();
        for (int i = 0; i < 10 && !"id:bigint:45".equals(storedWatermark(project)); i++) {
            long rows = sourceRows(run(project));
            slices.add(rows + "@" + storedWatermark(project).substring("id:bigint:".length()));
        }
        assertThat(slices).containsExactly("10@10", "10@20", "0@30", "10@40", "5@45");
        String oracle = "select id, upper(payload) from " + source + " where id <= 45";
        List<String> expected = rows(oracle);
        assertThat(expected).hasSize(35);
        assertThat(rows("select id, payload from " + sink)).isEqualTo(expected);

        assertThat(sourceRows(run(project))).isZero();
        assertThat(storedWatermark(project)).isEqualTo("id:bigint:45");
        assertThat(rows("select id, payload from " + sink)).isEqualTo(expected);

        CliRun rewind = CliRun.pz(project.path(), "state", "set", "pgsrc." + source, "--value", "40", "--yes");
        assertThat(rewind.exitCode()).as(rewind.toString()).isZero();
        assertThat(sourceRows(run(project))).isEqualTo(5);
        assertThat(storedWatermark(project)).isEqualTo("id:bigint:45");
        assertThat(rows("select id, payload from " + sink)).isEqualTo(expected);
    }
}
