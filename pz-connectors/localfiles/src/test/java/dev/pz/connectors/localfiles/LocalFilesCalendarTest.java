package dev.pz.connectors.localfiles;

import static dev.pz.connectors.localfiles.LocalFilesTestSupport.columns;
import static dev.pz.connectors.localfiles.LocalFilesTestSupport.options;
import static dev.pz.connectors.localfiles.LocalFilesTestSupport.output;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.duckdb.ArrowEgress;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Calendar path templates on localfiles: a bounded window reads only its cover; partition_by fans out. */
class LocalFilesCalendarTest {

    @TempDir
    Path project;

    private LocalFilesTestSupport support;

    @BeforeEach
    void open() throws Exception {
        support = new LocalFilesTestSupport(project);
        for (String day : List.of("2026-07-10", "2026-07-11", "2026-07-12", "2026-07-13")) {
            Path folder = project.resolve("events/" + day.replace('-', '/'));
            Files.createDirectories(folder);
            Files.writeString(folder.resolve("part.csv"), "id,ts\n" + day.substring(8) + "," + day + " 06:00:00\n");
        }
    }

    @AfterEach
    void close() throws Exception {
        support.close();
    }

    private static DatasetSpec windowed(String lower, String upper) {
        return new DatasetSpec("files", "events", options("path", "events/{yyyy}/{MM}/{dd}/*.csv", "format", "csv"),
                columns("id", "bigint", "ts", "timestamp"), new DatasetSpec.Watermark("ts", lower, false, upper));
    }

    @Test
    void aBoundedWindowReadsOnlyTheFilesOfItsCover() throws Exception {
        NativeScan scan = support.source(null).nativeScan(windowed("2026-07-11T00:00:00.000000",
                "2026-07-12T12:00:00.000000")).orElseThrow();
        assertThat(scan.sqlFragment()).contains("events/2026/07/11/part.csv", "events/2026/07/12/part.csv")
                .doesNotContain("07/10").doesNotContain("07/13");
        assertThat(support.land(scan)).extracting(row -> row.get(0)).containsExactlyInAnyOrder(11L, 12L);
    }

    @Test
    void aWindowWithNoFilesLandsNoRowsOfTheContractsShape() throws Exception {
        NativeScan scan = support.source(null).nativeScan(windowed("2026-08-01T00:00:00.000000",
                "2026-08-02T00:00:00.000000")).orElseThrow();
        assertThat(support.land(scan)).isEmpty();
        assertThat(support.rows("select column_name, data_type from information_schema.columns where table_name = 't'"))
                .containsExactly(List.of("id", "BIGINT"), List.of("ts", "TIMESTAMP"));
    }

    @Test
    void aCoverFileWhoseHeaderContradictsTheContractIsRefused() throws Exception {
        Files.writeString(project.resolve("events/2026/07/11/part.csv"), "ts,id\n2026-07-11 06:00:00,11\n");
        assertThatThrownBy(() -> support.source(null).nativeScan(windowed("2026-07-10T12:00:00.000000",
                "2026-07-11T12:00:00.000000"))).isInstanceOf(PzConnectorException.class)
                .hasMessageContaining("the header of csv file 'events/2026/07/11/part.csv' does not match the columns:"
                        + " contract: the same columns in another order (header: ts,id; contract: id,ts)");
    }

    @Test
    void partitionByWritesOneFilePerDayFolderAndReplaceOverwritesIt() throws Exception {
        try (BufferAllocator allocator = new RootAllocator();
                DuckSession session = DuckSession.openInMemory(DuckSettings.defaults());
                DuckConnection duck = session.connect()) {
            duck.execute("create table sample as select range as id, timestamp '2026-07-11 20:00:00'"
                    + " + to_hours(range) as ts from range(30)");
            Map<String, Object> opts = options("format", "parquet", "path", "lake/{yyyy}/{MM}/{dd}/", "partition_by", "ts");
            for (int run = 0; run < 2; run++) {
                assertThat(support.sink(null).nativeCopy(output("events", WriteStrategy.REPLACE, opts))).isEmpty();
                try (WriteSession write = support.sink(null).beginWrite(output("events", WriteStrategy.REPLACE, opts),
                        ArrowEgress.schema(duck, "select * from sample", allocator));
                        ArrowReader reader = ArrowEgress.query(duck, "select * from sample", allocator, 7)) {
                    while (reader.loadNextBatch()) {
                        write.write(reader.getVectorSchemaRoot());
                    }
                    assertThat(write.commit().rowsWritten()).isEqualTo(30);
                }
            }
            assertThat(files("lake")).containsExactly("lake/2026/07/11/events.parquet", "lake/2026/07/12/events.parquet",
                    "lake/2026/07/13/events.parquet");
            assertThat(duck.queryScalar("select count(*) from read_parquet('" + project.resolve("lake/2026/07/12")
                    + "/*.parquet')")).contains(24L);
            assertThat(duck.queryScalar("select count(*) from read_parquet('" + project.resolve("lake") + "/**/*.parquet')"))
                    .contains(30L);
        }
    }

    @Test
    void aPartitionColumnThatIsMissingOrNotATimestampIsRefusedBeforeWriting() throws Exception {
        try (BufferAllocator allocator = new RootAllocator();
                DuckSession session = DuckSession.openInMemory(DuckSettings.defaults());
                DuckConnection duck = session.connect()) {
            duck.execute("create table sample as select 1 as id");
            var schema = ArrowEgress.schema(duck, "select * from sample", allocator);
            assertThatThrownBy(() -> support.sink(null).beginWrite(output("events", WriteStrategy.REPLACE,
                    options("path", "lake/{yyyy}/", "partition_by", "ts")), schema))
                    .hasMessage("output 'events': partition_by column 'ts' is not present in the write schema");
            assertThatThrownBy(() -> support.sink(null).beginWrite(output("events", WriteStrategy.REPLACE,
                    options("path", "lake/{yyyy}/", "partition_by", "id")), schema))
                    .hasMessageStartingWith("output 'events': partition_by column 'id' is not a timestamp/date column");
            assertThat(project.resolve("lake")).doesNotExist();
        }
    }

    @Test
    void aNullPartitionValueFailsTheWriteAndPublishesNothing() throws Exception {
        try (BufferAllocator allocator = new RootAllocator();
                DuckSession session = DuckSession.openInMemory(DuckSettings.defaults());
                DuckConnection duck = session.connect()) {
            duck.execute("create table sample as select * from (values (1, timestamp '2026-01-01'), (2, null)) t(id, ts)");
            Map<String, Object> opts = options("path", "lake/{yyyy}/", "partition_by", "ts");
            try (WriteSession write = support.sink(null).beginWrite(output("events", WriteStrategy.REPLACE, opts),
                    ArrowEgress.schema(duck, "select * from sample", allocator));
                    ArrowReader reader = ArrowEgress.query(duck, "select * from sample", allocator, 7)) {
                while (reader.loadNextBatch()) {
                    write.write(reader.getVectorSchemaRoot());
                }
                assertThatThrownBy(write::commit).isInstanceOf(PzConnectorException.class)
                        .hasMessageContaining("partition_by column 'ts' has a null value");
            }
            assertThat(files("lake")).isEmpty();
        }
    }

    private List<String> files(String directory) throws Exception {
        Path base = project.resolve(directory);
        if (!Files.exists(base)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(base)) {
            return files.filter(Files::isRegularFile).map(path -> project.relativize(path).toString()).sorted().toList();
        }
    }
}
