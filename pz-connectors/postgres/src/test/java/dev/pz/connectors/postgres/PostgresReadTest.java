package dev.pz.connectors.postgres;

import static dev.pz.connectors.postgres.PostgresTestData.dataset;
import static dev.pz.connectors.postgres.PostgresTestData.execute;
import static dev.pz.connectors.postgres.PostgresTestData.options;
import static dev.pz.connectors.postgres.PostgresTestData.readAll;
import static dev.pz.connectors.postgres.PostgresTestData.row;
import static dev.pz.connectors.postgres.PostgresTestData.uniqueTable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPredicate;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The read side: pushdown of projection, predicates and
 * incremental bounds shows in the rows returned; query mode takes SQL verbatim; partitioned reads
 * return exactly the rows of a single read, NULL partition values included; failures are named.
 */
class PostgresReadTest {

    /** 1000 rows: id 1..1000, k NULL on every 13th row, typed copies of id for each orderable type. */
    private static String events;
    private static List<List<Object>> singleRead;

    private BufferAllocator allocator;
    private final Source source = new PostgresConnector().openSource(PostgresTestServer.config()).orElseThrow();

    @BeforeAll
    static void createEvents() throws Exception {
        events = uniqueTable("events");
        execute("create table " + events + " as select i::bigint as id, 'name-' || i as name,"
                + " case when i % 13 = 0 then null else i end::integer as k, (i * 1.25)::double precision as dbl,"
                + " (i / 7.0)::numeric(18,6) as dec, date '2026-01-01' + (i % 400) as day,"
                + " timestamp '2026-01-01' + make_interval(mins => i) as updated,"
                + " timestamptz '2026-01-01 00:00:00+00' + make_interval(secs => i * 37) as zoned,"
                + " 7 as constant"
                + " from generate_series(1, 1000) i");
    }

    @BeforeEach
    void openAllocator() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void closeAllocator() {
        allocator.close();
    }

    @Test
    void columnHintsPruneTheSelect() throws IOException {
        List<List<Object>> rows = readAll(source, dataset(events, options()),
                new ReadHints(List.of("name", "id"), List.of(new ReadPredicate.Comparison("ID",
                        ReadPredicate.Operator.LESS_OR_EQUAL, ReadPredicate.Value.of(2L)))), allocator);
        assertThat(rows).containsExactly(row("name-1", 1L), row("name-2", 2L));
    }

    @Test
    void contractColumnsPruneWhenNoHintsAreGiven() {
        Map<String, String> contract = new LinkedHashMap<>();
        contract.put("id", "bigint");
        contract.put("updated", "timestamp");
        DatasetSpec spec = DatasetSpec.of("pg", events, options(), contract);
        assertThat(source.schema(spec).getFields()).extracting(Field::getName).containsExactly("id", "updated");
    }

    @Test
    void exclusiveLowerAndUpperWatermarkBoundsArePushedDown() throws IOException {
        DatasetSpec spec = new DatasetSpec("pg", events, options(), null, new DatasetSpec.Watermark("updated",
                "2026-01-01T00:10:00.000000", false, "2026-01-01T00:13:00.000000"));
        assertThat(ids(readAll(source, spec, new ReadHints(List.of("id"), null), allocator)))
                .containsExactly(11L, 12L, 13L);
    }

    @Test
    void inclusiveLowerBoundAndPredicateCombine() throws IOException {
        DatasetSpec spec = new DatasetSpec("pg", events, options(), null,
                new DatasetSpec.Watermark("id", "995", true, null));
        ReadPredicate odd = new ReadPredicate.In("id", List.of(ReadPredicate.Value.of(995L), ReadPredicate.Value.of(997L),
                ReadPredicate.Value.of(999L), ReadPredicate.Value.of(3L)));
        assertThat(ids(readAll(source, spec, new ReadHints(List.of("id"), List.of(odd)), allocator)))
                .containsExactly(995L, 997L, 999L);
    }

    @Test
    void cursorWithoutAStoredWatermarkReadsEverything() throws IOException {
        DatasetSpec spec = new DatasetSpec("pg", events, options(), null,
                new DatasetSpec.Watermark("updated", null, false, null));
        assertThat(readAll(source, spec, new ReadHints(List.of("id"), null), allocator)).hasSize(1000);
    }

    @Test
    void queryModeTakesTheSqlVerbatimWithoutPushdown() throws IOException {
        DatasetSpec spec = new DatasetSpec("pg", "anything", options("query",
                "select id, name as email from " + events + " where id < 3 order by id;  "), null,
                new DatasetSpec.Watermark("id", "1", false, null));
        List<List<Object>> rows = readAll(source, spec, new ReadHints(List.of("id"), List.of(new ReadPredicate
                .Comparison("id", ReadPredicate.Operator.GREATER, ReadPredicate.Value.of(100L)))), allocator);
        assertThat(rows).containsExactly(row(1L, "name-1"), row(2L, "name-2"));
        assertThat(source.schema(spec).getFields()).extracting(Field::getName).containsExactly("id", "email");
    }

    @ParameterizedTest
    @ValueSource(strings = {"id", "k", "dbl", "dec", "day", "updated", "zoned"})
    void partitionedReadReturnsExactlyTheRowsOfASingleRead(String column) throws IOException {
        if (singleRead == null) {
            singleRead = sorted(readAll(source, dataset(events, options()), ReadHints.none(), allocator));
        }
        DatasetSpec partitioned = dataset(events, options("partition_column", column, "partitions", 4L));

        List<ReadPartition> partitions = source.planRead(partitioned, ReadHints.none());
        assertThat(partitions).hasSize(4);
        List<List<Object>> rows = readAll(partitions, allocator, BatchOptions.defaults());

        assertThat(sorted(rows)).isEqualTo(singleRead);
    }

    @Test
    void partitionsOverAFilteredQueryKeepEveryRow() throws IOException {
        DatasetSpec spec = dataset("q", options("query", "select id, k from " + events + " where id > 900",
                "partition_column", "k", "partitions", 16L));
        List<List<Object>> rows = readAll(source, spec, ReadHints.none(), allocator);
        assertThat(rows).hasSize(100);
        assertThat(rows).filteredOn(values -> values.get(1) == null).hasSize(7);
    }

    @Test
    void constantOrEmptyPartitionColumnGivesOnePartition() throws Exception {
        assertThat(source.planRead(dataset(events, options("partition_column", "constant", "partitions", 4L)),
                ReadHints.none())).hasSize(1);
        String empty = uniqueTable("empty");
        execute("create table " + empty + " (id integer)");
        assertThat(source.planRead(dataset(empty, options("partition_column", "id", "partitions", 4L)),
                ReadHints.none())).hasSize(1);
    }

    @Test
    void partitionOptionsAreChecked() {
        assertThatThrownBy(() -> source.planRead(dataset(events, options("partition_column", "id", "partitions", 0L)),
                ReadHints.none())).hasMessage("dataset '" + events + "': 'partitions' must be between 1 and 16 (got 0)");
        assertThatThrownBy(() -> source.planRead(dataset(events, options("partition_column", "id", "partitions", 17L)),
                ReadHints.none())).hasMessageContaining("between 1 and 16 (got 17)");
        assertThatThrownBy(() -> source.planRead(dataset(events, options("partitions", "four")), ReadHints.none()))
                .hasMessageContaining("'partitions' must be an integer (got 'four')");
        assertThatThrownBy(() -> source.planRead(dataset(events, options("partition_column", "name", "partitions", 2L)),
                ReadHints.none())).isInstanceOf(PzConnectorException.class)
                .hasMessageContaining("partition_column 'name' has type 'text', which is not orderable")
                .hasMessageContaining("integer");
        assertThatThrownBy(() -> source.planRead(dataset(events, options("partition_column", "nope", "partitions", 2L)),
                ReadHints.none())).hasMessageContaining("partition_column 'nope'").hasMessageContaining("does not exist");
    }

    @Test
    void commandTimeoutCancelsASlowProbeAsTransient() {
        Source impatient = new PostgresConnector().openSource(PostgresTestServer.config("command_timeout_seconds", 1L))
                .orElseThrow();
        DatasetSpec slow = dataset("slow", options("query", "select 1 as id from pg_sleep(5)", "partition_column", "id",
                "partitions", 2L));
        assertThatThrownBy(() -> impatient.planRead(slow, ReadHints.none()))
                .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.isTransient()).isTrue())
                .hasMessageContaining("canceling statement");
    }

    @Test
    void aDroppedTableIsAClearPermanentError() throws Exception {
        String table = uniqueTable("dropped");
        execute("create table " + table + " (id integer)");
        var partitions = source.planRead(dataset(table, options()), ReadHints.none());
        execute("drop table " + table);

        assertThatThrownBy(() -> readAll(source, dataset(table, options()), ReadHints.none(), allocator))
                .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.isTransient()).isFalse())
                .hasMessage("dataset '" + table + "': schema query failed: relation \"public." + table
                        + "\" does not exist");
        try (var reader = partitions.get(0).open(allocator, BatchOptions.defaults())) {
            assertThatThrownBy(reader::loadNextBatch)
                    .hasMessage("dataset '" + table + "': postgres read failed: relation \"public." + table
                            + "\" does not exist");
        }
    }

    @Test
    void cancellingAReaderStopsItsQueryOnTheServer() throws Exception {
        String marker = uniqueTable("sleeper");
        DatasetSpec sleeper = dataset("sleeper", options("query", "select 1 as id from pg_sleep(600) where '" + marker
                + "' <> ''"));
        ReadPartition partition = source.planRead(sleeper, ReadHints.none()).get(0);
        try (var reader = partition.open(allocator, BatchOptions.defaults())) {
            var loading = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return reader.loadNextBatch();
                } catch (IOException | RuntimeException e) {
                    return e;
                }
            });
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(1);
            while (sleeping(marker) == 0) {
                assertThat(System.nanoTime()).as("the COPY started on the server").isLessThan(deadline);
                Thread.sleep(20);
            }
            ((dev.pz.connectors.api.Cancellable) reader).cancel();
            assertThat(loading.get()).isInstanceOfSatisfying(PzConnectorException.class,
                    e -> assertThat(e).hasMessageContaining("canceling statement due to user request"));
            assertThat(sleeping(marker)).isZero();
        }
    }

    /** Backends running a query that carries {@code marker}, this one aside. */
    private static long sleeping(String marker) throws Exception {
        try (var connection = PostgresTestServer.jdbc(); var statement = connection.createStatement();
                var result = statement.executeQuery("select count(*) from pg_stat_activity where state = 'active' "
                        + "and pid <> pg_backend_pid() and query like '%" + marker + "%'")) {
            result.next();
            return result.getLong(1);
        }
    }

    @Test
    void entityNamesSplitOnTheSingleDot() throws Exception {
        String schemaName = uniqueTable("rs");
        execute("create schema " + schemaName, "create table " + schemaName + ".\"Mixed Case\" (\"Id\" integer)",
                "insert into " + schemaName + ".\"Mixed Case\" values (5)");
        assertThat(readAll(source, dataset(schemaName + ".Mixed Case", options()), ReadHints.none(), allocator))
                .containsExactly(row(5));
        assertThatThrownBy(() -> source.schema(dataset("a.b.c", options())))
                .hasMessage("entity 'a.b.c': expected '<table>' or '<schema>.<table>'");
    }

    @Test
    void closingAReaderMidStreamReleasesEverything() throws Exception {
        var partition = source.planRead(dataset(events, options()), ReadHints.none()).get(0);
        try (var reader = partition.open(allocator, new BatchOptions(1 << 20, 10))) {
            assertThat(reader.loadNextBatch()).isTrue();
            assertThat(reader.getVectorSchemaRoot().getRowCount()).isEqualTo(10);
        }
        assertThat(allocator.getAllocatedMemory()).isZero();
    }

    private static List<Long> ids(List<List<Object>> rows) {
        List<Long> ids = new ArrayList<>();
        for (List<Object> row : rows) {
            ids.add((Long) row.get(0));
        }
        return ids;
    }

    private static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> copy = new ArrayList<>(rows);
        copy.sort(Comparator.comparing(values -> (Long) values.get(0)));
        return copy;
    }

    @Test
    void timestampWatermarkLiteralsAreComparedAsUtc() throws IOException {
        DatasetSpec spec = new DatasetSpec("pg", events, options(), null, new DatasetSpec.Watermark("zoned",
                "2026-01-01T00:00:37.000000", false, "2026-01-01T00:01:51.000000"));
        List<List<Object>> rows = readAll(source, spec, new ReadHints(List.of("id", "zoned"), null), allocator);
        assertThat(rows).containsExactly(row(2L, Instant.parse("2026-01-01T00:01:14Z")),
                row(3L, Instant.parse("2026-01-01T00:01:51Z")));
    }
}
