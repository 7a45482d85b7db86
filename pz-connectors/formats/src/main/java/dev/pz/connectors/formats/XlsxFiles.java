package dev.pz.connectors.formats;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ContractTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.dhatim.fastexcel.reader.Row;

/**
 * Reads one sheet of an .xlsx workbook on the local disk into Arrow, as DuckDB's
 * {@code read_xlsx(<file>, header = <h>[, sheet = '<s>'])} reads it (see {@link XlsxLayout} for the
 * table, {@link XlsxCells} for types and values), optionally through a {@code columns:} contract.
 * A file connector calls it on its own files; an object-store connector on a spooled copy.
 * {@code label} is how messages name the file (the path as the user wrote it, or the object key).
 */
public final class XlsxFiles {

    private XlsxFiles() {
    }

    /**
     * The schema a read produces: the contract's columns and types, or the sheet's inferred ones.
     * Reads the workbook's catalog, styles and the table's first two rows only.
     *
     * @param contract declared columns in order, or null
     * @throws FormatFailure for a missing or unreadable file, a sheet it lacks, a sheet without rows,
     *     or a contract column the sheet lacks or cannot be cast to
     */
    public static Schema schema(Path file, String label, XlsxReadOptions options, Map<String, ContractTypes> contract) {
        try (XlsxWorkbook workbook = XlsxWorkbook.open(file, label, options.sheet())) {
            return columns(workbook, workbook.rows(), label, options, contract).columns().schema();
        }
    }

    /**
     * Opens the sheet as an Arrow reader of {@link #schema}'s schema. The caller owns the reader;
     * closing it closes the file. A cell its column's type cannot hold fails the read naming the cell.
     */
    public static ArrowReader open(Path file, String label, XlsxReadOptions options, Map<String, ContractTypes> contract,
            BufferAllocator allocator, BatchOptions batch) {
        XlsxWorkbook workbook = XlsxWorkbook.open(file, label, options.sheet());
        try {
            Table table = columns(workbook, workbook.rows(), label, options, contract);
            return new XlsxArrowReader(allocator, workbook, workbook.rows(), table.layout(), table.columns(),
                    "xlsx file '" + label + "' sheet '" + workbook.sheetName() + "'", batch);
        } catch (RuntimeException e) {
            workbook.close();
            throw e;
        }
    }

    /** A sheet's table and the columns a read takes from it. */
    private record Table(XlsxLayout layout, ContractColumns columns) {
    }

    private static Table columns(XlsxWorkbook workbook, Iterator<Row> rows, String label, XlsxReadOptions options,
            Map<String, ContractTypes> contract) {
        String where = "xlsx file '" + label + "' sheet '" + workbook.sheetName() + "'";
        XlsxLayout layout = XlsxLayout.sniff(workbook.sheetName(), rows, options.header());
        if (layout == null) {
            throw FormatFailure.contract(where + " has no rows -- put the table on this sheet, or name the sheet"
                    + " that holds it in sheet:");
        }
        if (contract == null) {
            List<Field> fields = new ArrayList<>();
            for (int i = 0; i < layout.width(); i++) {
                fields.add(Field.nullable(layout.names().get(i), layout.types().get(i).arrowType()));
            }
            return new Table(layout, ContractColumns.inferred(fields, layout.types()));
        }
        try {
            return new Table(layout, ContractColumns.declared(contract, layout.names(), layout::indexOf,
                    layout.types()::get));
        } catch (ContractColumns.Mismatch e) {
            throw FormatFailure.contract(where + ": " + e.getMessage());
        }
    }
}
