package dev.pz.connectors.api;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The {@code columns:} contract vocabulary: exactly eight type names, each with its DuckDB type
 * and the Arrow type a universal read produces for it.
 */
public enum ContractTypes {
    INT("int", "INTEGER"),
    BIGINT("bigint", "BIGINT"),
    DOUBLE("double", "DOUBLE"),
    DECIMAL("decimal", "DECIMAL(38,9)"),
    VARCHAR("varchar", "VARCHAR"),
    BOOLEAN("boolean", "BOOLEAN"),
    DATE("date", "DATE"),
    TIMESTAMP("timestamp", "TIMESTAMP");

    private final String word;
    private final String duckDbType;

    ContractTypes(String word, String duckDbType) {
        this.word = word;
        this.duckDbType = duckDbType;
    }

    public String word() {
        return word;
    }

    public String duckDbType() {
        return duckDbType;
    }

    /**
     * The Arrow type of a column declared with this type: Int32, Int64, Float64, Decimal128(38,9),
     * Utf8, Bool, Date32(DAY), Timestamp(MICROSECOND, "+00:00"). pz's Arrow ingest lands every
     * timestamp as a DuckDB {@code TIMESTAMP} holding the UTC wall time.
     */
    public ArrowType arrowType() {
        return switch (this) {
            case INT -> new ArrowType.Int(32, true);
            case BIGINT -> new ArrowType.Int(64, true);
            case DOUBLE -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case DECIMAL -> new ArrowType.Decimal(38, 9, 128);
            case VARCHAR -> ArrowType.Utf8.INSTANCE;
            case BOOLEAN -> ArrowType.Bool.INSTANCE;
            case DATE -> new ArrowType.Date(DateUnit.DAY);
            case TIMESTAMP -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, "+00:00");
        };
    }

    public static Optional<ContractTypes> fromWord(String word) {
        String lower = word == null ? "" : word.trim().toLowerCase(Locale.ROOT);
        for (ContractTypes type : values()) {
            if (type.word.equals(lower)) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }

    /** The eight words as a user writes them: {@code int, bigint, …, timestamp}. */
    public static String vocabulary() {
        StringBuilder words = new StringBuilder();
        for (ContractTypes type : values()) {
            words.append(words.length() == 0 ? "" : ", ").append(type.word);
        }
        return words.toString();
    }

    /** What a refusal of a word outside the vocabulary says: the column and the word. */
    public static String unknown(String column, String word) {
        return "column '" + column + "': unknown columns: contract type '" + word + "'";
    }

    /** The hint of that refusal. */
    public static String unknownHint() {
        return "use one of: " + vocabulary() + " (decimal is DECIMAL(38,9); for another precision declare"
                + " varchar or double and cast in the pipeline's SQL)";
    }

    /** The types an incremental cursor may have. */
    public static final List<ContractTypes> CURSOR_TYPES = List.of(INT, BIGINT, DECIMAL, DATE, TIMESTAMP);

    public boolean isCursorType() {
        return CURSOR_TYPES.contains(this);
    }
}
