package dev.pz.connectors.postgres;

import static dev.pz.connectors.postgres.PostgresTestData.dataset;
import static dev.pz.connectors.postgres.PostgresTestData.options;
import static dev.pz.connectors.postgres.PostgresTestData.readAll;
import static dev.pz.connectors.postgres.PostgresTestData.uniqueTable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzConnectorException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.TimeZone;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A source hands its session from step to step (schema probe, read plan, COPY) only while the
 * session is clean: a failed step, a cancelled or abandoned COPY and an open transaction each drop
 * theirs, and closing the source ends every session it kept. Sessions open in UTC with pz's
 * application name whatever the JVM's zone.
 */
class PostgresSessionsTest {

    private static final DatasetSpec BACKEND = dataset("backend", options("query", "select pg_backend_pid() as pid"));

    private BufferAllocator allocator;
    private Source source;

    @BeforeEach
    void open() {
        allocator = new RootAllocator();
        source = new PostgresConnector().openSource(PostgresTestServer.config()).orElseThrow();
    }

    @AfterEach
    void close() {
        source.close();
        allocator.close();
    }

    @Test
    void aReadsStepsShareOneSessionUntilTheSourceCloses() throws Exception {
        source.schema(BACKEND);
        int first = backend();
        assertThat(backend()).as("the second read's plan and COPY reuse the first read's session").isEqualTo(first);
        assertThat(alive(first)).isTrue();
        source.close();
        awaitGone(first);
    }

    @Test
    void aFailedStepDropsItsSessionAndTheNextStepWorks() throws Exception {
        int first = backend();
        String missing = uniqueTable("missing");
        assertThatThrownBy(() -> source.schema(dataset(missing, options())))
                .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e)
                        .hasMessageContaining("schema query failed").hasMessageContaining("does not exist"));
        awaitGone(first);
        assertThat(backend()).isNotEqualTo(first);
    }

    @Test
    void aCancelledReaderDoesNotGiveItsSessionBack() throws Exception {
        ReadPartition partition = source.planRead(BACKEND, ReadHints.none()).get(0);
        int pid;
        try (ArrowReader reader = partition.open(allocator, BatchOptions.defaults())) {
            assertThat(reader.loadNextBatch()).isTrue();
            pid = ((Number) PostgresTestData.value(reader.getVectorSchemaRoot().getVector(0), 0)).intValue();
            assertThat(reader.loadNextBatch()).as("the COPY ran to its end").isFalse();
            ((Cancellable) reader).cancel();
        }
        awaitGone(pid);
        assertThat(backend()).isNotEqualTo(pid);
    }

    @Test
    void anAbandonedCopyDropsItsSession() throws Exception {
        DatasetSpec many = dataset("many", options("query",
                "select pg_backend_pid() as pid from generate_series(1, 100000)"));
        ReadPartition partition = source.planRead(many, ReadHints.none()).get(0);
        int pid;
        try (ArrowReader reader = partition.open(allocator, new BatchOptions(1 << 20, 10))) {
            assertThat(reader.loadNextBatch()).isTrue();
            pid = ((Number) PostgresTestData.value(reader.getVectorSchemaRoot().getVector(0), 0)).intValue();
        }
        awaitGone(pid);
        assertThat(backend()).isNotEqualTo(pid);
    }

    @Test
    void onlyAnIdleAutocommitSessionIsKept() throws Exception {
        PostgresConnectionSettings settings = PostgresConnectionSettings.of(PostgresTestServer.config());
        try (PostgresSessions sessions = new PostgresSessions(settings)) {
            Connection inTransaction = sessions.take();
            inTransaction.setAutoCommit(false);
            query(inTransaction, "select 1");
            sessions.giveBack(inTransaction);
            assertThat(inTransaction.isClosed()).as("a session inside a transaction is closed").isTrue();

            Connection idle = sessions.take();
            assertThat(idle).isNotSameAs(inTransaction);
            sessions.giveBack(idle);
            assertThat(sessions.take()).as("an idle session is handed out again").isSameAs(idle);
            sessions.giveBack(idle);

            assertThatThrownBy(() -> sessions.use(session -> query(session, "select * from " + uniqueTable("gone"))))
                    .isInstanceOf(SQLException.class);
            assertThat(idle.isClosed()).as("work that failed closes its session").isTrue();

            Connection last = sessions.take();
            sessions.close();
            sessions.giveBack(last);
            assertThat(last.isClosed()).as("a session given back after close is closed").isTrue();
        }
    }

    @Test
    void sessionsOpenInUtcWithPzsNameWhateverTheJvmZone() throws Exception {
        PostgresConnectionSettings settings = PostgresConnectionSettings.of(PostgresTestServer.config());
        TimeZone jvmZone = TimeZone.getDefault();
        for (String zone : List.of("UTC", "Etc/UTC", "America/New_York", "Asia/Kolkata")) {
            TimeZone.setDefault(TimeZone.getTimeZone(zone));
            try (Connection session = settings.open()) {
                assertThat(query(session, "select current_setting('TimeZone') in ('UTC', 'Etc/UTC')"))
                        .as(zone).isEqualTo(true);
                assertThat(query(session, "select current_setting('application_name')")).isEqualTo("pz");
            } finally {
                TimeZone.setDefault(jvmZone);
            }
        }
    }

    /** The server process that serves a whole read of {@link #BACKEND} through the source. */
    private int backend() throws Exception {
        List<List<Object>> rows = readAll(source, BACKEND, ReadHints.none(), allocator);
        assertThat(rows).hasSize(1);
        return ((Number) rows.get(0).get(0)).intValue();
    }

    private static boolean alive(int pid) throws SQLException {
        try (Connection connection = PostgresTestServer.jdbc()) {
            return (Long) query(connection, "select count(*) from pg_stat_activity where pid = " + pid) > 0;
        }
    }

    /** Waits until the server has ended backend {@code pid} (its exit follows the client's close). */
    private static void awaitGone(int pid) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (alive(pid)) {
            assertThat(System.nanoTime()).as("backend " + pid + " ended").isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    private static Object query(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            result.next();
            return result.getObject(1);
        }
    }
}
