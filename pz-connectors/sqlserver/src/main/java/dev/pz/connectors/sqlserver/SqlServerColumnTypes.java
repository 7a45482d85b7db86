package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The SQL Server type of every output column: a type declared in the output's {@code columns:}
 * option wins; a text column without one is sized from the longest value the engine measured
 * (twice that length, rounded up to 16, 32, 64, 128, 256, 512, 1000, 2000 or 4000 characters;
 * {@code nvarchar(4000)} when twice the length passes 4000 but the length does not;
 * {@code nvarchar(max)} only past 4000; {@code nvarchar(4000)} when nothing was measured); every
 * other column gets its type's default. Resolved offline, so a bad declaration fails before any
 * connection is made, with every problem in one message.
 */
final class SqlServerColumnTypes {

    static final int[] TEXT_BUCKETS = {16, 32, 64, 128, 256, 512, 1_000, 2_000, 4_000};
    static final int MAX_SIZED_TEXT = 4_000;

    private SqlServerColumnTypes() {
    }

    /** Column → canonical SQL Server type, in schema order, and which of them {@code columns:} declared. */
    record Resolved(Map<String, String> types, Set<String> declared) {
    }

    static Resolved resolve(OutputSpec spec, List<Field> fields, List<SqlServerWriteType> writeTypes) {
        String output = spec.entity();
        Map<String, String> declared = declarations(spec);
        List<String> problems = new ArrayList<>();
        Set<String> names = new HashSet<>();
        fields.forEach(field -> names.add(field.getName()));
        for (String column : declared.keySet()) {
            if (!names.contains(column)) {
                problems.add("column '" + column + "' is declared in columns: but the output has no such column");
            }
        }
        Map<String, String> types = new LinkedHashMap<>();
        Set<String> declaredColumns = new HashSet<>();
        for (int i = 0; i < fields.size(); i++) {
            String name = fields.get(i).getName();
            SqlServerWriteType writeType = writeTypes.get(i);
            String declaration = declared.get(name);
            if (declaration != null) {
                SqlServerTypeGrammar.Parsed parsed = SqlServerTypeGrammar.parse(declaration);
                if (!parsed.ok()) {
                    problems.add("column '" + name + "': " + parsed.error());
                } else if (!writeType.accepts(parsed.canonical())) {
                    problems.add("column '" + name + "' is declared '" + parsed.canonical() + "', which cannot hold its "
                            + writeType.name().toLowerCase(java.util.Locale.ROOT) + " values");
                } else {
                    types.put(name, parsed.canonical());
                    declaredColumns.add(name);
                }
                continue;
            }
            types.put(name, writeType.isText() ? sizedText(spec.maxTextLengths().get(name)) : writeType.defaultDdl());
        }
        if (!problems.isEmpty()) {
            throw new PzConnectorException("output '" + output + "': " + String.join("; ", problems), false);
        }
        return new Resolved(types, declaredColumns);
    }

    /** {@code nvarchar(n)} sized for a longest value of {@code observed} characters (null: not measured). */
    static String sizedText(Long observed) {
        if (observed == null) {
            return "nvarchar(" + MAX_SIZED_TEXT + ")";
        }
        if (observed > MAX_SIZED_TEXT) {
            return "nvarchar(max)";
        }
        long wanted = 2 * observed;
        for (int bucket : TEXT_BUCKETS) {
            if (bucket >= wanted) {
                return "nvarchar(" + bucket + ")";
            }
        }
        return "nvarchar(" + MAX_SIZED_TEXT + ")";
    }

    private static Map<String, String> declarations(OutputSpec spec) {
        Map<String, String> declared = new LinkedHashMap<>();
        spec.find(SqlServerOptions.COLUMNS).ifPresent(columns -> columns.forEach((column, type) -> declared.put(column,
                type == null ? "" : String.valueOf(type))));
        return declared;
    }
}
