package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.error.PzConnectorException;

/**
 * A table named by an entity: {@code schema.table} split on its single dot, an unqualified name in
 * schema {@code dbo}. Three or more parts are refused: quoting {@code db.sales} as one identifier
 * would name an object that does not exist rather than another database's table.
 */
record SqlServerTableName(String schema, String table) {

    static final String DEFAULT_SCHEMA = "dbo";

    static SqlServerTableName parse(String entity) {
        String[] parts = entity.split("\\.", -1);
        if (parts.length == 1 && !parts[0].isEmpty()) {
            return new SqlServerTableName(DEFAULT_SCHEMA, parts[0]);
        }
        if (parts.length == 2 && !parts[0].isEmpty() && !parts[1].isEmpty()) {
            return new SqlServerTableName(parts[0], parts[1]);
        }
        throw new PzConnectorException("entity '" + entity + "': expected '<table>' or '<schema>.<table>'", false);
    }

    /** {@code [schema].[table]}. */
    String qualified() {
        return SqlServerSql.quote(schema) + "." + SqlServerSql.quote(table);
    }

    /** {@code schema.table}, as messages show it. */
    @Override
    public String toString() {
        return schema + "." + table;
    }
}
