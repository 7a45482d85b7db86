package dev.pz.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arrow egress streams a query's rows as batches the caller owns through the reader; closing the
 * reader releases the statement (the connection can run the next query) and every Arrow buffer
 * (the root allocator closed after each test fails it on a leak).
 */
class ArrowEgressTest {

    @TempDir
    Path dir;

    private BufferAllocator allocator;
    private DuckSession session;
    private DuckConnection connection;

    @BeforeEach
    void open() {
        allocator = new RootAllocator();
        session = DuckSession.open(dir.resolve("staging.duckdb"), DuckSettings.defaults());
        connection = session.connect();
    }

    @AfterEach
    void close() {
        session.close();
        allocator.close();
    }

    /**
     * A result is streamed, not materialised before its first batch: a query of 10^12 rows (far more
     * than memory could hold) yields its first batch and closes. Materialised, it would never return;
     * the timeout only turns that hang into a failure.
     */
    @Test
    @Timeout(value = 120, unit = java.util.concurrent.TimeUnit.SECONDS)
    void aResultIsStreamedSoItsFirstBatchComesBeforeTheQueryEnds() throws Exception {
        try (ArrowReader reader = ArrowEgress.query(connection,
                "select range as id, repeat('x', 200) as pad from range(1000000000000)", allocator, 1_024)) {
            assertThat(reader.loadNextBatch()).isTrue();
            VectorSchemaRoot batch = reader.getVectorSchemaRoot();
            assertThat(batch.getRowCount()).isEqualTo(1_024);
            assertThat(batch.getVector("id").getObject(0)).isEqualTo(0L);
        }
        assertThat(connection.queryScalar("select 42")).contains(42);
    }

    @Tag("slow")
    @Test
    void roundTripThroughIngestEqualsTheTable() throws Exception {
        long rows = 1_000_000;
        try (GeneratedArrowReader reader = new GeneratedArrowReader(allocator, rows, 100_000, -1)) {
            ArrowIngest.createTable(connection, "staging.source", reader, allocator);
        }
        long started = System.nanoTime();
        long seen = 0;
        int batches = 0;
        try (BufferAllocator child = allocator.newChildAllocator("egress", 0, Long.MAX_VALUE);
                ArrowReader reader = ArrowEgress.query(connection, "select * from staging.source", child, 65_536)) {
            long ingested = ArrowIngest.createTable(connection2(), "staging.copy", reader, child);
            seen = ingested;
        }
        long nanos = System.nanoTime() - started;
        System.out.printf("ArrowEgress+Ingest: %d rows in %d ms%n", seen, nanos / 1_000_000);
        assertThat(seen).isEqualTo(rows);
        assertThat(connection.queryScalar("select count(*) from (select * from staging.source except all"
                + " select * from staging.copy)")).contains(0L);
        assertThat(connection.queryScalar("select count(*) from (select * from staging.copy except all"
                + " select * from staging.source)")).contains(0L);
        started = System.nanoTime();
        try (ArrowReader reader = ArrowEgress.query(connection, "select * from staging.source", allocator, 65_536)) {
            seen = 0;
            while (reader.loadNextBatch()) {
                seen += reader.getVectorSchemaRoot().getRowCount();
                batches++;
            }
        }
        nanos = System.nanoTime() - started;
        System.out.printf("ArrowEgress: %d rows, %d batches in %d ms = %.0f rows/s%n", seen, batches,
                nanos / 1_000_000, seen / (nanos / 1e9));
        assertThat(seen).isEqualTo(rows);
    }

    @Test
    void batchesCarryTheValues() throws Exception {
        try (ArrowReader reader = ArrowEgress.query(connection, "select 1::integer as a, 'x' as b,"
                + " 2.5::double as c, 12.345::decimal(38,9) as d, true as e, date '2026-01-02' as f,"
                + " timestamp '2026-01-02 03:04:05.123456' as g, null::varchar as h", allocator, 10)) {
            assertThat(reader.loadNextBatch()).isTrue();
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            assertThat(root.getRowCount()).isEqualTo(1);
            assertThat(root.getVector("a").getObject(0)).isEqualTo(1);
            assertThat(root.getVector("b").getObject(0).toString()).isEqualTo("x");
            assertThat(root.getVector("d").getObject(0).toString()).isEqualTo("12.345000000");
            assertThat(root.getVector("g").getObject(0).toString()).isEqualTo("2026-01-02T03:04:05.123456");
            assertThat(root.getVector("h").isNull(0)).isTrue();
            assertThat(reader.loadNextBatch()).isFalse();
        }
        // The stream is closed: the connection takes the next query.
        assertThat(connection.queryScalar("select 7")).contains(7);
    }

    @Test
    void schemaOfAQueryWithoutRunningIt() {
        Schema schema = ArrowEgress.schema(connection, "select 1::integer as a, 'x' as b, 2.5::double as c,"
                + " 1.5::decimal(38,9) as d, true as e, date '2026-01-02' as f, timestamp '2026-01-02' as g,"
                + " 3::bigint as h from range(1000000000000)", allocator);
        assertThat(schema.getFields()).extracting(Field::getName).containsExactly("a", "b", "c", "d", "e", "f", "g", "h");
        assertThat(schema.getFields()).extracting(Field::getType).containsExactly(
                new ArrowType.Int(32, true), ArrowType.Utf8.INSTANCE,
                new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), new ArrowType.Decimal(38, 9, 128),
                ArrowType.Bool.INSTANCE, new ArrowType.Date(DateUnit.DAY),
                new ArrowType.Timestamp(TimeUnit.MICROSECOND, null), new ArrowType.Int(64, true));
    }

    @Test
    void badQueryFailsAndLeavesTheConnectionUsable() {
        assertThatThrownBy(() -> ArrowEgress.query(connection, "select nope from range(1)", allocator, 10))
                .isInstanceOf(DuckSqlException.class).hasMessageContaining("nope");
        assertThat(connection.queryScalar("select 1")).contains(1);
        assertThat(List.of(allocator.getAllocatedMemory())).containsExactly(0L);
    }

    private DuckConnection second;

    private DuckConnection connection2() {
        if (second == null) {
            second = session.connect();
        }
        return second;
    }
}
