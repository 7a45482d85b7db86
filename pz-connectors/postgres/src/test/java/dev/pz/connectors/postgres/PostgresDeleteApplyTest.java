package dev.pz.connectors.postgres;

import static dev.pz.connectors.postgres.PostgresTestData.BIGINT;
import static dev.pz.connectors.postgres.PostgresTestData.VARCHAR;
import static dev.pz.connectors.postgres.PostgresTestData.batch;
import static dev.pz.connectors.postgres.PostgresTestData.execute;
import static dev.pz.connectors.postgres.PostgresTestData.output;
import static dev.pz.connectors.postgres.PostgresTestData.query;
import static dev.pz.connectors.postgres.PostgresTestData.row;
import static dev.pz.connectors.postgres.PostgresTestData.schema;
import static dev.pz.connectors.postgres.PostgresTestData.uniqueTable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.DeleteApplyingSession;
import dev.pz.connectors.api.OnDelete;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Merge sessions fed by a change capture: deleted keys applied after the upsert, in its transaction. */
class PostgresDeleteApplyTest {

    private static final Schema ID_NAME = schema("id", BIGINT, "name", VARCHAR);
    private static final Schema ID = schema("id", BIGINT);

    private BufferAllocator allocator;
    private final Sink sink = new PostgresConnector().openSink(PostgresTestServer.config()).orElseThrow();
    private String table;

    @BeforeEach
    void setUp() throws Exception {
        allocator = new RootAllocator();
        table = uniqueTable("deletes");
        execute("create table " + table + " (id bigint unique, name text)",
                "insert into " + table + " values (1, 'a'), (2, 'b'), (3, 'c')");
    }

    @AfterEach
    void tearDown() {
        allocator.close();
    }

    private void merge(OnDelete onDelete, List<List<Object>> upserts, List<List<Object>> deletedKeys, boolean commit) {
        OutputSpec spec = output(table, WriteStrategy.MERGE, "id").withOnDelete(onDelete);
        try (DeleteApplyingSession session = (DeleteApplyingSession) sink.beginWrite(spec, ID_NAME);
                VectorSchemaRoot rows = batch(allocator, ID_NAME, upserts);
                VectorSchemaRoot keys = batch(allocator, ID, deletedKeys)) {
            session.write(rows);
            session.deleteKeys(keys);
            if (commit) {
                session.commit();
            } else {
                session.abort();
            }
        }
    }

    @Test
    void deleteRemovesTheKeysAfterTheUpsert() throws Exception {
        merge(OnDelete.DELETE, List.of(row(1L, "a2"), row(4L, "d")), List.of(row(3L), row(99L)), true);

        assertThat(query("select id, name from " + table + " order by id"))
                .containsExactly(List.of(1L, "a2"), List.of(2L, "b"), List.of(4L, "d"));
    }

    @Test
    void anAbortLeavesTheTargetAsItWas() throws Exception {
        merge(OnDelete.DELETE, List.of(row(1L, "a2")), List.of(row(3L)), false);

        assertThat(query("select id, name from " + table + " order by id"))
                .containsExactly(List.of(1L, "a"), List.of(2L, "b"), List.of(3L, "c"));
    }

    @Test
    void softStampsDeletedRowsAndAnUpsertClearsTheStamp() throws Exception {
        OutputSpec plain = output(table, WriteStrategy.MERGE, "id").withOnDelete(OnDelete.SOFT);
        assertThatThrownBy(() -> sink.beginWrite(plain, ID_NAME).close()).isInstanceOf(PzConnectorException.class)
                .hasMessageContaining("_pz_deleted_at").hasMessageContaining("schema_policy: additive");

        OutputSpec additive = new OutputSpec(PostgresTestServer.CONNECTION, table, WriteStrategy.MERGE,
                SchemaPolicy.ADDITIVE, java.util.Map.of(), List.of("id"), plain.attempt()).withOnDelete(OnDelete.SOFT);
        try (DeleteApplyingSession session = (DeleteApplyingSession) sink.beginWrite(additive, ID_NAME);
                VectorSchemaRoot rows = batch(allocator, ID_NAME, List.of(row(1L, "a2")));
                VectorSchemaRoot keys = batch(allocator, ID, List.of(row(2L)))) {
            session.write(rows);
            session.deleteKeys(keys);
            session.commit();
        }
        assertThat(query("select id, name, _pz_deleted_at is not null from " + table + " order by id"))
                .containsExactly(List.of(1L, "a2", false), List.of(2L, "b", true), List.of(3L, "c", false));

        merge(OnDelete.SOFT, List.of(row(2L, "b2")), List.of(row(3L)), true);
        assertThat(query("select id, name, _pz_deleted_at is not null from " + table + " order by id"))
                .containsExactly(List.of(1L, "a2", false), List.of(2L, "b2", false), List.of(3L, "c", true));
    }

    @Test
    void aNewSoftDeleteTargetIsCreatedWithTheStampColumn() throws Exception {
        String created = uniqueTable("soft_new");
        OutputSpec spec = output(created, WriteStrategy.MERGE, "id").withOnDelete(OnDelete.SOFT);
        try (DeleteApplyingSession session = (DeleteApplyingSession) sink.beginWrite(spec, ID_NAME);
                VectorSchemaRoot rows = batch(allocator, ID_NAME, List.of(row(1L, "a")))) {
            session.write(rows);
            session.commit();
        }
        assertThat(query("select id, name, _pz_deleted_at from " + created)).containsExactly(row(1L, "a", null));
    }
}
