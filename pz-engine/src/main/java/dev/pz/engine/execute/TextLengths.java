package dev.pz.engine.execute;

import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.SqlLiterals;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The longest value of every text column of a staged relation, in characters, for sinks that size
 * their columns from it (TextLengthStats). One query over the relation; a column holding only
 * nulls is left out.
 */
final class TextLengths {

    private TextLengths() {
    }

    static Map<String, Long> measure(DuckConnection connection, String relation, Schema schema) {
        List<String> columns = schema.getFields().stream().filter(field -> field.getType() instanceof ArrowType.Utf8)
                .map(Field::getName).toList();
        Map<String, Long> lengths = new LinkedHashMap<>();
        if (columns.isEmpty()) {
            return lengths;
        }
        String select = String.join(", ", columns.stream()
                .map(column -> "max(length(" + SqlLiterals.identifier(column) + "))::bigint").toList());
        connection.query("select " + select + " from " + relation, row -> {
            for (int i = 0; i < columns.size(); i++) {
                long length = row.getLong(i + 1);
                if (!row.wasNull()) {
                    lengths.put(columns.get(i), length);
                }
            }
            return null;
        });
        return lengths;
    }
}
