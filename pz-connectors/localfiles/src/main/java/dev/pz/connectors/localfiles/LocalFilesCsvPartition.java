package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
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
 * One universal read of a csv/tsv file: the whole file, or one byte range of it with the header
 * spliced in front. Splits divide the batch byte target among themselves.
 */
final class LocalFilesCsvPartition implements ReadPartition {

    private final String id;
    private final Path file;
    private final String fileLabel;
    private final char delimiter;
    private final Schema schema;
    private final List<ContractTypes> types;
    private final LocalFilesCsvSplitPlanner.Split split;
    private final int partitionCount;

    LocalFilesCsvPartition(String id, Path file, String fileLabel, char delimiter, Schema schema,
            List<ContractTypes> types, LocalFilesCsvSplitPlanner.Split split, int partitionCount) {
        this.id = id;
        this.file = file;
        this.fileLabel = fileLabel;
        this.delimiter = delimiter;
        this.schema = schema;
        this.types = List.copyOf(types);
        this.split = split;
        this.partitionCount = partitionCount;
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
        BatchOptions effective = new BatchOptions(Math.max(1, options.targetBytes() / partitionCount),
                options.maxRows());
        FileChannel channel = openChannel();
        InputStream in = stream(channel);
        LocalFilesCsvParser parser = new LocalFilesCsvParser(in, delimiter, fileLabel);
        return new LocalFilesCsvReader(allocator, schema, types, parser, fileLabel, effective,
                split == null ? 0 : split.firstLine(), new ReadPosition(channel, split == null ? 0 : split.start()));
    }

    /** The whole file's length, or the split's byte range; -1 when the file cannot be measured. */
    @Override
    public long sizeBytes() {
        if (split != null) {
            return split.end() - split.start();
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

    private InputStream stream(FileChannel channel) {
        if (split == null) {
            return Channels.newInputStream(channel);
        }
        try {
            channel.position(split.start());
        } catch (IOException e) {
            closeQuietly(channel);
            throw cannotRead(e);
        }
        InputStream range = new RangeInputStream(Channels.newInputStream(channel), split.end() - split.start());
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

    /** At most {@code remaining} bytes of a stream; closing it closes the stream. */
    private static final class RangeInputStream extends InputStream {
        private final InputStream in;
        private long remaining;

        RangeInputStream(InputStream in, long remaining) {
            this.in = in;
            this.remaining = remaining;
        }

        @Override
        public int read() throws IOException {
            if (remaining <= 0) {
                return -1;
            }
            int b = in.read();
            if (b >= 0) {
                remaining--;
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            if (remaining <= 0) {
                return -1;
            }
            int n = in.read(buffer, offset, (int) Math.min(length, remaining));
            if (n > 0) {
                remaining -= n;
            }
            return n;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
