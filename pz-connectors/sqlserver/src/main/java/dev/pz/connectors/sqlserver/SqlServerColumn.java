package dev.pz.connectors.sqlserver;

/**
 * One column of a result as the server describes it: its name, its type name without parameters
 * ({@code datetime2}, {@code nvarchar}, …), and the precision and scale the server reports (for
 * date-time types the scale is the fractional-second digits).
 */
record SqlServerColumn(String name, String typeName, int precision, int scale) {

    SqlServerColumn {
        typeName = SqlServerReadType.baseName(typeName);
    }

    /** Where the column sits in the read type matrix; refused when it has no place there. */
    SqlServerReadType readType() {
        return SqlServerReadType.require(name, typeName);
    }
}
