package dev.pz.connectors.formats;

import dev.pz.connectors.api.BatchOptions;
import java.io.IOException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericRecord;

/**
 * Streams an Avro file's records into Arrow batches, at the row cap or the byte target. Without a
 * contract every field is written with its own shape; with one, the declared fields are cast. The
 * reader owns its root and the file.
 */
final class AvroArrowReader extends ArrowReader {

    private final DataFileReader<GenericRecord> reader;
    private final ContractColumns columns;
    private final List<org.apache.avro.Schema.Field> fields;
    private final String label;
    private final long targetBytes;
    private final int maxRows;
    private GenericRecord reuse;
    private long rowsRead;

    AvroArrowReader(BufferAllocator allocator, DataFileReader<GenericRecord> reader, ContractColumns columns,
            String label, BatchOptions batch) {
        super(allocator);
        this.reader = reader;
        this.columns = columns;
        this.fields = reader.getSchema().getFields();
        this.label = label;
        this.targetBytes = Math.max(1, batch.targetBytes());
        this.maxRows = Math.max(1, batch.maxRows());
    }

    @Override
    public boolean loadNextBatch() throws IOException {
        ensureInitialized();
        VectorSchemaRoot root = getVectorSchemaRoot();
        root.allocateNew();
        int count = 0;
        long bytes = 0;
        while (count < maxRows && bytes < targetBytes && next()) {
            for (int i = 0; i < columns.size(); i++) {
                int source = columns.sources()[i];
                org.apache.avro.Schema schema = fields.get(source).schema();
                Object datum = reuse.get(source);
                FieldVector vector = root.getVector(i);
                if (columns.sourceTypes()[i] == null) {
                    AvroNested.write(vector, count, schema, datum);
                    bytes += 16;
                } else {
                    Object value = convert(i, AvroColumn.value(AvroColumn.unwrap(schema, vector.getName()), datum));
                    VectorValues.set(vector, count, value);
                    bytes += value == null ? 1 : VectorValues.width(value);
                }
            }
            count++;
        }
        for (FieldVector vector : root.getFieldVectors()) {
            vector.setValueCount(count);
        }
        root.setRowCount(count);
        return count > 0;
    }

    private boolean next() {
        try {
            if (!reader.hasNext()) {
                return false;
            }
            reuse = reader.next(reuse);
            rowsRead++;
            return true;
        } catch (AvroRuntimeException | IOException e) {
            throw FormatFailure.value("avro file '" + label + "' is truncated or corrupt after " + rowsRead
                    + " records (" + XlsxWorkbook.cause(e) + ")");
        }
    }

    private Object convert(int output, Object value) {
        try {
            return columns.convert(output, value);
        } catch (ValueCasts.CastException e) {
            throw FormatFailure.value("avro file '" + label + "': record " + (rowsRead) + ", column '"
                    + columns.schema().getFields().get(output).getName() + "': " + e.getMessage());
        }
    }

    @Override
    public long bytesRead() {
        return 0;
    }

    @Override
    protected void closeReadSource() throws IOException {
        reader.close();
    }

    @Override
    protected Schema readSchema() {
        return columns.schema();
    }
}
