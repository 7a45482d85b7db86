package dev.pz.connectors.postgres;

import static dev.pz.connectors.postgres.PostgresTestData.BIGINT;
import static dev.pz.connectors.postgres.PostgresTestData.INT;
import static dev.pz.connectors.postgres.PostgresTestData.VARCHAR;
import static dev.pz.connectors.postgres.PostgresTestData.batch;
import static dev.pz.connectors.postgres.PostgresTestData.count;
import static dev.pz.connectors.postgres.PostgresTestData.execute;
import static dev.pz.connectors.postgres.PostgresTestData.output;
import static dev.pz.connectors.postgres.PostgresTestData.query;
import static dev.pz.connectors.postgres.PostgresTestData.row;
import static dev.pz.connectors.postgres.PostgresTestData.schema;
import static dev.pz.connectors.postgres.PostgresTestData.uniqueTable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.MergeKeyDuplicates;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The sink's strategies and its session contract: what each
 * strategy leaves in the table, that nothing is visible before commit and nothing survives an
 * abort, and that target problems are reported before any data moves.
 */
class PostgresWriteSessionTest {

    private static final Schema ID_NAME = schema("id", BIGINT, "name", VARCHAR);

    private BufferAllocator allocator;
    private final Sink sink = new PostgresConnector().openSink(PostgresTestServer.config()).orElseThrow();

    @BeforeEach
    void openAllocator() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void closeAllocator() {
        allocator.close();
    }

    @Test
    void appendAddsRowsAndReportsCounts() throws Exception {
        String table = uniqueTable("append");
        assertThat(write(output(table, WriteStrategy.APPEND), List.of(row(1L, "a"), row(2L, "b")), List.of(row(3L, "c"))))
                .isEqualTo(new WriteResult(3, 2));
        write(output(table, WriteStrategy.APPEND), List.of(row(1L, "a")));

        assertThat(query("select id, name from " + table + " order by id, name"))
                .containsExactly(row(1L, "a"), row(1L, "a"), row(2L, "b"), row(3L, "c"));
    }

    @Test
    void replaceSwapsContentAndOthersSeeOldRowsUntilCommit() throws Exception {
        String table = uniqueTable("replace");
        write(output(table, WriteStrategy.APPEND), List.of(row(1L, "old"), row(2L, "old")));

        try (Connection observer = PostgresTestServer.jdbc();
                WriteSession session = sink.beginWrite(output(table, WriteStrategy.REPLACE), ID_NAME)) {
            send(session, List.of(row(10L, "new")));
            assertThat(query(observer, "select id, name from " + table + " order by id"))
                    .containsExactly(row(1L, "old"), row(2L, "old"));
            session.commit();
            assertThat(query(observer, "select id, name from " + table)).containsExactly(row(10L, "new"));
        }
    }

    @Test
    void mergeUpsertsAndTheLastDuplicateWins() throws Exception {
        String table = uniqueTable("merge");
        write(output(table, WriteStrategy.MERGE, "id"), List.of(row(1L, "one"), row(2L, "two")));

        write(output(table, WriteStrategy.MERGE, "id"), List.of(row(2L, "two-first"), row(3L, "three")),
                List.of(row(2L, "two-last")));

        assertThat(query("select id, name from " + table + " order by id"))
                .containsExactly(row(1L, "one"), row(2L, "two-last"), row(3L, "three"));
    }

    @Test
    void aMergeCountsItsRepeatedKeysAndAnAppendCountsNothing() throws Exception {
        String table = uniqueTable("mergecount");
        assertThat(write(output(table, WriteStrategy.MERGE, "id"), List.of(row(1L, "one"), row(2L, "two"))))
                .isEqualTo(new WriteResult(2, 1, Optional.of(MergeKeyDuplicates.NONE)));

        // Key 2 three times, key 4 twice (across batches), key 3 once: 2 groups, 3 rows beyond the first.
        assertThat(write(output(table, WriteStrategy.MERGE, "id"), List.of(row(2L, "a"), row(3L, "b"), row(2L, "c")),
                List.of(row(4L, "d"), row(2L, "e"), row(4L, "f"))))
                .isEqualTo(new WriteResult(6, 2, Optional.of(new MergeKeyDuplicates(2, 3))));
        assertThat(query("select id, name from " + table + " order by id"))
                .containsExactly(row(1L, "one"), row(2L, "e"), row(3L, "b"), row(4L, "f"));

        assertThat(write(output(uniqueTable("appendcount"), WriteStrategy.APPEND), List.of(row(1L, "a"), row(1L, "b"))))
                .isEqualTo(new WriteResult(2, 1));
    }

    @Test
    void aKeyOnlyMergeCountsRepeatedKeysThoughItsUpsertDoesNothingOnConflict() throws Exception {
        Schema keys = schema("a", INT, "b", INT);
        try (WriteSession session = sink.beginWrite(output(uniqueTable("keyonlycount"), WriteStrategy.MERGE, "a", "b"),
                keys)) {
            try (VectorSchemaRoot batch = batch(allocator, keys, List.of(row(1, 1), row(1, 2), row(1, 1), row(1, 1)))) {
                session.write(batch);
            }
            assertThat(session.commit().mergeKeyDuplicates()).contains(new MergeKeyDuplicates(1, 2));
        }
    }

    @Test
    void mergeOnCompositeKeysAndKeyOnlyTablesDoNothingOnConflict() throws Exception {
        String table = uniqueTable("keyonly");
        Schema keys = schema("a", INT, "b", INT);
        try (WriteSession session = sink.beginWrite(output(table, WriteStrategy.MERGE, "a", "b"), keys)) {
            try (VectorSchemaRoot batch = batch(allocator, keys, List.of(row(1, 1), row(1, 2), row(1, 1)))) {
                session.write(batch);
            }
            session.commit();
        }
        try (WriteSession session = sink.beginWrite(output(table, WriteStrategy.MERGE, "a", "b"), keys)) {
            try (VectorSchemaRoot batch = batch(allocator, keys, List.of(row(1, 2), row(2, 1)))) {
                session.write(batch);
            }
            session.commit();
        }
        assertThat(query("select a, b from " + table + " order by a, b")).containsExactly(row(1, 1), row(1, 2), row(2, 1));
    }

    @Test
    void mergeWithANullKeyFailsWithMergeKeyNull() throws Exception {
        String table = uniqueTable("nullkey");
        write(output(table, WriteStrategy.MERGE, "id"), List.of(row(1L, "one")));

        try (WriteSession session = sink.beginWrite(output(table, WriteStrategy.MERGE, "id"), ID_NAME)) {
            assertThatThrownBy(() -> send(session, List.of(row(2L, "two"), row(null, "none"))))
                    .isInstanceOfSatisfying(PzConnectorException.class, e -> {
                        assertThat(e.code()).contains(PzCode.MERGE_KEY_NULL);
                        assertThat(e.isTransient()).isFalse();
                    })
                    .hasMessageContaining("merge key column 'id' is null in 1 row(s)");
            session.abort();
        }
        assertThat(query("select id, name from " + table)).containsExactly(row(1L, "one"));
    }

    @Test
    void abortLeavesAnExistingTargetUnchangedForEveryStrategy() throws Exception {
        String table = uniqueTable("abort");
        write(output(table, WriteStrategy.MERGE, "id"), List.of(row(1L, "kept")));
        for (OutputSpec spec : List.of(output(table, WriteStrategy.APPEND), output(table, WriteStrategy.REPLACE),
                output(table, WriteStrategy.MERGE, "id"))) {
            try (WriteSession session = sink.beginWrite(spec, ID_NAME)) {
                send(session, List.of(row(1L, "changed"), row(2L, "added")));
                session.abort();
            }
        }
        assertThat(query("select id, name from " + table)).containsExactly(row(1L, "kept"));
    }

    @Test
    void closeWithoutCommitAbortsAndDropsATableTheSessionCreated() throws Exception {
        String table = uniqueTable("created");
        try (WriteSession session = sink.beginWrite(output(table, WriteStrategy.APPEND), ID_NAME)) {
            send(session, List.of(row(1L, "a")));
        }
        assertThat(query("select count(*) from information_schema.tables where table_name = '" + table + "'"))
                .containsExactly(row(0L));
    }

    @Test
    void callsAfterCommitOrAbortAreRefused() {
        String table = uniqueTable("state");
        WriteSession committed = sink.beginWrite(output(table, WriteStrategy.APPEND), ID_NAME);
        committed.commit();
        assertThatThrownBy(committed::abort).isInstanceOf(IllegalStateException.class)
                .hasMessage("cannot abort a session already committed");
        assertThatThrownBy(committed::commit).hasMessage("cannot commit a session already committed");
        committed.close();

        WriteSession aborted = sink.beginWrite(output(table, WriteStrategy.APPEND), ID_NAME);
        aborted.abort();
        assertThatThrownBy(() -> send(aborted, List.of(row(1L, "a")))).isInstanceOf(IllegalStateException.class)
                .hasMessage("cannot write a session already aborted");
        aborted.close();
        aborted.close();
    }

    @Test
    void existingColumnOfAnotherTypeIsRefusedNamingBothTypes() throws Exception {
        String table = uniqueTable("policy");
        execute("create table " + table + " (c_int text)");

        assertThatThrownBy(() -> sink.beginWrite(output(table, WriteStrategy.APPEND), schema("c_int", INT)))
                .isInstanceOf(PzConnectorException.class)
                .hasMessageStartingWith("output '" + table + "': target column 'c_int' in public." + table
                        + " has type 'text', expected 'integer'");
        assertThatThrownBy(() -> sink.beginWrite(output(table, WriteStrategy.APPEND), schema("other", INT)))
                .hasMessageContaining("target column 'other' is missing from public." + table + " (expected 'integer')");
    }

    @Test
    void evolveIsRefusedBeforeConnecting() {
        OutputSpec evolve = new OutputSpec("pg", "t", WriteStrategy.APPEND, SchemaPolicy.EVOLVE, Map.of(), List.of(), null);
        assertThatThrownBy(() -> sink.beginWrite(evolve, ID_NAME)).isInstanceOf(PzConnectorException.class)
                .hasMessageContaining("schema_policy 'evolve' is not supported by the postgres sink in v0");
    }

    @Test
    void mergeNeedsKeysInTheSchemaAndAUniqueIndexOnThem() throws Exception {
        String table = uniqueTable("unique");
        execute("create table " + table + " (id bigint, name text)",
                "create unique index on " + table + " (id) where id > 0");

        assertThatThrownBy(() -> sink.beginWrite(output(table, WriteStrategy.MERGE, "nope"), ID_NAME))
                .hasMessage("output '" + table + "': merge key column(s) [nope] are not present in the write schema");
        assertThatThrownBy(() -> sink.beginWrite(output(table, WriteStrategy.MERGE, "id"), ID_NAME))
                .isInstanceOf(PzConnectorException.class)
                .hasMessageContaining("needs a unique constraint on (id)");

        execute("alter table " + table + " add unique (id)");
        write(output(table, WriteStrategy.MERGE, "id"), List.of(row(1L, "x")));
        assertThat(count(table)).isEqualTo(1);
    }

    @Test
    void qualifiedTargetsLandInTheirSchema() throws Exception {
        String schemaName = uniqueTable("s");
        execute("create schema " + schemaName);
        write(output(schemaName + ".orders", WriteStrategy.REPLACE), List.of(row(1L, "a")));
        assertThat(count(schemaName + ".orders")).isEqualTo(1);
        assertThatThrownBy(() -> sink.beginWrite(output("a.b.c", WriteStrategy.APPEND), ID_NAME))
                .hasMessage("entity 'a.b.c': expected '<table>' or '<schema>.<table>'");
    }

    @SafeVarargs
    private WriteResult write(OutputSpec spec, List<List<Object>>... batches) {
        try (WriteSession session = sink.beginWrite(spec, ID_NAME)) {
            for (List<List<Object>> rows : batches) {
                send(session, rows);
            }
            return session.commit();
        }
    }

    private void send(WriteSession session, List<List<Object>> rows) {
        try (VectorSchemaRoot batch = batch(allocator, ID_NAME, rows)) {
            session.write(batch);
        }
    }
}
