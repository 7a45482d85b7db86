package dev.pz.connectors.files.testing;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The rows the object-store round-trip tests move: 16 rows over every contract type, unicode text,
 * and four calendar days (2026-07-10 to 07-13) whose {@code ts} lies inside its {@code day}.
 */
public final class SampleRows {

    public static final String QUERY = "select range::bigint as id, 'name ' || range || ' ✓' as name,"
            + " (range / 4)::decimal(38,9) as amount, range % 3 = 0 as flag, date '2026-07-10' + (range % 4)::integer"
            + " as day, (date '2026-07-10' + (range % 4)::integer) + to_minutes(range + 1) as ts from range(16)";

    /** The {@code columns:} contract of {@link #QUERY}'s columns. */
    public static final Map<String, String> CONTRACT = contract();

    private SampleRows() {
    }

    /** Two rows of {@code id bigint, name varchar}, for the connector test kit's writes; the caller closes it. */
    public static VectorSchemaRoot batch(BufferAllocator allocator) {
        Schema schema = new Schema(List.of(Field.nullable("id", new ArrowType.Int(64, true)),
                Field.nullable("name", ArrowType.Utf8.INSTANCE)));
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        root.allocateNew();
        ((BigIntVector) root.getVector(0)).setSafe(0, 1);
        ((VarCharVector) root.getVector(1)).setSafe(0, "a ✓".getBytes(StandardCharsets.UTF_8));
        ((BigIntVector) root.getVector(0)).setSafe(1, 2);
        root.getVector(1).setNull(1);
        root.setRowCount(2);
        return root;
    }

    private static Map<String, String> contract() {
        Map<String, String> columns = new LinkedHashMap<>();
        columns.put("id", "bigint");
        columns.put("name", "varchar");
        columns.put("amount", "decimal");
        columns.put("flag", "boolean");
        columns.put("day", "date");
        columns.put("ts", "timestamp");
        return Collections.unmodifiableMap(columns);
    }
}
