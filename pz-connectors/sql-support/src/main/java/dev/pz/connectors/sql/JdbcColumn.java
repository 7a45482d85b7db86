package dev.pz.connectors.sql;

import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * One column of a JDBC read: its name, the kind its values land as, and the exact Arrow type (the
 * kind's, or a decimal of the column's own precision and scale).
 */
public record JdbcColumn(String name, ColumnKind kind, ArrowType type) {

    public JdbcColumn(String name, ColumnKind kind) {
        this(name, kind, kind.arrowType());
    }

    /** A decimal column of the given precision and scale; DECIMAL(38,9) when they do not fit Arrow's 128 bits. */
    public static JdbcColumn decimal(String name, int precision, int scale) {
        boolean fits = precision >= 1 && precision <= 38 && scale >= 0 && scale <= precision;
        return new JdbcColumn(name, ColumnKind.DECIMAL, fits ? new ArrowType.Decimal(precision, scale, 128)
                : ColumnKind.DECIMAL.arrowType());
    }

    public Field field() {
        return Field.nullable(name, type);
    }
}
