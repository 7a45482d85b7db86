package dev.pz.connectors.formats;

import dev.pz.connectors.api.ContractTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The columns a read produces: with no contract, every column of the file under its inferred
 * type; with a {@code columns:} contract, exactly the declared columns in declaration order, each
 * found by name (case-insensitive) and cast to its declared type, as the native fragment
 * {@code (select "c"::<TYPE> as "c", … from read_<fmt>(…))} would.
 *
 * @param sources the file column each output column reads
 * @param sourceTypes the file column's type
 * @param targets the declared type, or null to keep the file's type
 */
record ContractColumns(Schema schema, int[] sources, SourceType[] sourceTypes, ContractTypes[] targets) {

    /** Why a contract does not fit the file; the caller adds where. */
    static final class Mismatch extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Mismatch(String message) {
            super(message, null, false, false);
        }
    }

    /** Every file column as it is; {@code types} holds null for a nested column. */
    static ContractColumns inferred(List<Field> fields, List<SourceType> types) {
        int[] sources = new int[fields.size()];
        for (int i = 0; i < sources.length; i++) {
            sources[i] = i;
        }
        return new ContractColumns(new Schema(fields), sources, types.toArray(new SourceType[0]),
                new ContractTypes[fields.size()]);
    }

    /**
     * @param indexOf the file column of a declared name, or -1
     * @param typeOf the file column's type (null when it cannot be cast: a nested avro column)
     * @throws Mismatch for a declared column the file lacks or cannot cast
     */
    static ContractColumns declared(Map<String, ContractTypes> contract, List<String> available,
            ToIntFunction<String> indexOf, java.util.function.IntFunction<SourceType> typeOf) {
        List<Field> fields = new ArrayList<>();
        int[] sources = new int[contract.size()];
        SourceType[] sourceTypes = new SourceType[contract.size()];
        ContractTypes[] targets = new ContractTypes[contract.size()];
        int i = 0;
        for (Map.Entry<String, ContractTypes> column : contract.entrySet()) {
            int index = indexOf.applyAsInt(column.getKey());
            if (index < 0) {
                throw new Mismatch("columns: contract declares '" + column.getKey() + "', which the file does not have"
                        + " (columns: " + String.join(", ", available) + ")");
            }
            SourceType type = typeOf.apply(index);
            if (type == null || !ValueCasts.castable(type, column.getValue())) {
                throw new Mismatch("columns: contract declares '" + column.getKey() + "' as " + column.getValue().word()
                        + ", but the file's column is " + (type == null ? "a nested value" : type.duckName())
                        + " and DuckDB has no cast between them -- declare it as "
                        + (type == null ? "nothing (remove it from the contract)" : "varchar or remove it"));
            }
            fields.add(Field.nullable(column.getKey(), column.getValue().arrowType()));
            sources[i] = index;
            sourceTypes[i] = type;
            targets[i] = column.getValue();
            i++;
        }
        return new ContractColumns(new Schema(fields), sources, sourceTypes, targets);
    }

    int size() {
        return sources.length;
    }

    /** The value of output column {@code i} from its file value (already in the file column's type). */
    Object convert(int i, Object value) {
        if (value == null || targets[i] == null) {
            return value;
        }
        return ValueCasts.cast(value, sourceTypes[i], targets[i]);
    }
}
