package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads a headed CSV stream into Arrow batches of the contract's schema (the universal-tier read
 * of docs/formats.md). Columns bind by header name; an empty cell and {@code ""} are NULL; a
 * value the contract type cannot hold fails the read naming the file, the line and the column.
 * A batch is taken when its estimated size reaches the byte target or its rows the row cap, whichever
 * comes first. The reader owns its root: each batch is valid until the next
 * {@link #loadNextBatch()} or {@link #close()}.
 */
final class LocalFilesCsvReader extends ArrowReader {

    private final Schema schema;
    private final ContractTypes[] typeArray;
    private final boolean[] isVarchar;
    private final LocalFilesCsvParser parser;
    private final String fileLabel;
    private final long targetBytes;
    private final int maxRows;
    private final long firstDataLine;
    private final LongSupplier consumed;
    private final double fixedRowBytes;
    private LocalFilesCsvColumn[] columns;
    private int[] sourceIndex;
    private int headerWidth;
    private boolean finished;
    private RuntimeException failure;

    /**
     * @param parser owned: closed with this reader
     * @param firstDataLine the physical line of the first record after the header, or 0 to count
     *     from the stream itself
     * @param consumed the bytes of the source consumed so far, for {@link #bytesRead()}
     */
    LocalFilesCsvReader(BufferAllocator allocator, Schema schema, List<ContractTypes> types,
            LocalFilesCsvParser parser, String fileLabel, BatchOptions options, long firstDataLine,
            LongSupplier consumed) {
        super(allocator);
        this.schema = schema;
        this.typeArray = types.toArray(new ContractTypes[0]);
        this.isVarchar = new boolean[typeArray.length];
        for (int i = 0; i < typeArray.length; i++) {
            isVarchar[i] = typeArray[i] == ContractTypes.VARCHAR;
        }
        this.parser = parser;
        this.fileLabel = fileLabel;
        this.targetBytes = Math.max(1, options.targetBytes());
        this.maxRows = Math.max(1, options.maxRows());
        this.firstDataLine = firstDataLine;
        this.consumed = consumed;
        double fixed = 0;
        for (ContractTypes type : types) {
            fixed += LocalFilesCsvValues.fixedWidth(type) + 0.125;
        }
        this.fixedRowBytes = fixed;
    }

    /**
     * Loads the next batch. After a failure every later call throws the same exception: the parser
     * stopped mid-record, so nothing after it can be trusted.
     */
    @Override
    public boolean loadNextBatch() throws IOException {
        if (failure != null) {
            throw failure;
        }
        try {
            return load();
        } catch (RuntimeException e) {
            failure = e;
            throw e;
        }
    }

    private boolean load() throws IOException {
        if (finished) {
            return false;
        }
        if (sourceIndex == null && !bindHeader()) {
            finished = true;
            return false;
        }
        VectorSchemaRoot root = getVectorSchemaRoot();
        root.clear();
        LocalFilesCsvColumn[] columnList = columns(root);
        // Sized for the batch up front: growing by doubling would copy every buffer log2(rows) times.
        int expectedRows = (int) Math.max(1, Math.min(maxRows, targetBytes / Math.max(1.0, fixedRowBytes)));
        for (LocalFilesCsvColumn column : columnList) {
            column.start(expectedRows);
        }
        int columnCount = columnList.length;
        int[] fieldIndex = sourceIndex;
        LocalFilesCsvParser in = parser;
        int rows = 0;
        double bytes = 0;
        while (rows < maxRows && bytes < targetBytes) {
            if (!in.next()) {
                finished = true;
                break;
            }
            if (in.fieldCount() != headerWidth) {
                throw in.failure("line " + in.recordLine() + ": expected " + headerWidth
                        + " fields as in the header, found " + in.fieldCount());
            }
            byte[] row = in.row();
            bytes += fixedRowBytes;
            for (int column = 0; column < columnCount; column++) {
                int field = fieldIndex[column];
                int start = in.start(field);
                int end = in.end(field);
                if (start == end) {
                    columnList[column].setNull(rows);
                    continue;
                }
                try {
                    columnList[column].set(rows, row, start, end);
                } catch (LocalFilesCsvValues.MalformedValueException e) {
                    throw in.failure("line " + in.recordLine() + ", column '"
                            + schema.getFields().get(column).getName() + "': value is not a valid "
                            + typeArray[column].word());
                }
                if (isVarchar[column]) {
                    bytes += end - start;
                }
            }
            rows++;
        }
        for (LocalFilesCsvColumn column : columnList) {
            column.finish(rows);
        }
        root.setRowCount(rows);
        if (rows == 0) {
            return false;
        }
        return true;
    }

    /** The batch columns over the root's vectors, made once: the root keeps its vectors across batches. */
    private LocalFilesCsvColumn[] columns(VectorSchemaRoot root) {
        if (columns == null) {
            List<FieldVector> vectors = root.getFieldVectors();
            columns = new LocalFilesCsvColumn[vectors.size()];
            for (int i = 0; i < columns.length; i++) {
                columns[i] = LocalFilesCsvColumn.of(typeArray[i], vectors.get(i));
            }
        }
        return columns;
    }

    /** Reads the header and maps each contract column to its field; false when the input is empty. */
    private boolean bindHeader() throws IOException {
        parser.skipByteOrderMark();
        if (!parser.next()) {
            return false;
        }
        List<String> header = parser.fields();
        headerWidth = header.size();
        if (firstDataLine > 0) {
            parser.setLine(firstDataLine);
        }
        int[] index = new int[schema.getFields().size()];
        for (int column = 0; column < index.length; column++) {
            String name = schema.getFields().get(column).getName();
            index[column] = find(header, name);
            if (index[column] < 0) {
                throw missingColumn(fileLabel, name);
            }
        }
        sourceIndex = index;
        return true;
    }

    static PzConnectorException missingColumn(String fileLabel, String column) {
        return new PzConnectorException(dev.pz.connectors.api.error.PzCode.NODE_FAILED,
                "csv file '" + fileLabel + "': missing declared column '" + column + "' in header");
    }

    /** Exact name first; DuckDB's names are case-insensitive, so a case-only difference also binds. */
    static int find(List<String> header, String name) {
        int exact = header.indexOf(name);
        if (exact >= 0) {
            return exact;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        List<Integer> matches = new ArrayList<>();
        for (int i = 0; i < header.size(); i++) {
            if (header.get(i).strip().toLowerCase(Locale.ROOT).equals(lower)) {
                matches.add(i);
            }
        }
        return matches.size() == 1 ? matches.get(0) : -1;
    }

    /** The source's bytes consumed so far (the parser reads ahead by at most its buffer). */
    @Override
    public long bytesRead() {
        return consumed.getAsLong();
    }

    @Override
    protected void closeReadSource() throws IOException {
        parser.close();
    }

    @Override
    protected Schema readSchema() {
        return schema;
    }
}
