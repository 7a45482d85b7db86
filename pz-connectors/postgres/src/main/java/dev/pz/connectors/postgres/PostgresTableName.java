package dev.pz.connectors.postgres;

import dev.pz.connectors.api.error.PzConnectorException;

/**
 * A table named by an entity: {@code schema.table} split on the single dot, unqualified names in
 * schema {@code public}.
 */
record PostgresTableName(String schema, String table) {

    static final String DEFAULT_SCHEMA = "public";

    static PostgresTableName parse(String entity) {
        String[] parts = entity.split("\\.", -1);
        if (parts.length == 1 && !parts[0].isEmpty()) {
            return new PostgresTableName(DEFAULT_SCHEMA, parts[0]);
        }
        if (parts.length == 2 && !parts[0].isEmpty() && !parts[1].isEmpty()) {
            return new PostgresTableName(parts[0], parts[1]);
        }
        throw new PzConnectorException("entity '" + entity + "': expected '<table>' or '<schema>.<table>'", false);
    }

    /** {@code "schema"."table"}. */
    String qualified() {
        return PostgresSql.quote(schema) + "." + PostgresSql.quote(table);
    }

    /** {@code schema.table}, as messages show it. */
    @Override
    public String toString() {
        return schema + "." + table;
    }
}
