package dev.pz.connectors.formats;

import java.io.IOException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.util.Text;

/** Drains an Arrow reader into rows of plain values (text as String, days as LocalDate, UTC timestamps as LocalDateTime). */
final class ArrowRows {

    private ArrowRows() {
    }

    static List<List<Object>> drain(ArrowReader reader) throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        try (reader) {
            while (reader.loadNextBatch()) {
                VectorSchemaRoot root = reader.getVectorSchemaRoot();
                for (int i = 0; i < root.getRowCount(); i++) {
                    List<Object> row = new ArrayList<>();
                    for (FieldVector vector : root.getFieldVectors()) {
                        row.add(plain(vector, i));
                    }
                    rows.add(row);
                }
            }
        }
        return rows;
    }

    static Object plain(FieldVector vector, int i) {
        if (vector.isNull(i)) {
            return null;
        }
        if (vector instanceof DateDayVector days) {
            return LocalDate.ofEpochDay(days.get(i));
        }
        if (vector instanceof TimeStampMicroTZVector stamps) {
            return VectorValues.fromEpochMicros(stamps.get(i));
        }
        Object value = vector.getObject(i);
        return value instanceof Text text ? text.toString() : value;
    }
}
