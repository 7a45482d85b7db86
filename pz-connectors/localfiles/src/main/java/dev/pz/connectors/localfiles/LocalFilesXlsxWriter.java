package dev.pz.connectors.localfiles;

import dev.pz.connectors.formats.XlsxWriter;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** The universal xlsx writer of a localfiles output: one sheet, rows streamed batch by batch. */
final class LocalFilesXlsxWriter extends LocalFilesRowWriter {

    private final String sheet;
    private final boolean header;
    private final String label;
    private XlsxWriter workbook;

    LocalFilesXlsxWriter(OutputStream out, Schema schema, String sheet, boolean header, String label) {
        super(out, schema);
        this.sheet = sheet;
        this.header = header;
        this.label = label;
    }

    @Override
    void start() {
        workbook = XlsxWriter.start(out, new Schema(fields), sheet, header, label);
    }

    @Override
    void write(VectorSchemaRoot batch) throws IOException {
        workbook.write(batch);
    }

    @Override
    void finish() throws IOException {
        workbook.finish();
    }
}
