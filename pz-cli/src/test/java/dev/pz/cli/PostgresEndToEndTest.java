package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.connectors.postgres.PostgresProjects;
import dev.pz.connectors.postgres.PostgresTestServer;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PostgreSQL through {@code pz} end to end (docs/postgres.md) against the server
 * {@link PostgresTestServer} provides: skipped only when no server can be had, failing then under
 * {@code PZ_REQUIRE_SERVICES=1}. Every test works on its own randomly named tables.
 */
class PostgresEndToEndTest {
    private static final String COLUMNS = "id, name, amount, score, day, ts, flag";

    @TempDir
    Path temp;

    private PostgresTestServer.Endpoint server;
    private String suffix;

    @BeforeEach
    void server() {
        server = PostgresTestServer.endpoint();
        suffix = Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
    }

    // ---- helpers -----------------------------------------------------------------------------------

    private Map<String, String> environment() {
        return PostgresProjects.environment(server);
    }

    private static String pgConnection(String name, String extra, String entities) {
        return PostgresProjects.connection(name, extra, entities);
    }

    private TestProject project(String dir, String connections, String pipeline) {
        return TestProject.in(temp.resolve(dir)).projectYml("pg_" + dir, "engine:\n  threads: 2")
                .file("connections.yml", connections).file("pipelines/p.sql", pipeline);
    }

    private CliRun pz(TestProject project, String... args) {
        return CliRun.pzWithEnv(environment(), project.path(), args);
    }

    private CliRun ok(TestProject project, String... args) {
        CliRun run = pz(project, args);
        assertThat(run.exitCode()).as(run.toString()).isZero();
        return run;
    }

    private static void sql(String... statements) throws SQLException {
        try (Connection connection = PostgresTestServer.jdbc(); Statement statement = connection.createStatement()) {
            for (String text : statements) {
                statement.execute(text);
            }
        }
    }

    private static long count(String query) throws SQLException {
        try (Connection connection = PostgresTestServer.jdbc(); Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(query)) {
            result.next();
            return result.getLong(1);
        }
    }

    /** Every row of a query rendered as text, ordered by the first column. */
    private static List<String> rows(String query) throws SQLException {
        try (Connection connection = PostgresTestServer.jdbc(); Statement statement = connection.createStatement()) {
            return PostgresProjects.rows(statement, query);
        }
    }

    /** Rows of {@code a} missing from {@code b} plus rows of {@code b} missing from {@code a} (multisets). */
    private static long difference(String a, String b) throws SQLException {
        String left = "select " + COLUMNS + " from " + a;
        String right = "select " + COLUMNS + " from " + b;
        return count("select count(*) from ((" + left + " except all " + right + ") union all (" + right
                + " except all " + left + ")) d");
    }

    /** A source table with every write-mapped type, NULLs in every nullable column and unicode text. */
    private String seedSource(int rows) throws SQLException {
        String table = "src_" + suffix;
        sql("create table public." + table + " (id bigint primary key, name text, amount numeric(18,2), "
                + "score double precision, day date, ts timestamptz, flag boolean)",
                "insert into public." + table + " select i, case when i % 7 = 0 then null else 'naïve-☃-' || i end, "
                        + "case when i % 11 = 0 then null else (i * 97 % 100000) / 100.0 end, "
                        + "case when i % 13 = 0 then null else i * 1.5 end, "
                        + "case when i % 17 = 0 then null else date '2026-01-01' + (i % 400) end, "
                        + "case when i % 19 = 0 then null else timestamptz '2026-01-01 00:00:00+00' "
                        + "+ make_interval(secs => i * 61.123456) end, "
                        + "case when i % 5 = 0 then null else i % 2 = 0 end from generate_series(1, " + rows + ") i");
        return table;
    }

    private TestProject toParquet(String source) {
        return project("to_lake", pgConnection("pg", "", "") + "lake:\n  connector: localfiles\n  root: out\n",
                "INSERT INTO {{ sink('lake', 'orders', format: 'parquet', strategy: 'replace') }}\n"
                        + "select " + COLUMNS + " from {{ source('pg', 'public." + source + "') }}\n");
    }

    private TestProject fromParquet(Path lake, String target, String write) {
        return project("from_lake_" + target + "_" + write.hashCode(),
                "lake:\n  connector: localfiles\n  root: " + lake + "\n  entities:\n    orders:\n      read:\n"
                        + "        path: orders/orders.parquet\n        format: parquet\n"
                        + pgConnection("pg", "", "    public." + target + ":\n      write:\n" + write),
                "INSERT INTO {{ sink('pg', 'public." + target + "') }}\nselect " + COLUMNS
                        + " from {{ source('lake', 'orders') }}\n");
    }

    // ---- round trip --------------------------------------------------------------------------------

    @Test
    void tableToParquetAndBackWithAppendReplaceAndMerge() throws Exception {
        String source = seedSource(1500);
        TestProject out = toParquet(source);
        ok(out, "run", "--all");
        Path lake = out.resolve("out");

        String appended = "dst_append_" + suffix;
        TestProject append = fromParquet(lake, appended, "        strategy: append\n");
        ok(append, "run", "--all");
        assertThat(difference("public." + source, "public." + appended)).isZero();
        assertThat(rows("select data_type from information_schema.columns where table_name = '" + appended
                + "' order by ordinal_position")).containsExactly("bigint", "text", "numeric", "double precision",
                        "date", "timestamp with time zone", "boolean");
        ok(append, "run", "--all");
        assertThat(count("select count(*) from public." + appended)).isEqualTo(3000);

        String replaced = "dst_replace_" + suffix;
        sql("create table public." + replaced + " as select * from public." + source + " where id <= 10");
        TestProject replace = fromParquet(lake, replaced, "        strategy: replace\n");
        ok(replace, "run", "--all");
        assertThat(difference("public." + source, "public." + replaced)).isZero();

        String merged = "dst_merge_" + suffix;
        TestProject merge = fromParquet(lake, merged, "        strategy: merge\n        keys: [id]\n");
        ok(merge, "run", "--all");
        assertThat(difference("public." + source, "public." + merged)).isZero();
        sql("update public." + source + " set name = 'changed ✓' where id <= 20",
                "insert into public." + source + " (id, name) values (100001, 'new')");
        ok(out, "run", "--all");
        ok(merge, "run", "--all");
        assertThat(difference("public." + source, "public." + merged)).isZero();
        assertThat(count("select count(*) from public." + merged + " where name = 'changed ✓'")).isEqualTo(20);
    }

    // ---- reads ----------------------------------------------------------------------------------------

    @Test
    void partitionedReadLandsEveryRowOnceIncludingNullPartitionValues() throws Exception {
        String source = seedSource(20000);
        String target = "dst_parts_" + suffix;
        TestProject project = project("parts", pgConnection("pg", "", "    public." + source + ":\n      read:\n"
                + "        partition_column: score\n        partitions: 4\n"),
                "INSERT INTO {{ sink('pg', 'public." + target + "', strategy: 'append') }}\n"
                        + "select " + COLUMNS + " from {{ source('pg', 'public." + source + "') }}\n");
        CliRun run = ok(project, "run", "--all");
        assertThat(run.out()).contains("src_pg__public_" + source);
        assertThat(project.read(".pz/target/plan.json"))
                .contains("has no native path (4 partitions) (read=full)", "\"partitions\": 4");
        assertThat(difference("public." + source, "public." + target)).isZero();
    }

    @Test
    void incrementalRunReadsOnlyRowsPastTheStoredWatermark() throws Exception {
        String source = "inc_" + suffix;
        String target = "inc_out_" + suffix;
        sql("create table public." + source + " (id bigint primary key, customer text not null, "
                + "amount double precision not null, updated_at timestamp not null)",
                "insert into public." + source + " select i, 'cust-' || i, i * 1.5, timestamp '2026-01-01' "
                        + "+ (i - 1) * interval '1 minute' from generate_series(1, 50) i");
        TestProject project = project("inc", pgConnection("pg", "", "    public." + source + ":\n      read:\n"
                + "        columns: {id: bigint, customer: varchar, amount: double, updated_at: timestamp}\n"
                + "        sync: {mode: incremental, cursor: updated_at}\n"),
                "INSERT INTO {{ sink('pg', 'public." + target + "', strategy: 'merge', keys: ['id']) }}\n"
                        + "select id, customer, amount, updated_at from {{ source('pg', 'public." + source + "') }}\n");
        String node = "src_pg__public_" + source;
        ok(project, "run", "--all");
        assertThat(RunArtifacts.node(RunArtifacts.results(RunArtifacts.latestRun(project.path())), node).get("rows")
                .asLong()).isEqualTo(50);

        sql("update public." + source + " set customer = customer || '-updated', updated_at = timestamp '2026-01-03' "
                + "+ (id - 1) * interval '1 minute' where id <= 5",
                "insert into public." + source + " select i, 'cust-' || i, i * 1.5, timestamp '2026-01-03 00:10' "
                        + "+ (i - 51) * interval '1 minute' from generate_series(51, 60) i");
        ok(project, "run", "--all");
        JsonNode results = RunArtifacts.results(RunArtifacts.latestRun(project.path()));
        assertThat(RunArtifacts.node(results, node).get("rows").asLong()).as("rows the narrowed query read")
                .isEqualTo(15);
        assertThat(count("select count(*) from public." + target)).isEqualTo(60);
        assertThat(count("select count(*) from public." + target + " where customer like '%-updated'")).isEqualTo(5);
        assertThat(project.read(".pz/state/watermarks.json")).contains("2026-01-03T00:19:00.000000");
    }

    @Test
    void projectionAndPredicateArePushedAndShownInThePlan() throws Exception {
        String source = seedSource(1000);
        String target = "pushed_" + suffix;
        TestProject project = project("push", pgConnection("pg", "", ""),
                "INSERT INTO {{ sink('pg', 'public." + target + "', strategy: 'replace') }}\n"
                        + "select o.id, o.name from {{ source('pg', 'public." + source + "') }} as o\n"
                        + "where o.amount > 500 and o.flag\n");
        CliRun plan = ok(project, "plan");
        assertThat(plan.out()).contains("[pushed: 4 columns + filter amount > 500 and flag = true]");
        String planJson = project.read(".pz/target/plan.json");
        assertThat(planJson).contains("\"columns_pushed\": 4", "\"predicate_pushed\": true");

        ok(project, "run", "--all");
        long expected = count("select count(*) from public." + source + " where amount > 500 and flag");
        JsonNode results = RunArtifacts.results(RunArtifacts.latestRun(project.path()));
        assertThat(RunArtifacts.node(results, "src_pg__public_" + source).get("rows").asLong())
                .as("the source applied the filter").isEqualTo(expected);
        assertThat(count("select count(*) from public." + target)).isEqualTo(expected);
    }

    @Test
    void arithmeticAndDuckDbFunctionsStayInDuckDbSoTheResultIsRight() throws Exception {
        // PostgreSQL divides integers (3 / 2 = 1) and has no regexp_matches(): neither may reach it.
        String source = seedSource(10);
        String target = "arith_" + suffix;
        TestProject project = project("arith", pgConnection("pg", "", ""),
                "INSERT INTO {{ sink('pg', 'public." + target + "', strategy: 'replace') }}\n"
                        + "select o.id from {{ source('pg', 'public." + source + "') }} as o\n"
                        + "where o.id / 2 > 1 and regexp_matches(o.name, '^na') and o.id <= 6\n");
        CliRun plan = ok(project, "plan");
        assertThat(plan.out()).contains("[pushed: 2 columns + filter id <= 6]");
        ok(project, "run", "--all");
        assertThat(rows("select id from public." + target + " order by id")).containsExactly("3", "4", "5", "6");
    }

    @Test
    void queryModeIsSentVerbatimAndTheEngineNarrowsItsRows() throws Exception {
        String source = seedSource(300);
        String target = "q_" + suffix;
        TestProject project = project("query", pgConnection("pg", "", "    recent:\n      read:\n"
                + "        query: select id, name, amount from public." + source + " where id <= 100\n"),
                "INSERT INTO {{ sink('pg', 'public." + target + "', strategy: 'replace') }}\n"
                        + "select r.id from {{ source('pg', 'recent') }} r where r.amount > 100\n");
        ok(project, "run", "--all");
        assertThat(count("select count(*) from public." + target)).isEqualTo(
                count("select count(*) from public." + source + " where id <= 100 and amount > 100"));
        JsonNode results = RunArtifacts.results(RunArtifacts.latestRun(project.path()));
        assertThat(RunArtifacts.node(results, "src_pg__recent").get("rows").asLong()).isEqualTo(100);
    }

    // ---- validate --connect ----------------------------------------------------------------------------

    @Test
    void validateConnectProbesConnectionsAndComparesContracts() throws Exception {
        String source = seedSource(10);
        TestProject good = project("valid", pgConnection("pg", "", "    public." + source + ":\n      read:\n"
                + "        columns: {id: bigint, name: varchar}\n    loose:\n      read:\n"
                + "        query: select id, amount from public." + source + "\n"),
                "select s.id, s.name, l.amount from {{ source('pg', 'public." + source + "') }} s "
                        + "join {{ source('pg', 'loose') }} l on l.id = s.id\n");
        CliRun run = ok(good, "validate", "--connect");
        assertThat(run.out()).contains("validation passed (1 pipelines, 1 connections checked)");
        assertThat(good.read(".pz/target/schemas.json")).contains("\"version\": 1", "\"pg.loose\": \"amount: Decimal128(38,9), id: Int64\"");

        TestProject drift = project("drift", pgConnection("pg", "", "    emails:\n      read:\n"
                + "        query: select name as email from public." + source + " limit 5\n"
                + "        columns: {email: bigint}\n"), "select email from {{ source('pg', 'emails') }}\n");
        CliRun drifted = pz(drift, "validate", "--connect");
        assertThat(drifted.exitCode()).as(drifted.toString()).isEqualTo(2);
        assertThat(drifted.err()).contains("PZ0331", "email", "bigint");

        TestProject missing = project("missing", pgConnection("pg", "", ""),
                "select * from {{ source('pg', 'public.no_such_table_" + suffix + "') }}\n");
        CliRun absent = pz(missing, "validate", "--connect");
        assertThat(absent.exitCode()).as(absent.toString()).isEqualTo(2);
        assertThat(absent.err()).contains("PZ0330", "no_such_table_" + suffix, "does not exist");
    }

    @Test
    void validateConnectNamesUnreachableAndUnauthenticatedConnectionsWithoutSecrets() throws Exception {
        PostgresTestServer.Endpoint role = PostgresTestServer.passwordEndpoint();
        String wrong = "Wrong-" + suffix + "-Secret";
        TestProject project = project("auth", "pg:\n  connector: postgres\n  host: 127.0.0.1\n  port: 1\n"
                + "  database: x\n  user: u\n  password: " + wrong + "\n  connect_timeout_seconds: 5\n"
                + "auth:\n  connector: postgres\n  host: " + role.host() + "\n  port: " + role.port() + "\n  database: "
                + role.database() + "\n  user: " + role.user() + "\n  password: " + wrong + "\n"
                + "nohost:\n  connector: postgres\n  host: no-such-host-" + suffix + ".invalid\n  database: x\n"
                + "  password: " + wrong + "\n  connect_timeout_seconds: 5\n",
                "select 1 as x\n");
        CliRun run = pz(project, "validate", "--connect");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0330", "connection 'pg'", "connection 'auth'", "connection 'nohost'",
                "password authentication failed", "unknown host").doesNotContain(wrong);
        assertThat(run.out()).doesNotContain(wrong);
    }

    // ---- bad input and faults -----------------------------------------------------------------------

    /** Runs a project expected to fail one node; returns the failed node's error code. */
    private String failingRun(TestProject project, String failedNode) {
        CliRun run = pz(project, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        JsonNode error = RunArtifacts.node(RunArtifacts.results(RunArtifacts.latestRun(project.path())), failedNode)
                .get("error");
        assertThat(error.get("code").asText()).matches("PZ\\d{4}");
        assertThat(run.out() + run.err()).doesNotContain("password=");
        return error.get("message").asText();
    }

    @Test
    void unreachableServerFailsTheSourceAndLeavesTheParquetTargetAlone() throws Exception {
        String source = seedSource(100);
        TestProject project = toParquet(source);
        ok(project, "run", "--all");
        byte[] before = java.nio.file.Files.readAllBytes(project.resolve("out/orders/orders.parquet"));
        project.file("connections.yml", project.read("connections.yml").replace("port: ${PG_PORT}",
                "port: 1\n  connect_timeout_seconds: 2\n  retry: {max_attempts: 1}"));
        String message = failingRun(project, "src_pg__public_" + source);
        assertThat(message).contains("Connection", "refused");
        assertThat(java.nio.file.Files.readAllBytes(project.resolve("out/orders/orders.parquet"))).isEqualTo(before);
    }

    /** A pg → pg project from {@code source} into {@code target} with the given sink() kwargs. */
    private TestProject pgToPg(String dir, String source, String target, String kwargs) {
        return project(dir, pgConnection("pg", "", ""), "INSERT INTO {{ sink('pg', 'public." + target + "'" + kwargs
                + ") }}\nselect " + COLUMNS + " from {{ source('pg', 'public." + source + "') }}\n");
    }

    @Test
    void uniqueViolationDuringMergeRollsBackEverything() throws Exception {
        String source = seedSource(200);
        String target = "uv_" + suffix;
        sql("create table public." + target + " as select * from public." + source + " where id <= 3",
                "alter table public." + target + " add unique (id)",
                "alter table public." + target + " add constraint " + target + "_name unique (name)",
                "update public." + source + " set name = 'dup' where id in (150, 151)");
        List<String> before = rows("select * from public." + target + " order by id");
        String message = failingRun(pgToPg("uv", source, target, ", strategy: 'merge', keys: ['id']"), "pg.public." + target);
        assertThat(message).contains("duplicate key");
        assertThat(rows("select * from public." + target + " order by id")).isEqualTo(before);
    }

    @Test
    void valueTooLongForAnExistingColumnRollsBack() throws Exception {
        String source = seedSource(50);
        String target = "long_" + suffix;
        sql("create table public." + target + " (id bigint, name varchar(5), amount numeric(38,9), "
                + "score double precision, day date, ts timestamptz, flag boolean)",
                "insert into public." + target + " (id, name) values (1, 'kept')");
        String message = failingRun(pgToPg("long", source, target, ", strategy: 'append'"), "pg.public." + target);
        assertThat(message).contains("too long");
        assertThat(rows("select id, name from public." + target)).containsExactly("1|kept");
    }

    @Test
    void nullMergeKeyFailsWithItsCodeAndLeavesTheTarget() throws Exception {
        String source = "nk_" + suffix;
        String target = "nk_out_" + suffix;
        sql("create table public." + source + " (id bigint, name text, amount numeric(18,2), score double precision, "
                + "day date, ts timestamptz, flag boolean)",
                "insert into public." + source + " (id, name) values (1, 'a'), (null, 'b'), (3, 'c')",
                "create table public." + target + " (id bigint unique, name text, amount numeric(38,9), "
                        + "score double precision, day date, ts timestamptz, flag boolean)",
                "insert into public." + target + " (id, name) values (9, 'kept')");
        CliRun run = pz(pgToPg("nk", source, target, ", strategy: 'merge', keys: ['id']"), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.out() + run.err()).contains("PZ0521");
        assertThat(rows("select id, name from public." + target)).containsExactly("9|kept");
    }

    @Test
    void tableDroppedBetweenPlanAndRunFailsTheSource() throws Exception {
        String source = seedSource(30);
        String target = "dropped_" + suffix;
        sql("create table public." + target + " as select * from public." + source);
        List<String> before = rows("select * from public." + target + " order by id");
        TestProject project = pgToPg("dropped", source, target, ", strategy: 'replace'");
        ok(project, "plan");
        sql("drop table public." + source);
        String message = failingRun(project, "src_pg__public_" + source);
        assertThat(message).contains(source, "does not exist");
        assertThat(rows("select * from public." + target + " order by id")).isEqualTo(before);
    }
}
