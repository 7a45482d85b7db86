package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.function.LongSupplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One universal read of a csv/tsv file: the whole file, or one byte range of a large one
 * ({@link LocalFilesCsvSplits}). The first range reads from the file's start; a later range reads its
 * split with the header spliced in front, or nothing when the plan has no split for it. Ranges
 * divide the batch byte target among themselves.
 */
final class LocalFilesCsvPartition implements ReadPartition {

    private final String id;
    private final Path file;
    private final String fileLabel;
    private final char delimiter;
    private final Schema schema;
    private final List<ContractTypes> types;
    private final LocalFilesCsvSplits splits;
    private final int index;

    /** @param splits the file's ranges, or null to read it whole; {@code index} picks this partition's */
    LocalFilesCsvPartition(String id, Path file, String fileLabel, char delimiter, Schema schema,
            List<ContractTypes> types, LocalFilesCsvSplits splits, int index) {
        this.id = id;
        this.file = file;
        this.fileLabel = fileLabel;
        this.delimiter = delimiter;
        this.schema = schema;
        this.types = List.copyOf(types);
        this.splits = splits;
        this.index = index;
    }

    @Override
    public String id() {
        return id;
    }

    /**
     * Opens the file (or its range). The caller owns the returned reader and closes it, which closes
     * the file; batches belong to the reader.
     *
     * @throws PzConnectorException {@code csv file not found: '<p>'} when the file is gone
     */
    @Override
    public ArrowReader open(BufferAllocator allocator, BatchOptions options) {
        int partitionCount = splits == null ? 1 : splits.count();
        BatchOptions effective = new BatchOptions(Math.max(1, options.targetBytes() / partitionCount),
                options.maxRows());
        LocalFilesCsvSplitPlanner.Split split = null;
        if (index > 0) {
            try {
                split = splits.split(index).orElse(null);
            } catch (InterruptedIOException e) {
                throw new UncheckedIOException(e);
            }
            if (split == null) {
                return new LocalFilesCsvReader(allocator, schema, types, new LocalFilesCsvParser(
                        InputStream.nullInputStream(), delimiter, fileLabel), fileLabel, effective, 0, () -> 0);
            }
        }
        FileChannel channel = openChannel();
        InputStream in = stream(channel, split);
        LocalFilesCsvParser parser = new LocalFilesCsvParser(in, delimiter, fileLabel);
        return new LocalFilesCsvReader(allocator, schema, types, parser, fileLabel, effective,
                split == null ? 0 : split.firstLine(), new ReadPosition(channel, split == null ? 0 : split.start()));
    }

    /**
     * The whole file's length, or the bytes between this range's planned start and the next's (the
     * split boundaries, known once the ranges are read, lie at or after those offsets); -1 when the
     * file cannot be measured.
     */
    @Override
    public long sizeBytes() {
        if (splits != null) {
            return splits.target(index + 1) - splits.target(index);
        }
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }

    private FileChannel openChannel() {
        try {
            return FileChannel.open(file, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw new PzConnectorException(PzCode.NODE_FAILED, "csv file not found: '" + fileLabel + "'");
        } catch (IOException e) {
            throw cannotRead(e);
        }
    }

    private InputStream stream(FileChannel channel, LocalFilesCsvSplitPlanner.Split split) {
        if (split == null) {
            InputStream whole = Channels.newInputStream(channel);
            return splits == null ? whole : new RangeInputStream(whole, splits.target(1), splits::firstEnd);
        }
        try {
            channel.position(split.start());
        } catch (IOException e) {
            closeQuietly(channel);
            throw cannotRead(e);
        }
        InputStream range = new RangeInputStream(Channels.newInputStream(channel), split.end() - split.start(), null);
        return new SequenceInputStream(new ByteArrayInputStream(split.header()), range);
    }

    private PzConnectorException cannotRead(IOException e) {
        return new PzConnectorException(PzCode.NODE_FAILED, "csv file '" + fileLabel + "': cannot be read ("
                + e.getClass().getSimpleName() + ")", true, null, e);
    }

    /**
     * The bytes of the file (or range) consumed so far: the channel's position past the start. Once
     * the channel is closed, the last position read.
     */
    private static final class ReadPosition implements LongSupplier {
        private final FileChannel channel;
        private final long start;
        private volatile long last;

        ReadPosition(FileChannel channel, long start) {
            this.channel = channel;
            this.start = start;
        }

        @Override
        public long getAsLong() {
            try {
                last = Math.max(0, channel.position() - start);
            } catch (IOException closed) {
                // Keep the last position: the read has ended.
            }
            return last;
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // Already failing.
        }
    }

    /**
     * The bytes of a stream up to an end offset. The first range of a split file knows only an
     * offset its end cannot precede (the second range's planned start); on reaching it, the stream
     * asks for the end, which may wait for the plan. Closing it closes the stream.
     */
    private static final class RangeInputStream extends InputStream {
        /** The end once known; may block. */
        interface LaterEnd {
            long get() throws IOException;
        }

        private final InputStream in;
        private long position;
        private long end;
        private LaterEnd laterEnd;

        RangeInputStream(InputStream in, long end, LaterEnd laterEnd) {
            this.in = in;
            this.end = end;
            this.laterEnd = laterEnd;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            if (position >= end && laterEnd != null) {
                end = laterEnd.get();
                laterEnd = null;
            }
            if (position >= end) {
                return -1;
            }
            int n = in.read(buffer, offset, (int) Math.min(length, end - position));
            if (n > 0) {
                position += n;
            }
            return n;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
