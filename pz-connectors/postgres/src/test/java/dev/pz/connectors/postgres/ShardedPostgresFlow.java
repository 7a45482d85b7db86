package dev.pz.connectors.postgres;

import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

/**
 * The sharded-run fixture that the CLI's and the Temporal module's tests share: a PostgreSQL table of
 * 20,000 rows (a table of its own per test), read incrementally on {@code updated_at} and partitioned
 * on {@code id}, appended to a PostgreSQL sink, with watermarks in a PostgreSQL state schema and
 * shards staged in a folder beside the project. The oracles read PostgreSQL directly, never through pz.
 */
public final class ShardedPostgresFlow {
    /** The watermark a complete run of {@link #shardedProject} stores: the largest cursor with {@code amount >= 1}. */
    public static final String WATERMARK = "2026-01-01T05:33:19.000000";

    private final Path temp;
    private final String source;
    private final String schema;
    private final Map<String, String> env;

    private ShardedPostgresFlow(Path temp, String suffix) {
        this.temp = temp;
        this.source = "shard_src_" + suffix;
        this.schema = "pz_state_" + suffix;
        this.env = PostgresProjects.environment(PostgresTestServer.endpoint());
    }

    /** Creates and fills this test's source table; projects go under {@code temp}. */
    public static ShardedPostgresFlow seed(Path temp) throws SQLException {
        ShardedPostgresFlow flow = new ShardedPostgresFlow(temp, Long.toHexString(System.nanoTime()));
        PostgresProjects.execute("create table public." + flow.source + " (id bigint primary key, name text,"
                        + " amount numeric(12,2), updated_at timestamp not null)",
                "insert into public." + flow.source + " select i, case when i % 7 = 0 then null else 'row-☃-' || i end,"
                        + " (i * 37 % 10000) / 100.0, timestamp '2026-01-01' + i * interval '1 second'"
                        + " from generate_series(1, 20000) i");
        return flow;
    }

    /** The source table's name, without its {@code public.} schema. */
    public String source() {
        return source;
    }

    /** The process environment plus the variables the projects' connections read. */
    public Map<String, String> environment() {
        return env;
    }

    /** A project under {@code temp/dir} reading the source incrementally, partitioned on id, appending to {@code target}. */
    public TestProject project(String dir, String target, String select) {
        return TestProject.in(temp.resolve(dir)).projectYml("shards_" + dir, "engine:\n  threads: 2\n"
                        + "scale_out:\n  staging: ../staging-" + dir + "\n"
                        + "state:\n  backend: postgres\n  connection: statedb\n  schema: " + schema + "_" + dir + "\n")
                .file("connections.yml", PostgresProjects.connection("pg", "", "    public." + source + ":\n      read:\n"
                        + "        columns: {id: bigint, name: varchar, amount: decimal, updated_at: timestamp}\n"
                        + "        partition_column: id\n        partitions: 2\n"
                        + "        sync: {mode: incremental, cursor: updated_at}\n")
                        + PostgresProjects.connection("statedb", "", ""))
                .file("pipelines/p.sql", "INSERT INTO {{ sink('pg', 'public." + target + "', strategy: 'append', duplicates: 'accept') }}\n"
                        + select.replace("SOURCE", "{{ source('pg', 'public." + source + "') }}") + "\n");
    }

    /** {@link #project} with a row-wise select (shardable): a filter, a renamed and a computed column. */
    public TestProject shardedProject(String dir, String target) {
        return project(dir, target, "select id, upper(name) as name, amount * 2 as doubled, updated_at from SOURCE"
                + " where amount >= 1");
    }

    /** The node name of the sink table {@code target}. */
    public static String sink(String target) {
        return "pg.public." + target;
    }

    /** {@code value|run_id} of the stored watermark of {@code public.<table>} in project {@code dir}'s state schema. */
    public List<String> watermark(String dir, String table) throws SQLException {
        if (count("select count(*) from information_schema.tables where table_schema = '" + schema + "_" + dir + "'") == 0) {
            return List.of();
        }
        return PostgresProjects.rows("select payload::json->>'value' || '|' || (payload::json->>'runId') from "
                + schema + "_" + dir + ".state_entries where scope = 'watermarks' and state_key = 'pg.public." + table
                + "'");
    }

    public static boolean tableExists(String table) throws SQLException {
        return count("select count(*) from information_schema.tables where table_name = '" + table + "'") > 0;
    }

    /** How many rows the two tables do not share, counting duplicates (zero: the same multiset of rows). */
    public static long difference(String a, String b) throws SQLException {
        String left = "select * from public." + a;
        String right = "select * from public." + b;
        return count("select count(*) from ((" + left + " except all " + right + ") union all (" + right
                + " except all " + left + ")) d");
    }

    /** The single number {@code query} returns. */
    public static long count(String query) throws SQLException {
        try (Connection connection = PostgresTestServer.jdbc(); Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(query)) {
            result.next();
            return result.getLong(1);
        }
    }
}
