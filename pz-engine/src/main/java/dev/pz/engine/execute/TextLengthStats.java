package dev.pz.engine.execute;

import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.SqlLiterals;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The longest value, in characters, of every text column of a relation about to be written, in one
 * scan: {@code select max(length("c0"))::bigint, … from <relation>}. A sink that declares
 * {@code TextLengthStats} sizes the text columns of a table it creates from these figures instead
 * of making every one unbounded. A column holding only NULLs has no entry.
 */
final class TextLengthStats {

    private TextLengthStats() {
    }

    static Map<String, Long> measure(DuckConnection connection, String relation, Schema schema) {
        List<String> textColumns = new ArrayList<>();
        for (Field field : schema.getFields()) {
            if (field.getType() instanceof ArrowType.Utf8 || field.getType() instanceof ArrowType.LargeUtf8) {
                textColumns.add(field.getName());
            }
        }
        Map<String, Long> lengths = new LinkedHashMap<>();
        if (textColumns.isEmpty()) {
            return lengths;
        }
        StringBuilder sql = new StringBuilder("select ");
        for (int i = 0; i < textColumns.size(); i++) {
            sql.append(i == 0 ? "" : ", ").append("max(length(").append(SqlLiterals.identifier(textColumns.get(i)))
                    .append("))::bigint");
        }
        sql.append(" from ").append(relation);
        connection.query(sql.toString(), row -> {
            for (int i = 0; i < textColumns.size(); i++) {
                long length = row.getLong(i + 1);
                if (!row.wasNull()) {
                    lengths.put(textColumns.get(i), length);
                }
            }
            return null;
        });
        return lengths;
    }
}
