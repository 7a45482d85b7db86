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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.Test;

/**
 * A csv file read in byte ranges gives the rows of the whole-file read, in file order when the
 * ranges are concatenated, and its errors with the same line numbers: whatever the ranges' sizes,
 * wherever their planned starts fall (mid-record, inside a quoted field with newlines), whichever
 * range asks for the plan first, and on however many threads.
 */
class LocalFilesCsvSplitsTest extends LocalFilesDuckTest {

    private static final DatasetSpec SPEC = dataset("s", options(),
            columns("id", "int", "note", "varchar", "amount", "double", "day", "date"));

    @Test
    void everyRangeSizeGivesTheWholeFileRowsInOrder() throws Exception {
        StringBuilder csv = new StringBuilder("id,note,amount,day\n");
        for (int i = 0; i < 400; i++) {
            csv.append(i).append(',').append(note(i)).append(',').append(i / 8.0).append(",2026-01-")
                    .append(String.format("%02d", i % 28 + 1)).append(i % 5 == 0 ? "\r\n" : "\n");
        }
        write(csv.toString());
        List<String> whole = read(whole());
        assertThat(whole).hasSize(400);
        long size = Files.size(project.resolve("s.csv"));
        // Planned starts at every few bytes of the file: most fall mid-record or inside quotes.
        for (long minBytes = size / 8; minBytes <= size / 2; minBytes += 37) {
            List<ReadPartition> partitions = support.source(null).withSplitting(8, minBytes).planRead(SPEC, ReadHints.none());
            assertThat(partitions.size()).isGreaterThan(1);
            assertThat(read(partitions)).as("min bytes %d", minBytes).isEqualTo(whole);
        }
    }

    @Test
    void aQuotedFieldWithNewlinesAcrossEveryPlannedStartMovesTheBoundaryPastIt() throws Exception {
        StringBuilder csv = new StringBuilder("id,note,amount,day\n1,a,1,2026-01-01\n2,\"");
        for (int i = 0; i < 500; i++) {
            csv.append("line ").append(i).append(",\n");
        }
        csv.append("\",2,2026-01-02\n3,after,3,2026-01-03\n4,x,4,2026-01-04\n");
        write(csv.toString());
        List<ReadPartition> partitions = support.source(null).withSplitting(4, Files.size(project.resolve("s.csv")) / 4)
                .planRead(SPEC, ReadHints.none());
        assertThat(partitions).hasSize(4);
        List<List<String>> perRange = new ArrayList<>();
        for (ReadPartition partition : partitions) {
            perRange.add(read(List.of(partition)));
        }
        // Every planned start lies inside the quoted field; the only record end after them is
        // the quoted row's, so one boundary serves all of them and the remaining ranges are empty.
        assertThat(perRange.get(0)).hasSize(2);
        assertThat(perRange.get(1)).hasSize(2);
        assertThat(perRange.subList(2, 4)).allSatisfy(rows -> assertThat(rows).isEmpty());
        assertThat(read(partitions)).isEqualTo(read(whole()));
    }

    @Test
    void aMalformedValueInALaterRangeReportsTheWholeFileLine() throws Exception {
        StringBuilder csv = new StringBuilder("id,note,amount,day\n");
        for (int i = 0; i < 300; i++) {
            csv.append(i).append(',').append(note(i)).append(',').append(i == 250 ? "oops" : "1.5").append(",2026-02-03\n");
        }
        write(csv.toString());
        List<ReadPartition> partitions = support.source(null).withSplitting(4, Files.size(project.resolve("s.csv")) / 4)
                .planRead(SPEC, ReadHints.none());
        assertThat(partitions).hasSize(4);
        String expected = failure(whole());
        assertThat(expected).startsWith("csv file 's.csv': line ").endsWith(", column 'amount': value is not a valid double");
        assertThat(failure(partitions)).isEqualTo(expected);
    }

    @Test
    void rangesReadOnTheirOwnThreadsInAnyOrderGiveTheWholeFileRows() throws Exception {
        StringBuilder csv = new StringBuilder("id,note,amount,day\n");
        for (int i = 0; i < 2000; i++) {
            csv.append(i).append(',').append(note(i)).append(',').append(i * 0.25).append(",2026-03-04\n");
        }
        write(csv.toString());
        List<String> whole = read(whole());
        for (int round = 0; round < 5; round++) {
            List<ReadPartition> partitions = support.source(null)
                    .withSplitting(4, Files.size(project.resolve("s.csv")) / 4).planRead(SPEC, ReadHints.none());
            List<ReadPartition> shuffled = new ArrayList<>(partitions);
            Collections.shuffle(shuffled, new java.util.Random(round));
            ExecutorService threads = Executors.newFixedThreadPool(4);
            try {
                List<Future<List<String>>> results = new ArrayList<>();
                for (ReadPartition partition : partitions) {
                    results.add(threads.submit(() -> read(List.of(partition))));
                }
                List<String> rows = new ArrayList<>();
                for (Future<List<String>> result : results) {
                    rows.addAll(result.get());
                }
                assertThat(rows).isEqualTo(whole);
            } finally {
                threads.shutdownNow();
            }
            // One thread, a later range first: that range runs the plan, the first waits for nothing.
            List<String> reversed = new ArrayList<>();
            for (int i = partitions.size() - 1; i >= 0; i--) {
                reversed.addAll(0, read(List.of(partitions.get(i))));
            }
            assertThat(reversed).isEqualTo(whole);
        }
    }

    @Test
    void aHeaderThatDoesNotProveTheDelimiterLeavesTheWholeFileToTheFirstRange() throws Exception {
        StringBuilder csv = new StringBuilder("\"id\",note,amount,day\n");
        for (int i = 0; i < 300; i++) {
            csv.append(i).append(",n").append(i).append(",2.5,2026-04-05\n");
        }
        write(csv.toString());
        List<ReadPartition> partitions = support.source(null).withSplitting(3, Files.size(project.resolve("s.csv")) / 3)
                .planRead(SPEC, ReadHints.none());
        assertThat(partitions).hasSize(3);
        assertThat(read(List.of(partitions.get(0)))).hasSize(300).isEqualTo(read(whole()));
        assertThat(read(partitions.subList(1, 3))).isEmpty();
    }

    @Test
    void filesBelowTwoRangesAndEmptyFilesAreReadWhole() throws Exception {
        write("id,note,amount,day\n1,a,1,2026-01-01\n");
        long size = Files.size(project.resolve("s.csv"));
        assertThat(support.source(null).withSplitting(8, size / 2 + 1).planRead(SPEC, ReadHints.none())).hasSize(1);
        write("");
        List<ReadPartition> empty = support.source(null).withSplitting(8, 1).planRead(SPEC, ReadHints.none());
        assertThat(empty).hasSize(1);
        assertThat(read(empty)).isEmpty();
        write("id,note,amount,day\n");
        List<ReadPartition> headerOnly = support.source(null).withSplitting(8, 2).planRead(SPEC, ReadHints.none());
        assertThat(headerOnly).hasSize(8);
        assertThat(read(headerOnly)).isEmpty();
    }

    private static String note(int i) {
        return switch (i % 4) {
            case 0 -> "\"multi\nline, " + i + "\"";
            case 1 -> "\"say \"\"" + i + "\"\"\"";
            case 2 -> "";
            default -> "plain" + i;
        };
    }

    private List<ReadPartition> whole() {
        return support.source(null).withSplitting(1, Long.MAX_VALUE).planRead(SPEC, ReadHints.none());
    }

    /** Each row as text, the partitions' rows concatenated in partition order. */
    private List<String> read(List<ReadPartition> partitions) throws Exception {
        List<String> rows = new ArrayList<>();
        for (ReadPartition partition : partitions) {
            try (ArrowReader reader = partition.open(allocator, BatchOptions.defaults())) {
                while (reader.loadNextBatch()) {
                    VectorSchemaRoot root = reader.getVectorSchemaRoot();
                    for (int row = 0; row < root.getRowCount(); row++) {
                        StringBuilder text = new StringBuilder();
                        for (var vector : root.getFieldVectors()) {
                            text.append(vector.getObject(row)).append('|');
                        }
                        rows.add(text.toString());
                    }
                }
            }
        }
        return rows;
    }

    private String failure(List<ReadPartition> partitions) {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> read(partitions));
        assertThat(thrown).isNotNull();
        return thrown.getMessage();
    }

    private void write(String content) throws Exception {
        Files.writeString(project.resolve("s.csv"), content, StandardCharsets.UTF_8);
    }
}
