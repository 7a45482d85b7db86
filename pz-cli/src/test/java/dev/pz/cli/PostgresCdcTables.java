package dev.pz.cli;

import dev.pz.connectors.postgres.PostgresProjects;
import dev.pz.connectors.postgres.PostgresTestServer;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The tables of a change-capture test on the suite's PostgreSQL with {@code wal_level = logical}: a
 * source table {@code (id integer primary key, name text, amount numeric(12,2))} holding rows 1 and
 * 2, its publication, and the name of the merge output a project copies it into.
 */
record PostgresCdcTables(PostgresTestServer.Endpoint server, String source, String target, String publication) {

    /** Creates the source table and its publication under fresh names starting with {@code prefix}. */
    static PostgresCdcTables create(String prefix) throws SQLException {
        PostgresTestServer.Endpoint server = PostgresTestServer.logicalEndpoint();
        String suffix = Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
        PostgresCdcTables tables = new PostgresCdcTables(server, prefix + "_src_" + suffix, prefix + "_dst_" + suffix,
                "pub_" + prefix + "_" + suffix);
        PostgresProjects.execute("create table " + tables.source + " (id integer primary key, name text, amount"
                + " numeric(12,2))", "insert into " + tables.source + " values (1, 'one', 1.50), (2, 'two', 2.50)",
                "create publication " + tables.publication + " for table " + tables.source);
        return tables;
    }

    /** Drops the slot pz made (when no session holds it) and the publication. */
    void drop() throws SQLException {
        PostgresProjects.execute("select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name"
                + " = 'pz_pg_" + source + "' and not active", "drop publication if exists " + publication);
    }

    /**
     * A project in {@code directory} copying the source ({@code pg}, cdc) into the target, a merge on
     * {@code id} with {@code on_delete}; {@code projectLines} are added to project.yml.
     */
    TestProject project(Path directory, String name, String onDelete, String projectLines) {
        return TestProject.in(directory).projectYml(name, "engine:\n  threads: 2\n" + projectLines)
                .file("connections.yml", PostgresProjects.connection("pg", "", "    " + source + ":\n      read:\n"
                        + "        sync:\n          mode: cdc\n        publication: " + publication + "\n"
                        + "        poll_idle_timeout: 2s\n"))
                .file("pipelines/copy.sql", "INSERT INTO {{ sink('pg', '" + target + "', strategy: 'merge', keys: ['id'],"
                        + " on_delete: '" + onDelete + "') }}\nselect id, name, amount from {{ source('pg', '" + source
                        + "') }}\n");
    }

    /** The target's rows by id, as text. */
    List<String> targetRows() throws SQLException {
        return PostgresProjects.rows("select id, name, amount from " + target + " order by id");
    }

    /** The source's rows by id, typed as the target holds them. */
    List<String> sourceRows() throws SQLException {
        return PostgresProjects.rows("select id, name, amount::numeric(38,9) from " + source + " order by id");
    }
}
