package dev.pz.engine.state;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * The SQL a database state backend runs, per database. Keyed state lives in one table,
 * {@code <schema>.state_entries (scope, state_key, payload, version, updated_at)}, primary key
 * {@code (scope, state_key)}. {@code version} is a fresh random id on every write, so a
 * compare-and-set names exactly the write it read, even across a remove and re-create of the key.
 * Creating an absent key is a plain insert whose duplicate-key error means another writer won.
 */
interface SqlStateDialect {

    /** Statements that create the schema and the table when they are missing; safe to run every time. */
    List<String> setup(String schema);

    default String selectScope(String schema) {
        return "select state_key, payload, version from " + table(schema) + " where scope = ?";
    }

    default String selectKey(String schema) {
        return "select payload, version from " + table(schema) + " where scope = ? and state_key = ?";
    }

    /** Parameters: scope, key, payload, version. */
    default String insert(String schema) {
        return "insert into " + table(schema) + " (scope, state_key, payload, version, updated_at) values (?, ?, ?, ?, "
                + now() + ")";
    }

    /** Parameters: payload, new version, scope, key, expected version. */
    default String update(String schema) {
        return "update " + table(schema) + " set payload = ?, version = ?, updated_at = " + now()
                + " where scope = ? and state_key = ? and version = ?";
    }

    /** Parameters: scope, key, expected version. */
    default String delete(String schema) {
        return "delete from " + table(schema) + " where scope = ? and state_key = ? and version = ?";
    }

    /** One parameter, {@link #lockResource}; answers one row that {@link #acquired} reads. */
    String tryLock();

    /** One parameter, {@link #lockResource}. */
    String unlock();

    Object lockResource(String schema);

    boolean acquired(ResultSet row) throws SQLException;

    boolean isDuplicateKey(SQLException e);

    String quote(String identifier);

    String now();

    default String table(String schema) {
        return quote(schema) + "." + quote("state_entries");
    }

    /** PostgreSQL: session advisory locks, released by the server when the session ends. */
    final class Postgres implements SqlStateDialect {
        @Override
        public List<String> setup(String schema) {
            return List.of("create schema if not exists " + quote(schema),
                    "create table if not exists " + table(schema) + " (scope varchar(64) not null, state_key varchar(450)"
                            + " not null, payload text not null, version varchar(36) not null, updated_at timestamptz"
                            + " not null, primary key (scope, state_key))");
        }

        @Override
        public String tryLock() {
            return "select pg_try_advisory_lock(?)";
        }

        @Override
        public String unlock() {
            return "select pg_advisory_unlock(?)";
        }

        /** A 64-bit key from the schema name: runs sharing a schema share the lock. */
        @Override
        public Object lockResource(String schema) {
            long hash = 1125899906842597L;
            for (char c : ("pz-run:" + schema).toCharArray()) {
                hash = 31 * hash + c;
            }
            return hash;
        }

        @Override
        public boolean acquired(ResultSet row) throws SQLException {
            return row.getBoolean(1);
        }

        @Override
        public boolean isDuplicateKey(SQLException e) {
            return "23505".equals(e.getSQLState());
        }

        @Override
        public String quote(String identifier) {
            return "\"" + identifier.replace("\"", "\"\"") + "\"";
        }

        @Override
        public String now() {
            return "now()";
        }
    }

    /** SQL Server: a session application lock ({@code sp_getapplock}), released when the session ends. */
    final class SqlServer implements SqlStateDialect {
        @Override
        public List<String> setup(String schema) {
            String literal = "N'" + schema.replace("'", "''") + "'";
            String table = table(schema);
            return List.of("if schema_id(" + literal + ") is null exec(N'create schema " + quote(schema).replace("'", "''")
                    + "')",
                    "if object_id(N'" + table.replace("'", "''") + "', N'U') is null create table " + table
                            + " (scope nvarchar(64) not null, state_key nvarchar(450) not null, payload nvarchar(max)"
                            + " not null, version char(36) not null, updated_at datetime2 not null,"
                            + " constraint pk_state_entries primary key (scope, state_key))");
        }

        @Override
        public String tryLock() {
            return "declare @result int; exec @result = sp_getapplock @Resource = ?, @LockMode = 'Exclusive',"
                    + " @LockOwner = 'Session', @LockTimeout = 0; select @result";
        }

        @Override
        public String unlock() {
            return "exec sp_releaseapplock @Resource = ?, @LockOwner = 'Session'";
        }

        @Override
        public Object lockResource(String schema) {
            return "pz-run:" + schema;
        }

        /** {@code sp_getapplock} answers 0 or 1 when granted, a negative number otherwise. */
        @Override
        public boolean acquired(ResultSet row) throws SQLException {
            return row.getInt(1) >= 0;
        }

        @Override
        public boolean isDuplicateKey(SQLException e) {
            return e.getErrorCode() == 2627 || e.getErrorCode() == 2601;
        }

        @Override
        public String quote(String identifier) {
            return "[" + identifier.replace("]", "]]") + "]";
        }

        @Override
        public String now() {
            return "sysutcdatetime()";
        }
    }
}
