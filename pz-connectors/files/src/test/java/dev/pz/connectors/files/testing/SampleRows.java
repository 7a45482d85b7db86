package dev.pz.connectors.files.testing;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

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
