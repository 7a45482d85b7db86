package dev.pz.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arrow ingest lands every batch of a stream as a table, with each v0 type mapped to
 * its DuckDB type, leaks no Arrow memory (the root allocator is closed after each test and
 * fails it on a leak), never closes the caller's reader, and leaves no table when it fails.
 */
class ArrowIngestTest {

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

    @Tag("slow")
    @Test
    void ingestsOneMillionMixedRowsWithTheV0Types() throws Exception {
        long rows = 1_000_000;
        long generateNanos = System.nanoTime();
        try (GeneratedArrowReader reader = new GeneratedArrowReader(allocator, rows, 122_880, -1)) {
            while (reader.loadNextBatch()) {
                // Drains the generator alone, to separate its cost from the ingest's.
            }
        }
        generateNanos = System.nanoTime() - generateNanos;
        long started = System.nanoTime();
        long ingested;
        try (GeneratedArrowReader reader = new GeneratedArrowReader(allocator, rows, 122_880, -1)) {
            ingested = ArrowIngest.createTable(connection, "staging.mixed", reader, allocator);
        }
        long nanos = System.nanoTime() - started;
        System.out.printf("ArrowIngest: %d rows in %d ms (generator alone %d ms) = %.0f rows/s net%n", rows,
                nanos / 1_000_000, generateNanos / 1_000_000, rows / ((nanos - generateNanos) / 1e9));
        assertThat(ingested).isEqualTo(rows);
        List<String> types = connection.query(
                "select column_name || ' ' || data_type from information_schema.columns"
                        + " where table_name = 'mixed' order by ordinal_position", row -> row.getString(1));
        assertThat(types).containsExactly("id BIGINT", "name VARCHAR", "amount DOUBLE", "day DATE",
                "at TIMESTAMP", "flag BOOLEAN");
        List<String> check = connection.query("select count(*), sum(id), count(name), sum(amount),"
                + " max(day)::varchar, max(\"at\")::varchar, count(*) filter (where flag) from staging.mixed",
                row -> row.getString(1) + "|" + row.getString(2) + "|" + row.getString(3) + "|" + row.getString(4)
                        + "|" + row.getString(5) + "|" + row.getString(6) + "|" + row.getString(7));
        assertThat(check).containsExactly("1000000|499999500000|857142|1.24999875E11|2024-10-03|1970-01-12 13:46:39|333334");
        assertThat(connection.queryScalar("select \"at\"::varchar from staging.mixed where id = 3600")).contains("1970-01-01 01:00:00");
    }

    @Test
    void readerIsBorrowedNotClosed() throws Exception {
        try (GeneratedArrowReader reader = new GeneratedArrowReader(allocator, 10, 4, -1)) {
            ArrowIngest.createTable(connection, "staging.small", reader, allocator);
            assertThat(reader.batchesLoaded).isEqualTo(3);
            // Still usable after the ingest: its root is open and owned by it.
            assertThat(reader.getVectorSchemaRoot().getSchema()).isEqualTo(GeneratedArrowReader.SCHEMA);
        }
        assertThat(connection.queryScalar("select count(*) from staging.small")).contains(10L);
    }

    @Test
    void failingReaderSurfacesItsOwnExceptionAndLeavesNoTable() throws Exception {
        try (GeneratedArrowReader reader = new GeneratedArrowReader(allocator, 100_000, 1_000, 50_000)) {
            assertThatThrownBy(() -> ArrowIngest.createTable(connection, "staging.broken", reader, allocator))
                    .isInstanceOf(IllegalStateException.class).hasMessage("generated failure after 50000 rows");
        }
        assertThat(tableExists("broken")).isFalse();
        // The connection is still usable.
        assertThat(connection.queryScalar("select 42")).contains(42);
    }

    @Test
    void cancelledIngestLeavesNoTable() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (SlowReader reader = new SlowReader(allocator)) {
            Future<?> ingest = pool.submit(() -> ArrowIngest.createTable(connection, "staging.cancelled", reader,
                    allocator));
            assertThat(DuckSessionTest.interruptUntilDone(ingest, connection::cancel))
                    .isInstanceOf(DuckSqlException.class);
        } finally {
            pool.shutdownNow();
        }
        assertThat(tableExists("cancelled")).isFalse();
    }

    @Test
    void existingTableSurvivesAFailedCreate() throws Exception {
        connection.execute("create table staging.taken as select 1 as x");
        try (GeneratedArrowReader reader = new GeneratedArrowReader(allocator, 10, 10, -1)) {
            assertThatThrownBy(() -> ArrowIngest.createTable(connection, "staging.taken", reader, allocator))
                    .isInstanceOf(DuckSqlException.class).hasMessageContaining("already exists");
        }
        assertThat(connection.queryScalar("select x from staging.taken")).contains(1);
    }

    private boolean tableExists(String name) {
        return connection.queryScalar("select count(*) from information_schema.tables where table_name = '"
                + name + "'").map(n -> ((Number) n).longValue() > 0).orElse(false);
    }

    /** A source slower than the ingest: small batches, 20 ms apart (a minute at most), so cancels land mid-ingest. */
    private static final class SlowReader extends GeneratedArrowReader {
        SlowReader(BufferAllocator allocator) {
            super(allocator, 300_000, 100, -1);
        }

        @Override
        public boolean loadNextBatch() {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return super.loadNextBatch();
        }
    }
}
