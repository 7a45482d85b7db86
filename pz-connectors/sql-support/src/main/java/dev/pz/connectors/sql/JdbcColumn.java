package dev.pz.connectors.sql;

import org.apache.arrow.vector.types.pojo.Field;

/** One column of a JDBC read: its name and the kind its values land as. */
public record JdbcColumn(String name, ColumnKind kind) {

    public Field field() {
        return Field.nullable(name, kind.arrowType());
    }
}
