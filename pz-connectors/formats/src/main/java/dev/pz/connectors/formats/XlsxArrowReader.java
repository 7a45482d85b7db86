package dev.pz.connectors.formats;

import dev.pz.connectors.api.BatchOptions;
import java.io.IOException;
import java.util.Iterator;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.dhatim.fastexcel.reader.Cell;
import org.dhatim.fastexcel.reader.Row;

/**
 * Streams a sheet's data rows into Arrow batches. The table ends at the first row whose cells
 * in the table's columns are all empty, at a skipped row number, or at the sheet's end. A batch is
 * taken at the row cap or the byte target. The reader owns its root and the workbook.
 */
final class XlsxArrowReader extends ArrowReader {

    private final XlsxWorkbook workbook;
    private final Iterator<Row> rows;
    private final XlsxLayout layout;
    private final ContractColumns columns;
    private final String where;
    private final long targetBytes;
    private final int maxRows;
    private int lastRow;
    private boolean finished;

    XlsxArrowReader(BufferAllocator allocator, XlsxWorkbook workbook, Iterator<Row> rows, XlsxLayout layout,
            ContractColumns columns, String where, BatchOptions batch) {
        super(allocator);
        this.workbook = workbook;
        this.rows = rows;
        this.layout = layout;
        this.columns = columns;
        this.where = where;
        this.targetBytes = Math.max(1, batch.targetBytes());
        this.maxRows = Math.max(1, batch.maxRows());
        this.lastRow = layout.dataRow() - 1;
    }

    @Override
    public boolean loadNextBatch() throws IOException {
        ensureInitialized();
        VectorSchemaRoot root = getVectorSchemaRoot();
        root.allocateNew();
        int count = 0;
        long bytes = 0;
        Object[] values = new Object[layout.width()];
        while (!finished && count < maxRows && bytes < targetBytes) {
            if (!rows.hasNext()) {
                finished = true;
                break;
            }
            Row row = rows.next();
            if (row.getRowNum() < layout.dataRow()) {
                continue;
            }
            if (row.getRowNum() != lastRow + 1 || !read(row, values)) {
                finished = true;
                break;
            }
            lastRow = row.getRowNum();
            for (int i = 0; i < columns.size(); i++) {
                Object value = convert(i, values[columns.sources()[i]], row);
                VectorValues.set(root.getVector(i), count, value);
                bytes += value == null ? 1 : VectorValues.width(value);
            }
            count++;
        }
        for (FieldVector vector : root.getFieldVectors()) {
            vector.setValueCount(count);
        }
        root.setRowCount(count);
        return count > 0;
    }

    /** Reads the row's cells into {@code values}; false when every cell of the table's columns is empty. */
    private boolean read(Row row, Object[] values) {
        boolean any = false;
        for (int c = 0; c < values.length; c++) {
            Cell cell = XlsxLayout.cellAt(row, layout.firstColumn() + c);
            any |= !XlsxCells.isEmpty(cell);
            try {
                values[c] = XlsxCells.value(cell, layout.types().get(c), layout.numberColumns().get(c));
            } catch (ValueCasts.CastException e) {
                throw cellFailure(row, c, layout.names().get(c), e);
            }
        }
        return any;
    }

    private Object convert(int output, Object value, Row row) {
        try {
            return columns.convert(output, value);
        } catch (ValueCasts.CastException e) {
            throw cellFailure(row, columns.sources()[output], columns.schema().getFields().get(output).getName(), e);
        }
    }

    private FormatFailure cellFailure(Row row, int column, String name, ValueCasts.CastException e) {
        return FormatFailure.value(where + ": cell " + XlsxLayout.reference(layout.firstColumn() + column,
                row.getRowNum()) + " (column '" + name + "'): " + e.getMessage());
    }

    @Override
    public long bytesRead() {
        return 0;
    }

    @Override
    protected void closeReadSource() {
        workbook.close();
    }

    @Override
    protected Schema readSchema() {
        return columns.schema();
    }
}
