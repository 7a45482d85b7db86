package dev.pz.connectors.localfiles;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Byte-range splits of a large comma-delimited file, read in parallel. One sequential scan
 * tracks quoting (a quote opens a quoted field only at a field start: after a comma, LF or CR;
 * {@code ""} inside a quoted field is an escaped quote); each boundary is the first record end at or
 * after its target. The scan stops at the last boundary: what follows is the last range's alone, and
 * its parser starts on a record boundary with the right line number, so a quote left open there fails
 * it exactly as it fails a whole-file read. Refuses (empty) when no boundary is found, when the scan
 * ends inside quotes, or when the header line is not exactly the header's names joined by commas
 * (which proves the delimiter is a comma and the header has no quoting).
 */
final class LocalFilesCsvSplitPlanner {

    static final long MIN_BYTES_PER_PARTITION = 32L * 1024 * 1024;
    static final int MAX_PARTITIONS = 8;

    /**
     * One split: the file bytes {@code [start, end)}, whose first record starts on physical line
     * {@code firstLine}; {@code header} is the header line with its line end, spliced in front.
     */
    record Split(long start, long end, long firstLine, byte[] header) {
    }

    private LocalFilesCsvSplitPlanner() {
    }

    static int defaultMaxPartitions() {
        return Math.min(Runtime.getRuntime().availableProcessors(), MAX_PARTITIONS);
    }

    /** How many ranges a file of {@code length} bytes is read in; below 2 it is read whole. */
    static int partitionCount(long length, int maxPartitions, long minBytesPerPartition) {
        return (int) Math.min(maxPartitions, length / minBytesPerPartition);
    }

    /** The splits of the file's first {@code length} bytes into {@code count} ranges, or empty when refused. */
    static Optional<List<Split>> plan(Path file, long length, List<String> headerNames, int count) throws IOException {
        if (count < 2) {
            return Optional.empty();
        }
        try (InputStream in = Files.newInputStream(file)) {
            return scan(in, length, headerNames, count);
        }
    }

    private static Optional<List<Split>> scan(InputStream in, long length, List<String> headerNames, int count)
            throws IOException {
        byte[] chunk = new byte[1 << 20];
        long[] targets = new long[count - 1];
        for (int i = 1; i < count; i++) {
            targets[i - 1] = length * i / count;
        }
        List<Long> boundaries = new ArrayList<>();
        List<Long> boundaryLines = new ArrayList<>();
        byte[] header = null;
        java.io.ByteArrayOutputStream headerBytes = new java.io.ByteArrayOutputStream();
        long offset = 0;
        long lines = 0;
        int target = 0;
        boolean quoted = false;
        boolean quoteInQuoted = false;
        int previous = '\n';
        int n;
        while (target < targets.length && (n = in.read(chunk, 0, (int) Math.min(chunk.length, length - offset))) > 0) {
            for (int i = 0; i < n; i++) {
                if (header != null && !quoted && !quoteInQuoted) {
                    // Outside quotes only a quote or a line end changes anything: skip to the next one.
                    int next = i;
                    while (next < n && chunk[next] != '\n' && chunk[next] != '"') {
                        next++;
                    }
                    if (next > i) {
                        previous = chunk[next - 1];
                        i = next;
                        if (i == n) {
                            break;
                        }
                    }
                }
                int b = chunk[i];
                if (header == null) {
                    headerBytes.write(b);
                }
                if (quoteInQuoted) {
                    quoteInQuoted = false;
                    if (b == '"') {
                        previous = b;
                        continue;
                    }
                    quoted = false;
                }
                if (quoted) {
                    if (b == '"') {
                        quoteInQuoted = true;
                    } else if (b == '\n') {
                        lines++;
                    }
                    previous = b;
                    continue;
                }
                if (b == '"' && (previous == ',' || previous == '\n' || previous == '\r')) {
                    quoted = true;
                } else if (b == '\n') {
                    lines++;
                    long recordEnd = offset + i + 1;
                    if (header == null) {
                        header = headerBytes.toByteArray();
                        if (!headerMatches(header, headerNames)) {
                            return Optional.empty();
                        }
                    } else if (target < targets.length && recordEnd >= targets[target] && recordEnd < length) {
                        boundaries.add(recordEnd);
                        boundaryLines.add(lines + 1);
                        while (target < targets.length && targets[target] <= recordEnd) {
                            target++;
                        }
                        if (target == targets.length) {
                            break;
                        }
                    }
                }
                previous = b;
            }
            offset += n;
        }
        if (quoted && !quoteInQuoted || header == null || boundaries.isEmpty()) {
            return Optional.empty();
        }
        List<Split> splits = new ArrayList<>();
        long start = header.length;
        long firstLine = 2;
        for (int i = 0; i < boundaries.size(); i++) {
            splits.add(new Split(start, boundaries.get(i), firstLine, header));
            start = boundaries.get(i);
            firstLine = boundaryLines.get(i);
        }
        splits.add(new Split(start, length, firstLine, header));
        return splits.size() < 2 ? Optional.empty() : Optional.of(List.copyOf(splits));
    }

    private static boolean headerMatches(byte[] header, List<String> names) {
        int end = header.length;
        if (end > 0 && header[end - 1] == '\n') {
            end--;
        }
        if (end > 0 && header[end - 1] == '\r') {
            end--;
        }
        int start = 0;
        if (end >= 3 && (header[0] & 0xFF) == 0xEF && (header[1] & 0xFF) == 0xBB && (header[2] & 0xFF) == 0xBF) {
            start = 3;
        }
        byte[] expected = String.join(",", names).getBytes(StandardCharsets.UTF_8);
        return Arrays.equals(header, start, end, expected, 0, expected.length);
    }
}
