package dev.pz.connectors.localfiles;

import static dev.pz.connectors.localfiles.LocalFilesTestSupport.columns;
import static dev.pz.connectors.localfiles.LocalFilesTestSupport.dataset;
import static dev.pz.connectors.localfiles.LocalFilesTestSupport.options;
import static dev.pz.connectors.localfiles.LocalFilesTestSupport.output;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.TemporaryFiles;
import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.duckdb.ArrowEgress;
import dev.pz.duckdb.ArrowIngest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Parquet on the universal tier: DuckDB writes the file from spooled Arrow batches and reads it back
 * into Arrow, so a universal write and read give exactly the native tier's rows and types.
 */
class LocalFilesParquetTierTest extends LocalFilesDuckTest {

    private static final String SAMPLE = "select range::integer as i, (range * 3)::bigint as big, range / 7 as dbl,"
            + " (range / 8)::decimal(38,9) as dec, case when range % 5 = 0 then null else 'row ' || range || ' ✓' end"
            + " as txt, range % 2 = 0 as flag, date '2026-01-01' + range::integer as \"day\","
            + " timestamp '2026-01-01 00:00:00' + to_microseconds(range * 1234567) as ts from range(5000)";


    @BeforeEach
    void createSample() {
        duck.execute("create table sample as " + SAMPLE);
    }

    @Test
    void aUniversalParquetWriteHoldsTheNativeCopysRowsAndTypes() throws Exception {
        NativeCopy copy = support.sink(null).nativeCopy(output("native", WriteStrategy.REPLACE, options())).orElseThrow();
        Path temporary = TemporaryFiles.create(copy.temporaryDirectory());
        duck.execute(copy.copyStatement("sample", temporary));
        copy.publisher().publish(temporary);

        WriteResult written = writeUniversally("universal", WriteStrategy.REPLACE);

        assertThat(written).isEqualTo(new WriteResult(5000, 3));
        Path nativeFile = project.resolve("native/native.parquet");
        Path universalFile = project.resolve("universal/universal.parquet");
        assertThat(describe(universalFile)).isEqualTo(describe(nativeFile));
        assertThat(duck.queryScalar("select count(*) from (select * from read_parquet('" + nativeFile + "') except all"
                + " select * from read_parquet('" + universalFile + "'))")).contains(0L);
        assertThat(duck.queryScalar("select count(*) from read_parquet('" + universalFile + "')")).contains(5000L);
        assertThat(listing("universal")).containsExactly("universal.parquet");
    }

    @Test
    void aUniversalParquetWriteIsInvisibleUntilCommitAndAbortLeavesNothing() throws Exception {
        Files.createDirectories(project.resolve("out"));
        Files.writeString(project.resolve("out/out.parquet"), "old");
        try (WriteSession session = begin("out", WriteStrategy.REPLACE);
                ArrowReader reader = ArrowEgress.query(duck, "select * from sample", allocator, 2048)) {
            reader.loadNextBatch();
            session.write(reader.getVectorSchemaRoot());
            session.abort();
        }
        assertThat(Files.readString(project.resolve("out/out.parquet"))).isEqualTo("old");
        assertThat(listing("out")).containsExactly("out.parquet");
    }

    @Test
    void appendWritesANewParquetFilePerWrite() throws Exception {
        writeUniversally("out", WriteStrategy.APPEND);
        writeUniversally("out", WriteStrategy.APPEND);
        assertThat(listing("out")).hasSize(2).allMatch(name -> name.matches("out-[0-9a-f]{32}\\.parquet"));
    }

    @Test
    void aUniversalParquetReadYieldsTheNativeScansRows() throws Exception {
        duck.execute("copy sample to '" + project.resolve("orders.parquet") + "' (format parquet)");
        LocalFilesSource source = support.source(null);
        DatasetSpec spec = dataset("orders", options("format", "parquet"), columns("i", "int"));
        source.checkUniversalRead(spec);
        Schema schema = source.schema(spec);
        List<ReadPartition> partitions = source.planRead(spec, ReadHints.none());
        assertThat(partitions).hasSize(1);
        try (ArrowReader reader = partitions.get(0).open(allocator, BatchOptions.defaults())) {
            assertThat(reader.getVectorSchemaRoot().getSchema()).isEqualTo(schema);
            ArrowIngest.createTable(duck, "universal", reader, allocator);
        }
        duck.execute("create table native as select * from "
                + source.nativeScan(spec).orElseThrow().sqlFragment());
        assertThat(duck.queryScalar("select count(*) from universal")).contains(5000L);
        assertThat(duck.queryScalar("select count(*) from (select * from native except all select * from universal)"))
                .contains(0L);
        assertThat(duck.query("describe universal", row -> row.getString(1) + " " + row.getString(2)))
                .isEqualTo(duck.query("describe native", row -> row.getString(1) + " " + row.getString(2)));
    }

    private WriteResult writeUniversally(String entity, WriteStrategy strategy) throws Exception {
        try (WriteSession session = begin(entity, strategy);
                ArrowReader reader = ArrowEgress.query(duck, "select * from sample", allocator, 2048)) {
            while (reader.loadNextBatch()) {
                session.write(reader.getVectorSchemaRoot());
            }
            return session.commit();
        }
    }

    private WriteSession begin(String entity, WriteStrategy strategy) {
        return support.sink(null).beginWrite(output(entity, strategy, options("format", "parquet")),
                ArrowEgress.schema(duck, "select * from sample", allocator));
    }

    private List<String> describe(Path file) {
        return duck.query("describe select * from read_parquet('" + file + "')",
                row -> row.getString(1) + " " + row.getString(2));
    }

    private List<String> listing(String directory) throws Exception {
        try (Stream<Path> files = Files.list(project.resolve(directory))) {
            return files.map(path -> path.getFileName().toString()).sorted().toList();
        }
    }
}
