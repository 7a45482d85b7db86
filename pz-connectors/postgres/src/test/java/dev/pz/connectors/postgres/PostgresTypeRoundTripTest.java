package dev.pz.connectors.postgres;

import static dev.pz.connectors.postgres.PostgresTestData.BIGINT;
import static dev.pz.connectors.postgres.PostgresTestData.BOOLEAN;
import static dev.pz.connectors.postgres.PostgresTestData.DATE;
import static dev.pz.connectors.postgres.PostgresTestData.DECIMAL;
import static dev.pz.connectors.postgres.PostgresTestData.DOUBLE;
import static dev.pz.connectors.postgres.PostgresTestData.INT;
import static dev.pz.connectors.postgres.PostgresTestData.TIMESTAMP;
import static dev.pz.connectors.postgres.PostgresTestData.VARCHAR;
import static dev.pz.connectors.postgres.PostgresTestData.batch;
import static dev.pz.connectors.postgres.PostgresTestData.dataset;
import static dev.pz.connectors.postgres.PostgresTestData.execute;
import static dev.pz.connectors.postgres.PostgresTestData.options;
import static dev.pz.connectors.postgres.PostgresTestData.output;
import static dev.pz.connectors.postgres.PostgresTestData.query;
import static dev.pz.connectors.postgres.PostgresTestData.readAll;
import static dev.pz.connectors.postgres.PostgresTestData.row;
import static dev.pz.connectors.postgres.PostgresTestData.schema;
import static dev.pz.connectors.postgres.PostgresTestData.uniqueTable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every v0 type survives Arrow → binary COPY → PostgreSQL → binary COPY → Arrow unchanged (the read
 * and write type maps of docs/postgres.md), including NULLs, extremes, unicode and wide rows. The
 * allocator is closed after each test, so a leaked batch fails it.
 */
class PostgresTypeRoundTripTest {

    private static final Schema ALL_TYPES = schema("i", INT, "b", BIGINT, "d", DOUBLE, "n", DECIMAL, "s", VARCHAR,
            "f", BOOLEAN, "day", DATE, "ts", TIMESTAMP);

    private BufferAllocator allocator;
    private final Source source = new PostgresConnector().openSource(PostgresTestServer.config()).orElseThrow();
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
    void everyMappedTypeRoundTripsWithNullsAndExtremes() throws IOException {
        String table = uniqueTable("types");
        List<List<Object>> rows = List.of(
                row(1, 1L, 1.5, new BigDecimal("12345.678000000"), "plain", true, LocalDate.of(2026, 1, 1),
                        Instant.parse("2026-01-01T10:00:00.123456Z")),
                row(null, null, null, null, null, null, null, null),
                row(Integer.MIN_VALUE, Long.MIN_VALUE, -0.0, new BigDecimal("-0.000000001"), "", false,
                        LocalDate.of(1969, 12, 31), Instant.parse("1969-12-31T23:59:59.999999Z")),
                row(Integer.MAX_VALUE, Long.MAX_VALUE, Double.MAX_VALUE,
                        new BigDecimal("99999999999999999999999999999.999999999"), "Grüße, 東京, emoji \uD83D\uDE00", true,
                        LocalDate.of(1999, 12, 31), Instant.parse("1999-12-31T23:59:59Z")),
                row(0, 0L, Double.NaN, new BigDecimal("-12345678901234567890.5"), "quote \" and ' and \\ and \n",
                        false, LocalDate.of(2000, 1, 1), Instant.parse("2000-01-01T00:00:00Z")),
                row(-7, -7L, Double.NEGATIVE_INFINITY, BigDecimal.ZERO, "tab\tcomma,", true, LocalDate.of(1, 1, 1),
                        Instant.parse("0001-01-01T00:00:00Z")));
        write(table, WriteStrategy.APPEND, ALL_TYPES, rows);

        List<List<Object>> read = readAll(source, dataset(table + "", options()), ReadHints.none(), allocator);

        assertThat(read).hasSize(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            List<Object> expected = new ArrayList<>(rows.get(i));
            if (expected.get(3) != null) {
                expected.set(3, ((BigDecimal) expected.get(3)).setScale(9));
            }
            assertThat(read.get(i)).as("row %d", i).isEqualTo(expected);
        }
    }

    @Test
    void schemaMapsTheV0MatrixFromTheCatalog() throws Exception {
        String table = uniqueTable("catalog");
        execute("create table " + table + " (a integer, b bigint, c double precision, d numeric(18,2), e text,"
                + " f varchar(10), g char(3), h boolean, i date, j timestamp, k timestamptz)");

        Schema schema = source.schema(dataset(table, options()));

        assertThat(schema.getFields()).extracting(Field::getName)
                .containsExactly("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k");
        assertThat(schema.getFields()).extracting(field -> field.getType())
                .containsExactly(INT, BIGINT, DOUBLE, DECIMAL, VARCHAR, VARCHAR, VARCHAR, BOOLEAN, DATE, TIMESTAMP,
                        TIMESTAMP);
        assertThat(schema.getFields()).allMatch(Field::isNullable);
    }

    @Test
    void timestampWithoutTimeZoneIsReadAsTheUtcWallClock() throws Exception {
        String table = uniqueTable("wallclock");
        execute("create table " + table + " (local timestamp, zoned timestamptz)",
                "insert into " + table + " values ('2026-03-01 12:34:56.5', '2026-03-01 12:34:56.5+02')");

        List<List<Object>> read = readAll(source, dataset(table, options()), ReadHints.none(), allocator);

        assertThat(read).containsExactly(
                row(Instant.parse("2026-03-01T12:34:56.500Z"), Instant.parse("2026-03-01T10:34:56.500Z")));
    }

    @Test
    void numericBeyondNineFractionalDigitsIsRefusedWithTheCastHint() throws Exception {
        String table = uniqueTable("scale");
        execute("create table " + table + " (ok numeric(38,12), bad numeric(38,12))",
                "insert into " + table + " values (1.500000000000, 1.0000000001)");

        assertThat(readAll(source, dataset(table, options()), new ReadHints(List.of("ok"), null), allocator))
                .containsExactly(row(new BigDecimal("1.500000000")));
        assertThatThrownBy(() -> readAll(source, dataset(table, options()), ReadHints.none(), allocator))
                .isInstanceOf(PzConnectorException.class)
                .hasMessage("column 'bad': value exceeds decimal128(38,9) scale -- cast the column in query: "
                        + "(e.g. ::numeric(38,9) or ::text) or declare it varchar in columns:");
    }

    @Test
    void typesOutsideTheMatrixAreRefusedNamingColumnAndType() throws Exception {
        String table = uniqueTable("outside");
        execute("create table " + table + " (id integer, tag uuid)");

        assertThatThrownBy(() -> source.schema(dataset(table, options())))
                .isInstanceOf(PzConnectorException.class)
                .hasMessageContaining("column 'tag': provider type 'uuid' is outside the v0 type matrix");
        String cast = "select id, tag::text as tag, 1::smallint::integer as small from " + table;
        assertThat(source.schema(dataset(table, options("query", cast))).getFields()).extracting(Field::getType)
                .containsExactly(INT, VARCHAR, INT);
    }

    @Test
    void wideRowsAndLongTextSurvive() throws IOException {
        String table = uniqueTable("wide");
        List<Object> namesAndTypes = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            namesAndTypes.add("c" + i);
            namesAndTypes.add(i % 2 == 0 ? VARCHAR : BIGINT);
            values.add(i % 2 == 0 ? "value-" + i : (Object) (long) i);
        }
        String longText = "ä".repeat(600_000);
        namesAndTypes.add("long_text");
        namesAndTypes.add(VARCHAR);
        values.add(longText);
        Schema wide = schema(namesAndTypes.toArray());
        write(table, WriteStrategy.APPEND, wide, List.of(values, values));

        List<List<Object>> read = readAll(source, dataset(table, options()), ReadHints.none(), allocator);

        assertThat(read).containsExactly(values, values);
    }

    @Test
    void batchesAreCutAtMaxRowsAndAtTheByteTarget() throws Exception {
        String table = uniqueTable("batches");
        execute("create table " + table + " as select i as id, repeat('x', 100) as pad from generate_series(1, 1000) i");

        assertThat(batchSizes(table, new BatchOptions(BatchOptions.DEFAULT_TARGET_BYTES, 300)))
                .containsExactly(300, 300, 300, 100);
        // each row costs 4 (int) + 4 + 100 (text) = 108 bytes; the batch closes once it reaches 1080
        assertThat(batchSizes(table, new BatchOptions(1080, 100_000))).hasSize(100).allMatch(size -> size == 10);
    }

    private List<Integer> batchSizes(String table, BatchOptions options) throws IOException {
        List<Integer> sizes = new ArrayList<>();
        try (ArrowReader reader = source.planRead(dataset(table, options()), ReadHints.none()).get(0)
                .open(allocator, options)) {
            while (reader.loadNextBatch()) {
                sizes.add(reader.getVectorSchemaRoot().getRowCount());
            }
        }
        return sizes;
    }

    @Test
    void createdTableUsesTheMappedTypes() throws Exception {
        String table = uniqueTable("ddl");
        write(table, WriteStrategy.APPEND, ALL_TYPES, List.of());

        assertThat(query("select column_name, data_type from information_schema.columns where table_name = '" + table
                + "' order by ordinal_position")).containsExactly(
                        row("i", "integer"), row("b", "bigint"), row("d", "double precision"), row("n", "numeric"),
                        row("s", "text"), row("f", "boolean"), row("day", "date"), row("ts", "timestamp with time zone"));
        assertThat(query("select numeric_precision, numeric_scale from information_schema.columns where table_name = '"
                + table + "' and column_name = 'n'")).containsExactly(row(38, 9));
    }

    private void write(String table, WriteStrategy strategy, Schema schema, List<List<Object>> rows) {
        try (WriteSession session = sink.beginWrite(output(table, strategy), schema)) {
            try (VectorSchemaRoot batch = batch(allocator, schema, rows)) {
                session.write(batch);
            }
            session.commit();
        }
    }
}
