package dev.pz.connectors.localfiles;

import static dev.pz.connectors.localfiles.LocalFilesTestSupport.columns;
import static dev.pz.connectors.localfiles.LocalFilesTestSupport.dataset;
import static dev.pz.connectors.localfiles.LocalFilesTestSupport.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.duckdb.ArrowIngest;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.Test;

/**
 * The universal csv read lands the same rows as the native {@code read_csv} with the contract,
 * refuses what it cannot read with messages naming the file, and splits large files into byte
 * ranges whose union is the whole file. Every Arrow buffer is released (the root allocator is closed after
 * each test).
 */
class LocalFilesUniversalReadTest extends LocalFilesDuckTest {

    private int tables;

    @Test
    void universalAndNativeReadsLandTheSameRows() throws Exception {
        write("orders.csv", "note,id,amount,price,qty,ok,day,at\n"
                + "plain,1,10.5,1.25,3,true,2026-01-02,2026-01-02 03:04:05\n"
                + "\"with, comma\",2,-0.1,12345.123456789,-7,false,1999-12-31,2026-01-02T03:04:05.123456\n"
                + "\"quoted \"\"x\"\"\",3,1e10,0.000000001,0,TRUE,2000-02-29,2026-01-02 00:00:00.5\n"
                + ",4,,,,,,\n"
                + "\"\",5,nan,-99.5,2147483647,f,1970-01-01,1970-01-01\n"
                + "\"multi\nline\",6,inf,7,-2147483648,0,2026-12-31,2026-12-31 23:59:59.999999\n"
                + "ünïcödé ✓,7,2.5e-300,3,1,yes,0001-01-01,1900-01-01 12:00:00\n");
        Map<String, String> contract = columns("note", "varchar", "id", "bigint", "amount", "double",
                "price", "decimal", "qty", "int", "ok", "boolean", "day", "date", "at", "timestamp");
        assertParity(dataset("orders", options(), contract));
        assertThat(rows("select id, note from u order by id")).extracting(row -> row.get(1)).containsExactly(
                "plain", "with, comma", "quoted \"x\"", null, null, "multi\nline", "ünïcödé ✓");
    }

    @Test
    void manySmallBatchesWithScatteredNullsLandTheSameRows() throws Exception {
        // Nulls at a different stride per column, so batches of 7 rows hold nulls in some columns
        // and none in others; a byte target below one batch's rows makes the columns grow mid-batch.
        StringBuilder csv = new StringBuilder("note,id,amount,price,qty,ok,day,at\n");
        for (int i = 0; i < 3000; i++) {
            csv.append(i % 17 == 2 ? "" : i % 19 == 0 ? "\"q \"\"" + i + "\"\", x\"" : "n" + i).append(',')
                    .append(i % 11 == 3 ? "" : Long.toString(i * 2654435761L - 7_000_000_000L)).append(',')
                    .append(i % 13 == 1 ? "" : Double.toString((i - 1500) / 8.0)).append(',')
                    .append(i % 7 == 5 ? "" : (i - 1500) + ".125").append(',')
                    .append(i % 5 == 0 ? "" : Integer.toString(i * 7919 - 5000)).append(',')
                    .append(i % 3 == 0 ? "" : i % 2 == 0 ? "true" : "f").append(',')
                    .append(i % 29 == 0 ? "" : java.time.LocalDate.ofEpochDay(i * 37L - 40_000)).append(',')
                    .append(i % 31 == 0 ? "" : "2026-01-02 03:04:" + (10 + i % 50) + "." + (i % 1000))
                    .append('\n');
        }
        write("many.csv", csv.toString());
        Map<String, String> contract = columns("note", "varchar", "id", "bigint", "amount", "double",
                "price", "decimal", "qty", "int", "ok", "boolean", "day", "date", "at", "timestamp");
        DatasetSpec spec = dataset("many", options(), contract);
        assertParity(spec, new BatchOptions(1L << 30, 7));
        assertParity(spec, new BatchOptions(200, 10_000));
        assertThat(count("u")).isEqualTo(3000);
    }

    @Test
    void columnsBindByHeaderName() throws Exception {
        write("r.csv", "b,a,c\n2,1,x\n");
        ingest(dataset("r", options(), columns("a", "int", "c", "varchar", "b", "int")), BatchOptions.defaults());
        assertThat(rows("select * from u")).containsExactly(List.of(1, "x", 2));
    }

    @Test
    void tsvAndCustomDelimitersParseLikeDuckDb() throws Exception {
        write("t.tsv", "id\tname\n1\ta b\n2\t\"x\ty\"\n");
        assertParity(dataset("t", options("format", "tsv"), columns("id", "bigint", "name", "varchar")));
        write("s.csv", "id;name\n1;a\n");
        assertParity(dataset("s", options("delimiter", ";"), columns("id", "bigint", "name", "varchar")));
        assertThat(rows("select name from u")).containsExactly(List.of("a"));
    }

    @Test
    void universalNeverSniffsTheDelimiter() throws Exception {
        // A188: without delimiter: the header is one column named "id;name".
        write("s.csv", "id;name\n1;a\n");
        DatasetSpec spec = dataset("s", options(), columns("id", "bigint", "name", "varchar"));
        LocalFilesSource source = support.source(null);
        assertThatThrownBy(() -> source.checkUniversalRead(spec)).isInstanceOf(PzConnectorException.class)
                .hasMessage("dataset 's': the header of csv file 's.csv' does not match the columns: contract: 'id'"
                        + " is named 'id;name' in the file; missing 'name' (header: id;name; contract: id,name) --"
                        + " add the columns to the file, or remove them from the columns: contract; the header looks"
                        + " ';'-delimited: set delimiter: ';'");
        assertThatThrownBy(() -> source.planRead(spec, ReadHints.none()))
                .hasMessageStartingWith("dataset 's': the header of csv file 's.csv' does not match");
    }

    @Test
    void malformedValueNamesFileLineAndColumn() throws Exception {
        // A184
        write("bad.csv", "id,amount\n1,10.5\n2,not-a-number\n");
        DatasetSpec spec = dataset("bad", options(), columns("id", "bigint", "amount", "double"));
        assertThatThrownBy(() -> ingest(spec, BatchOptions.defaults()))
                .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.isTransient()).isFalse())
                .hasMessage("csv file 'bad.csv': line 3, column 'amount': value is not a valid double");
    }

    @Test
    void malformedValueAfterAQuotedNewlineNamesThePhysicalLine() throws Exception {
        write("bad.csv", "id,note\n1,\"a\nb\"\nx,c\n");
        DatasetSpec spec = dataset("bad", options(), columns("id", "int", "note", "varchar"));
        assertThatThrownBy(() -> ingest(spec, BatchOptions.defaults()))
                .hasMessage("csv file 'bad.csv': line 4, column 'id': value is not a valid int");
    }

    @Test
    void refusalsUseTheSpecMessages() throws Exception {
        LocalFilesSource source = support.source(null);
        assertThatThrownBy(() -> source.planRead(dataset("x", options(), null), ReadHints.none()))
                .hasMessage("dataset 'x': localfiles csv requires a declared columns: contract in v0");
        assertThatThrownBy(() -> source.planRead(dataset("x", options(), columns("id", "int")), ReadHints.none()))
                .hasMessage("csv file not found: 'x.csv'");
        write("x.csv", "id,name\n1,a\n");
        assertThatThrownBy(() -> source.planRead(dataset("x", options(), columns("id", "int", "gone", "varchar")),
                ReadHints.none())).hasMessageStartingWith("dataset 'x': the header of csv file 'x.csv' does not match the"
                        + " columns: contract: 'gone' is named 'name' in the file (header: id,name; contract: id,gone)");
        // Binding by name, the universal read accepts other orders and extra columns.
        source.checkUniversalRead(dataset("x", options(), columns("name", "varchar")));
        assertThatThrownBy(() -> source.planRead(dataset("x", options("format", "json"), columns("id", "int")),
                ReadHints.none())).hasMessageStartingWith("dataset 'x': localfiles json source is native-scan only");
        // Schema fetch keeps only the declared columns the header names, so a missing one shows as drift.
        assertThat(source.schema(dataset("x", options(), columns("gone", "varchar", "id", "int"))).getFields())
                .extracting(field -> field.getName()).containsExactly("id");
    }

    @Test
    void headerOnlyAndEmptyFilesGiveNoRows() throws Exception {
        // A187
        write("h.csv", "id,name\n");
        assertThat(ingest(dataset("h", options(), columns("id", "int", "name", "varchar")), BatchOptions.defaults()))
                .isZero();
        write("e.csv", "");
        assertThat(ingest(dataset("e", options(), columns("id", "int")), BatchOptions.defaults())).isZero();
    }

    @Test
    void largeFieldsRoundTripByteExact() throws Exception {
        // A185: 700 KiB + 37 bytes, with and without quote-triggering characters.
        String plain = "p".repeat(700 * 1024 + 37);
        StringBuilder quoted = new StringBuilder();
        while (quoted.length() < 700 * 1024 + 37) {
            quoted.append("a,\"b\"\nc");
        }
        String tricky = quoted.substring(0, 700 * 1024 + 37);
        write("big.csv", "id,payload,tail\n1," + plain + ",7\n2,,8\n3,\"" + tricky.replace("\"", "\"\"") + "\",9\n");
        ingest(dataset("big", options(), columns("id", "int", "payload", "varchar", "tail", "int")),
                BatchOptions.defaults());
        assertThat(rows("select payload, tail from u order by id")).containsExactly(
                List.of(plain, 7), java.util.Arrays.asList(null, 8), List.of(tricky, 9));
    }

    @Test
    void rowLargerThanSixteenMibFails() throws Exception {
        write("huge.csv", "id,payload\n1," + "x".repeat(LocalFilesCsvParser.MAX_ROW_BYTES + 1) + "\n");
        assertThatThrownBy(() -> ingest(dataset("huge", options(), columns("id", "int", "payload", "varchar")),
                BatchOptions.defaults())).hasMessage("csv file 'huge.csv': line 2: the record is larger than the 16 MiB row limit");
    }

    @Test
    void batchesHonourTheRowCapAndByteTarget() throws Exception {
        StringBuilder csv = new StringBuilder("id,name\n");
        for (int i = 0; i < 1000; i++) {
            csv.append(i).append(",name").append(i).append('\n');
        }
        write("b.csv", csv.toString());
        DatasetSpec spec = dataset("b", options(), columns("id", "int", "name", "varchar"));
        assertThat(batchSizes(spec, new BatchOptions(1L << 30, 300))).containsExactly(300, 300, 300, 100);
        // Per row: 4 + 0.125 (int) + 4 + 0.125 + ~7 bytes (varchar) ≈ 15 bytes; 1500 bytes ≈ 100 rows.
        assertThat(batchSizes(spec, new BatchOptions(1500, 10_000))).allSatisfy(rows -> assertThat(rows).isBetween(1, 110));
    }

    @Test
    void byteRangeSplitsOfSmallFilesWithQuotedNewlinesEqualOneRead() throws Exception {
        StringBuilder csv = new StringBuilder("id,note,amount\n");
        for (int i = 0; i < 5000; i++) {
            csv.append(i).append(',');
            csv.append(i % 3 == 0 ? "\"line\nbreak, \"\"q\"\"\n" + i + "\"" : "n" + i).append(',').append(i / 7.0).append('\n');
        }
        write("q.csv", csv.toString());
        DatasetSpec spec = dataset("q", options(), columns("id", "int", "note", "varchar", "amount", "double"));
        LocalFilesSource splitting = support.source(null).withSplitting(4, 10_000);
        List<ReadPartition> partitions = splitting.planRead(spec, ReadHints.none());
        assertThat(partitions).hasSize(4);
        ingestPartitions(partitions, BatchOptions.defaults(), "split");
        ingestPartitions(support.source(null).planRead(spec, ReadHints.none()), BatchOptions.defaults(), "whole");
        assertSameRows("split", "whole");
        assertThat(count("split")).isEqualTo(5000);
    }

    @Test
    void fileEndingInsideQuotesFailsAtTheWholeFileLineWhenSplit() throws Exception {
        StringBuilder csv = new StringBuilder("id,note\n");
        for (int i = 0; i < 3000; i++) {
            csv.append(i).append(",n").append(i).append('\n');
        }
        csv.append("3000,\"unterminated\n");
        write("u.csv", csv.toString());
        DatasetSpec spec = dataset("u", options(), columns("id", "int", "note", "varchar"));
        List<ReadPartition> split = support.source(null).withSplitting(4, 5_000).planRead(spec, ReadHints.none());
        assertThat(split).hasSize(4);
        String message = "csv file 'u.csv': line 3002: a quoted field is not closed before the end of the file";
        assertThatThrownBy(() -> ingestPartitions(split, BatchOptions.defaults(), "split")).hasMessage(message);
        assertThatThrownBy(() -> ingest(spec, BatchOptions.defaults())).hasMessage(message);
    }

    @Test
    void largeCommaFileSplitsAndEqualsTheSinglePartitionRead() throws Exception {
        Path file = project.resolve("large.csv");
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("id,customer_id,amount,status,note\n");
            String[] statuses = {"shipped", "pending", "returned", "cancelled"};
            for (long i = 1; i <= 1_800_000; i++) {
                out.write(Long.toString(i));
                out.write(',');
                out.write(Long.toString((i * 2654435761L + 42) % 100000));
                out.write(',');
                out.write(Long.toString((i * 97 + 42) % 100000 / 100));
                out.write('.');
                out.write(String.format("%02d", (i * 97 + 42) % 100));
                out.write(',');
                out.write(statuses[(int) (i % 4)]);
                out.write(',');
                out.write(i % 10 == 0 ? "\"a\nquoted, note\"" : "plain note");
                out.write('\n');
            }
        }
        long size = Files.size(file);
        assertThat(size).isGreaterThan(2 * LocalFilesCsvSplitPlanner.MIN_BYTES_PER_PARTITION);
        DatasetSpec spec = dataset("large", options(), columns("id", "bigint", "customer_id", "int",
                "amount", "decimal", "status", "varchar", "note", "varchar"));
        List<ReadPartition> split = support.source(null).withSplitting(2, LocalFilesCsvSplitPlanner.MIN_BYTES_PER_PARTITION)
                .planRead(spec, ReadHints.none());
        assertThat(split).hasSize(2);
        long started = System.nanoTime();
        long rows = 0;
        for (ReadPartition partition : List.of(new LocalFilesSource(LocalFilesPaths.of(
                LocalFilesTestSupport.config(project, null))).withSplitting(1, Long.MAX_VALUE)
                .planRead(spec, ReadHints.none()).get(0))) {
            try (ArrowReader reader = partition.open(allocator, BatchOptions.defaults())) {
                while (reader.loadNextBatch()) {
                    rows += reader.getVectorSchemaRoot().getRowCount();
                }
            }
        }
        long nanos = System.nanoTime() - started;
        System.out.printf("CSV reader (one partition): %d rows, %.1f MB in %d ms = %.0f rows/s, %.0f MB/s%n", rows,
                size / 1e6, nanos / 1_000_000, rows / (nanos / 1e9), size / 1e6 / (nanos / 1e9));
        assertThat(rows).isEqualTo(1_800_000);
        started = System.nanoTime();
        ingestPartitions(split, BatchOptions.defaults(), "split");
        System.out.printf("CSV reader + ArrowIngest, 2 splits read one after the other: %d ms%n",
                (System.nanoTime() - started) / 1_000_000);
        duck.execute("create table native as select * from " + support.source(null).nativeScan(spec).orElseThrow().sqlFragment());
        assertSameRows("split", "native");
        assertThat(count("split")).isEqualTo(1_800_000);
    }

    // --- helpers -------------------------------------------------------------------------------

    private void assertParity(DatasetSpec spec) throws Exception {
        assertParity(spec, BatchOptions.defaults());
    }

    private void assertParity(DatasetSpec spec, BatchOptions options) throws Exception {
        duck.execute("drop table if exists native");
        duck.execute("drop table if exists u");
        duck.execute("create table native as select * from "
                + support.source(null).nativeScan(spec).orElseThrow().sqlFragment());
        ingest(spec, options);
        assertThat(columnTypes("u")).isEqualTo(columnTypes("native"));
        assertSameRows("u", "native");
    }

    private void assertSameRows(String left, String right) {
        assertThat(count(left)).isEqualTo(count(right));
        assertThat(duck.queryScalar("select count(*) from (select * from " + left + " except all select * from "
                + right + ")")).contains(0L);
        assertThat(duck.queryScalar("select count(*) from (select * from " + right + " except all select * from "
                + left + ")")).contains(0L);
    }

    private long count(String table) {
        return ((Number) duck.queryScalar("select count(*) from " + table).orElseThrow()).longValue();
    }

    private List<String> columnTypes(String table) {
        return duck.query("select column_name || ' ' || data_type from information_schema.columns where table_name = '"
                + table + "' order by ordinal_position", row -> row.getString(1));
    }

    /** Reads every partition into table {@code u}; returns the row count. */
    private long ingest(DatasetSpec spec, BatchOptions options) throws Exception {
        duck.execute("drop table if exists u");
        return ingestPartitions(support.source(null).planRead(spec, ReadHints.none()), options, "u");
    }

    private long ingestPartitions(List<ReadPartition> partitions, BatchOptions options, String table) throws Exception {
        List<String> parts = new ArrayList<>();
        long rows = 0;
        for (ReadPartition partition : partitions) {
            String part = "part_" + (++tables);
            try (BufferAllocator child = allocator.newChildAllocator(partition.id(), 0, Long.MAX_VALUE);
                    ArrowReader reader = partition.open(child, options)) {
                rows += ArrowIngest.createTable(duck, part, reader, child);
            }
            parts.add("select * from " + part);
        }
        duck.execute("create table " + table + " as " + String.join(" union all ", parts));
        return rows;
    }

    private List<Integer> batchSizes(DatasetSpec spec, BatchOptions options) throws Exception {
        List<Integer> sizes = new ArrayList<>();
        for (ReadPartition partition : support.source(null).planRead(spec, ReadHints.none())) {
            try (ArrowReader reader = partition.open(allocator, options)) {
                while (reader.loadNextBatch()) {
                    sizes.add(reader.getVectorSchemaRoot().getRowCount());
                }
            }
        }
        return sizes;
    }

    private List<List<Object>> rows(String sql) {
        return duck.query(sql, row -> {
            List<Object> values = new ArrayList<>();
            for (int i = 1; i <= row.getMetaData().getColumnCount(); i++) {
                values.add(row.getObject(i));
            }
            return values;
        });
    }

    private void write(String relative, String content) throws Exception {
        Path file = project.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }
}
