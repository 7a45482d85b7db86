package dev.pz.connectors.api;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code columns:} contract vocabulary: exactly eight type names, each with its DuckDB type.
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

    public static Optional<ContractTypes> fromWord(String word) {
        String lower = word == null ? "" : word.trim().toLowerCase(Locale.ROOT);
        for (ContractTypes type : values()) {
            if (type.word.equals(lower)) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }

    /** The types an incremental cursor may have. */
    public static final List<ContractTypes> CURSOR_TYPES = List.of(INT, BIGINT, DECIMAL, DATE, TIMESTAMP);

    public boolean isCursorType() {
        return CURSOR_TYPES.contains(this);
    }
}
