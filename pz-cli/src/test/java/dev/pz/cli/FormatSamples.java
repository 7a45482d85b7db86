package dev.pz.cli;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.dhatim.fastexcel.Workbook;
import org.dhatim.fastexcel.Worksheet;

/**
 * Three orders (unicode, empty cells, dates) as an xlsx workbook, an Avro file and a csv file, for tests
 * that read the same rows from every format: the csv is what DuckDB reads, the others what pz reads.
 */
final class FormatSamples {

    /** The csv of the rows, and the csv a pipeline writes back from any of the formats. */
    static final String CSV = "id,customer,amount,day\n1,Zoë ✓,10.5,2024-01-31\n2,Ω omega,,2024-02-29\n"
            + "3,,7.25,1999-12-31\n";

    private static final Object[][] ROWS = {
        {1L, "Zoë ✓", 10.5, LocalDate.of(2024, 1, 31)},
        {2L, "Ω omega", null, LocalDate.of(2024, 2, 29)},
        {3L, null, 7.25, LocalDate.of(1999, 12, 31)},
    };

    private static final Schema AVRO = new Schema.Parser().parse("""
            {"type": "record", "name": "Order", "fields": [
              {"name": "id", "type": "long"},
              {"name": "customer", "type": ["null", "string"]},
              {"name": "amount", "type": ["null", "double"]},
              {"name": "day", "type": {"type": "int", "logicalType": "date"}}]}""");

    private FormatSamples() {
    }

    /** A workbook whose first sheet, {@code Notes}, holds no rows and whose {@code Orders} sheet holds them. */
    static void writeWorkbook(Path file) throws Exception {
        try (OutputStream out = Files.newOutputStream(file); Workbook book = new Workbook(out, "test", "1.0")) {
            Worksheet notes = book.newWorksheet("Notes");
            notes.value(0, 0, "the orders are on the next sheet");
            Worksheet orders = book.newWorksheet("Orders");
            String[] header = {"id", "customer", "amount", "day"};
            for (int c = 0; c < header.length; c++) {
                orders.value(0, c, header[c]);
            }
            for (int r = 0; r < ROWS.length; r++) {
                orders.value(r + 1, 0, (Long) ROWS[r][0]);
                if (ROWS[r][1] != null) {
                    orders.value(r + 1, 1, (String) ROWS[r][1]);
                }
                if (ROWS[r][2] != null) {
                    orders.value(r + 1, 2, (Double) ROWS[r][2]);
                }
                orders.value(r + 1, 3, (LocalDate) ROWS[r][3]);
                orders.style(r + 1, 3).format("yyyy-mm-dd").set();
            }
        }
    }

    /** An Avro file with nullable unions and a logical date. */
    static void writeAvro(Path file) throws Exception {
        try (DataFileWriter<GenericRecord> writer = new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(AVRO))) {
            writer.create(AVRO, file.toFile());
            for (Object[] row : ROWS) {
                GenericRecord record = new GenericData.Record(AVRO);
                record.put("id", row[0]);
                record.put("customer", row[1]);
                record.put("amount", row[2]);
                record.put("day", (int) ((LocalDate) row[3]).toEpochDay());
                writer.append(record);
            }
        }
    }

    /** A pipeline writing {@code relation}'s rows as {@code <output>.csv} to the {@code lake} connection. */
    static String copyOut(String output, String relation) {
        return "INSERT INTO {{ sink('lake', '" + output + "', format: 'csv', strategy: 'replace') }}\n"
                + "select id::BIGINT as id, customer, amount, day from " + relation + " order by id\n";
    }
}
