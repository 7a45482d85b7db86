package dev.pz.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An Arrow stream behind a view is read once by the statement built over the view, stores nothing,
 * hands the reader's own failure to the caller, leaks no Arrow memory (the root allocator is closed
 * after each test) and drops its view when closed.
 */
class ArrowStreamViewTest {

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

    @Test
    void aStatementOverTheViewReadsEveryBatchOnceAndTheViewGoesWithTheStream() throws Exception {
        try (GeneratedArrowReader reader = new GeneratedArrowReader(allocator, 10_000, 1_000, -1)) {
            try (ArrowStreamView view = ArrowStreamView.create(connection, "staging.src", reader, allocator)) {
                connection.execute("create view staging.pipe as select count(*) as n from staging.src");
                assertThat(reader.batchesLoaded).as("creating views reads nothing").isZero();
                assertThat(connection.queryScalar("select n from staging.pipe")).contains(10_000L);
                assertThat(reader.batchesLoaded).isEqualTo(10);
            }
        }
        assertThat(connection.queryScalar("select count(*) from duckdb_views() where schema_name = 'staging'"
                + " and view_name = 'src'")).contains(0L);
        assertThat(connection.queryScalar("select count(*) from duckdb_tables() where schema_name = 'staging'"))
                .contains(0L);
    }

    @Test
    void aReaderFailingMidStreamIsTheFailureToReport() throws Exception {
        try (GeneratedArrowReader reader = new GeneratedArrowReader(allocator, 100_000, 1_000, 50_000);
                ArrowStreamView view = ArrowStreamView.create(connection, "staging.broken", reader, allocator)) {
            assertThatThrownBy(() -> {
                try {
                    connection.execute("create table staging.copy as select * from staging.broken");
                } catch (RuntimeException e) {
                    throw view.failure(e);
                }
            }).isInstanceOf(IllegalStateException.class).hasMessage("generated failure after 50000 rows");
        }
        assertThat(connection.queryScalar("select 42")).contains(42);
    }

    @Test
    void aFailureOfTheStatementItselfIsDuckDbs() throws Exception {
        try (GeneratedArrowReader reader = new GeneratedArrowReader(allocator, 10, 4, -1);
                ArrowStreamView view = ArrowStreamView.create(connection, "staging.src", reader, allocator)) {
            RuntimeException failure = view.failure(new DuckSqlException(new java.sql.SQLException("refused")));
            assertThat(failure).isInstanceOf(DuckSqlException.class).hasMessageContaining("refused");
        }
    }
}
