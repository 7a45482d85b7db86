package dev.pz.connectors.localfiles;

import static dev.pz.connectors.localfiles.LocalFilesTestSupport.options;
import static dev.pz.connectors.localfiles.LocalFilesTestSupport.output;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.duckdb.ArrowEgress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The universal writers (csv, tsv, NDJSON): what they write
 * reads back through DuckDB as the rows that went in, CSV text matches DuckDB's own COPY output, and
 * the file appears only on commit, atomically, with no temporary directory left behind.
 */
class LocalFilesUniversalWriteTest extends LocalFilesDuckTest {

    private static final String SAMPLE = "select * from (values"
            + " (1, 10::bigint, 0.1::double, 12.345::decimal(38,9), 'plain', true, date '2026-01-01',"
            + "   timestamp '2026-01-01 10:00:00'),"
            + " (2, null, 1e20::double, -0.5::decimal(38,9), 'a,b \"q\"' || chr(10) || 'x', false, date '1999-12-31',"
            + "   timestamp '2026-01-01 10:00:00.5'),"
            + " (3, -7, 1e-7::double, null, '', null, null, timestamp '1970-01-01 00:00:00.123456'),"
            + " (4, 0, 'nan'::double, 0::decimal(38,9), null, true, date '2000-02-29', null),"
            + " (5, 1, 123456789.125::double, 1::decimal(38,9), 'ünï ✓', false, date '2026-12-31',"
            + "   timestamp '2026-12-31 23:59:59.999999'),"
            + " (6, 2, 12345678901234567::double, 2::decimal(38,9), 'x', true, date '2026-01-02', timestamp '2026-01-02'),"
            + " (7, 3, -0.0::double, 3::decimal(38,9), 'y', true, date '2026-01-03', timestamp '2026-01-03'),"
            + " (8, 4, 100::double, 4::decimal(38,9), 'z', true, date '2026-01-04', timestamp '2026-01-04')"
            + ") t(i, big, dbl, dec, txt, flag, \"day\", ts)";


    @BeforeEach
    void createSample() {
        duck.execute("create table sample as " + SAMPLE);
    }

    @Test
    void csvOutputMatchesDuckDbCopyByteForByte() throws Exception {
        writeSample("out", options("format", "csv"), WriteStrategy.REPLACE);
        Path universal = project.resolve("out/out.csv");
        Path nativeFile = project.resolve("native.csv");
        duck.execute("copy (select * from sample) to '" + nativeFile + "' (format csv, header)");
        assertThat(Files.readString(universal)).isEqualTo(Files.readString(nativeFile));
    }

    @Test
    void csvOfManySmallBatchesWithScatteredNullsMatchesDuckDbCopyByteForByte() throws Exception {
        // Batches of 7 rows: some hold nulls in a column and some hold none, and the integers span
        // the int and long ranges, so every path of the batch-wise cell copy is taken.
        createMany(3000);
        Path universal = project.resolve("many/many.csv");
        assertThat(writeQuery("many", options("format", "csv"), WriteStrategy.REPLACE, "select * from many order by i", 7)
                .rowsWritten()).isEqualTo(3000);
        Path nativeFile = project.resolve("native-many.csv");
        duck.execute("copy (select * from many order by i) to '" + nativeFile + "' (format csv, header)");
        assertThat(Files.readString(universal)).isEqualTo(Files.readString(nativeFile));
    }

    @Test
    void aBatchEncodedInParallelRunsIsTheSameTextAsDuckDbCopy() throws Exception {
        createMany(40_000);
        java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
        try (ArrowReader reader = ArrowEgress.query(duck, "select * from many order by i", allocator, 40_000)) {
            LocalFilesRowWriter.CsvWriter writer = LocalFilesRowWriter.csv(text, reader.getVectorSchemaRoot().getSchema(),
                    ',', 4);
            writer.start();
            int batches = 0;
            while (reader.loadNextBatch()) {
                assertThat(reader.getVectorSchemaRoot().getRowCount())
                        .isGreaterThanOrEqualTo(4 * LocalFilesRowWriter.CsvWriter.MIN_ROWS_PER_RUN);
                writer.write(reader.getVectorSchemaRoot());
                batches++;
            }
            assertThat(batches).isEqualTo(1);
        }
        Path nativeFile = project.resolve("native-many.csv");
        duck.execute("copy (select * from many order by i) to '" + nativeFile + "' (format csv, header)");
        assertThat(text.toString(java.nio.charset.StandardCharsets.UTF_8)).isEqualTo(Files.readString(nativeFile));
    }

    @Test
    void csvAndTsvReadBackAsTheRowsWritten() throws Exception {
        writeSample("c", options("format", "csv", "delimiter", ";"), WriteStrategy.REPLACE);
        assertReadsBack("read_csv('" + project.resolve("c/c.csv") + "', delim = ';', header = true,"
                + " columns = " + COLUMNS + ")");
        writeSample("t", options("format", "tsv"), WriteStrategy.REPLACE);
        assertReadsBack("read_csv('" + project.resolve("t/t.tsv") + "', delim = '\\t', header = true,"
                + " columns = " + COLUMNS + ")");
    }

    @Test
    void ndjsonReadsBackAndFollowsTheCodec() throws Exception {
        WriteResult result = writeSample("events", options("format", "json"), WriteStrategy.REPLACE);
        assertThat(result.rowsWritten()).isEqualTo(8);
        Path file = project.resolve("events/events.json");
        String text = Files.readString(file);
        assertThat(text).endsWith("}\n").doesNotContain("\r");
        assertThat(text.lines().toList()).hasSize(8);
        assertThat(text.lines().toList().get(3)).isEqualTo("{\"i\":4,\"big\":0,\"dbl\":NaN,\"dec\":0.000000000,"
                + "\"txt\":null,\"flag\":true,\"day\":\"2000-02-29\",\"ts\":null}");
        assertThat(text.lines().toList().get(1)).contains("\"ts\":\"2026-01-01T10:00:00.500000Z\"")
                .contains("\"txt\":\"a,b \\\"q\\\"\\nx\"");
        duck.execute("create table back as select * from read_json('" + file + "', format = 'newline_delimited',"
                + " columns = " + COLUMNS + ")");
        // NaN is written as DuckDB's JSON writer writes it, and DuckDB reads it back.
        assertThat(duck.queryScalar("select count(*) from (select * from sample except all select * from back)"))
                .contains(0L);
    }

    @Test
    void jsonArrayLayoutAndAnXlsxFanOutAreRefusedOnTheUniversalTierBeforeAnythingIsWritten() {
        LocalFilesSink sink = support.sink(null);
        assertThatThrownBy(() -> sink.beginWrite(output("events", WriteStrategy.REPLACE,
                options("format", "json", "layout", "array")), null))
                .isInstanceOf(PzConnectorException.class)
                .hasMessageStartingWith("output 'events': json 'layout: array' is native-only");
        assertThatThrownBy(() -> sink.checkUniversalWrite(output("people", WriteStrategy.REPLACE,
                options("format", "xlsx", "path", "people/{yyyy}", "partition_by", "ts"))))
                .isInstanceOfSatisfying(PzConnectorException.class,
                        e -> assertThat(e.code()).contains(PzCode.FILE_FORMAT_UNSUPPORTED))
                .hasMessageStartingWith("output 'people': a partition_by fan-out cannot write xlsx");
        assertThat(project.resolve("events")).doesNotExist();
    }

    @Test
    void replaceSwapsTheFileOnCommitAndLeavesNoTemporaryDirectory() throws Exception {
        Files.createDirectories(project.resolve("out"));
        Files.writeString(project.resolve("out/out.csv"), "old\n");
        try (WriteSession session = begin("out", options("format", "csv"), WriteStrategy.REPLACE);
                ArrowReader reader = ArrowEgress.query(duck, "select * from sample", allocator, 3)) {
            while (reader.loadNextBatch()) {
                session.write(reader.getVectorSchemaRoot());
            }
            // Nothing is visible before the commit.
            assertThat(Files.readString(project.resolve("out/out.csv"))).isEqualTo("old\n");
            assertThat(session.commit()).isEqualTo(new WriteResult(8, 3));
        }
        assertThat(Files.readString(project.resolve("out/out.csv"))).startsWith("i,big,dbl");
        assertThat(listing("out")).containsExactly("out.csv");
    }

    @Test
    void appendAddsANewFileEachTime() throws Exception {
        writeSample("log", options("format", "csv"), WriteStrategy.APPEND);
        writeSample("log", options("format", "csv"), WriteStrategy.APPEND);
        assertThat(listing("log")).hasSize(2).allSatisfy(name -> assertThat(name).matches("log-[0-9a-f]{32}\\.csv"));
    }

    @Test
    void abortAndCloseWithoutCommitLeaveTheOldFileAndNoTemporaryDirectory() throws Exception {
        Files.createDirectories(project.resolve("out"));
        Files.writeString(project.resolve("out/out.csv"), "old\n");
        try (WriteSession session = begin("out", options("format", "csv"), WriteStrategy.REPLACE)) {
            assertThat(listing("out")).containsExactly(".pz-tmp", "out.csv");
            assertThat(listing("out/.pz-tmp")).singleElement().satisfies(name -> assertThat(name)
                    .as("a name no glob of the output's files matches").matches("[0-9a-f]{32}\\.part"));
            session.abort();
            assertThatThrownBy(session::commit).isInstanceOf(IllegalStateException.class)
                    .hasMessage("cannot commit a session already aborted");
        }
        try (WriteSession session = begin("out", options("format", "csv"), WriteStrategy.REPLACE)) {
            assertThat(session).isNotNull();
        }
        assertThat(listing("out")).containsExactly("out.csv");
        assertThat(Files.readString(project.resolve("out/out.csv"))).isEqualTo("old\n");
        WriteSession committed = begin("out", options("format", "csv"), WriteStrategy.REPLACE);
        committed.commit();
        assertThatThrownBy(committed::abort).hasMessage("cannot abort a session already committed");
        committed.close();
        assertThatThrownBy(committed::commit).isInstanceOf(IllegalStateException.class);
    }

    // --- helpers -------------------------------------------------------------------------------

    private static final String COLUMNS = "{'i': 'INTEGER', 'big': 'BIGINT', 'dbl': 'DOUBLE', 'dec': 'DECIMAL(38,9)',"
            + " 'txt': 'VARCHAR', 'flag': 'BOOLEAN', 'day': 'DATE', 'ts': 'TIMESTAMP'}";

    /** Table {@code many}: nulls at a different stride per column, integers across the int and long ranges. */
    private void createMany(int rows) {
        duck.execute("create table many as select i::int as i,"
                + " case when i % 5 = 0 then null else (i * 7919 - 5000)::int end as small,"
                + " case when i % 11 = 3 then null when i = 7 then -9223372036854775808"
                + "   when i = 8 then 9223372036854775807 when i = 9 then 2147483648"
                + "   when i = 10 then -2147483649 else (i * 2654435761 - 7000000000)::bigint end as big,"
                + " case when i % 13 = 1 then null else (i - 1500) / 8.0 end as dbl,"
                + " case when i % 17 = 2 then null when i % 17 = 4 then '' when i % 19 = 0 then 'q\"' || i || ',x'"
                + "   when i % 23 = 0 then 'ü' || i || chr(10) else 'name' || i end as txt,"
                + " case when i % 29 = 0 then null else date '2026-01-01' + (i % 5000)::int end as day"
                + " from range(" + rows + ") t(i)");
    }

    private void assertReadsBack(String fragment) {
        duck.execute("drop table if exists back");
        duck.execute("create table back as select * from " + fragment);
        // The universal policy reads an empty string as NULL, and DuckDB's read_csv does the same.
        assertThat(duck.queryScalar("select count(*) from (select * replace (nullif(txt, '') as txt) from sample"
                + " except all select * from back)")).contains(0L);
        assertThat(duck.queryScalar("select count(*) from back")).contains(8L);
    }

    private WriteSession begin(String entity, Map<String, Object> options, WriteStrategy strategy) {
        return support.sink(null).beginWrite(output(entity, strategy, options),
                ArrowEgress.schema(duck, "select * from sample", allocator));
    }

    private WriteResult writeSample(String entity, Map<String, Object> options, WriteStrategy strategy) throws Exception {
        return writeQuery(entity, options, strategy, "select * from sample", 5);
    }

    private WriteResult writeQuery(String entity, Map<String, Object> options, WriteStrategy strategy, String query,
            int batchRows) throws Exception {
        try (WriteSession session = support.sink(null).beginWrite(output(entity, strategy, options),
                        ArrowEgress.schema(duck, query, allocator));
                ArrowReader reader = ArrowEgress.query(duck, query, allocator, batchRows)) {
            while (reader.loadNextBatch()) {
                session.write(reader.getVectorSchemaRoot());
            }
            return session.commit();
        }
    }

    private List<String> listing(String directory) throws Exception {
        try (Stream<Path> files = Files.list(project.resolve(directory))) {
            return files.map(path -> path.getFileName().toString()).sorted().toList();
        }
    }
}
