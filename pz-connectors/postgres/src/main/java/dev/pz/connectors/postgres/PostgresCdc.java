package dev.pz.connectors.postgres;

import dev.pz.connectors.api.DatasetSpec;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a change capture of one table needs to know about the server: the names of its replication
 * slot and publication, log positions in pz's token form, the table's key columns, the slot's
 * state, and the prerequisites, each unmet one with the statement that fixes it.
 */
final class PostgresCdc {
    /** The position of a first-run snapshot row: before every change. */
    static final String SNAPSHOT_POSITION = "0000000000000000-000000000";
    static final String PLUGIN = "pgoutput";
    private static final int MAX_IDENTIFIER = 63;

    private PostgresCdc() {
    }

    /** {@code sync.slot} verbatim, else {@code pz_<connection>_<entity>} sanitised. */
    static String slotName(DatasetSpec spec) {
        String slot = spec.changeCapture() == null ? null : spec.changeCapture().slot();
        return slot != null ? slot : sanitize("pz_" + spec.connection() + "_" + spec.entity());
    }

    /** The {@code publication:} read option, else {@code pz_<connection>} sanitised. */
    static String publicationName(DatasetSpec spec) {
        String publication = spec.get(PostgresOptions.PUBLICATION);
        return publication != null ? publication : sanitize("pz_" + spec.connection());
    }

    /** Lower-cased, every character outside {@code [a-z0-9_]} replaced by {@code _}, at most 63 characters. */
    static String sanitize(String name) {
        StringBuilder clean = new StringBuilder();
        for (char c : name.toLowerCase(Locale.ROOT).toCharArray()) {
            clean.append(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' ? c : '_');
        }
        return clean.length() > MAX_IDENTIFIER ? clean.substring(0, MAX_IDENTIFIER) : clean.toString();
    }

    /** A log position as pz stores it: 16 upper-case hex digits. */
    static String formatLsn(long lsn) {
        return String.format("%016X", lsn);
    }

    /** A stored token back to a log position. */
    static long parseLsn(String token) {
        if (token == null || !token.matches("[0-9A-Fa-f]{16}")) {
            throw new IllegalArgumentException("not a postgres log position token: '" + token + "'");
        }
        return Long.parseUnsignedLong(token, 16);
    }

    /** The {@code _pz_lsn} of the {@code sequence}-th change of the transaction committed at {@code commitLsn}. */
    static String changePosition(long commitLsn, int sequence) {
        return formatLsn(commitLsn) + "-" + String.format("%09d", sequence);
    }

    /**
     * The columns that identify a row: those of the replica identity index, else of the primary
     * key, in index order; empty when the table has neither.
     */
    static List<String> keyColumns(PostgresConnectionSettings settings, Connection connection, PostgresTableName table)
            throws SQLException {
        String sql = "select a.attname::text from pg_index i join lateral unnest(i.indkey::int2[]) with ordinality k(attnum, n)"
                + " on true join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum"
                + " where i.indrelid = to_regclass(?) and %s order by k.n";
        for (String which : List.of("i.indisreplident", "i.indisprimary")) {
            List<String> columns = strings(settings, connection, String.format(sql, which), table.qualified());
            if (!columns.isEmpty()) {
                return columns;
            }
        }
        return List.of();
    }

    /**
     * The slot of that name: its plugin, whether a session uses it, the bytes of log it holds back,
     * and the position the server was last told is processed (null before any).
     */
    record Slot(String plugin, boolean active, String walStatus, Long retainedBytes, String confirmedFlush) {
    }

    static Optional<Slot> slot(PostgresConnectionSettings settings, Connection connection, String name)
            throws SQLException {
        try (PreparedStatement query = settings.prepare(connection, "select plugin::text, active, wal_status,"
                + " pg_wal_lsn_diff(pg_current_wal_lsn(), restart_lsn)::bigint, confirmed_flush_lsn::text from pg_replication_slots"
                + " where slot_name = ?")) {
            query.setString(1, name);
            try (ResultSet result = query.executeQuery()) {
                if (!result.next()) {
                    return Optional.empty();
                }
                long retained = result.getLong(4);
                Long retainedBytes = result.wasNull() ? null : retained;
                String flush = result.getString(5);
                return Optional.of(new Slot(result.getString(1), result.getBoolean(2), result.getString(3),
                        retainedBytes, flush == null ? null
                                : formatLsn(org.postgresql.replication.LogSequenceNumber.valueOf(flush).asLong())));
            }
        }
    }

    /** Drops the slot of that name when it exists. */
    static void dropSlot(PostgresConnectionSettings settings, Connection connection, String name) throws SQLException {
        try (PreparedStatement drop = settings.prepare(connection,
                "select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = ?")) {
            drop.setString(1, name);
            drop.executeQuery().close();
        }
    }

    /**
     * Every unmet prerequisite of reading {@code table}'s changes through {@code publication}, each
     * with the statement that fixes it; empty when all are met.
     */
    static List<String> unmetPrerequisites(PostgresConnectionSettings settings, Connection connection,
            PostgresTableName table, String publication) throws SQLException {
        List<String> unmet = new ArrayList<>();
        int version = Integer.parseInt(strings(settings, connection, "select current_setting('server_version_num')").get(0));
        if (version < 140_000) {
            unmet.add("PostgreSQL 14 or newer is required for change capture (the server runs " + version + ")");
        }
        String walLevel = strings(settings, connection, "select current_setting('wal_level')").get(0);
        if (!"logical".equals(walLevel)) {
            unmet.add("wal_level is '" + walLevel + "', change capture needs 'logical': ALTER SYSTEM SET wal_level ="
                    + " logical; -- then restart postgres");
        }
        List<String> role = strings(settings, connection,
                "select current_user::text from pg_roles where rolname = current_user and not (rolsuper or rolreplication)");
        if (!role.isEmpty()) {
            unmet.add("role '" + role.get(0) + "' may not read the replication log: ALTER ROLE "
                    + PostgresSql.quote(role.get(0)) + " REPLICATION;");
        }
        List<String> identity = strings(settings, connection,
                "select relreplident::text from pg_class where oid = to_regclass(?)", table.qualified());
        if (identity.isEmpty()) {
            unmet.add("table " + table + " does not exist");
            return unmet;
        }
        if ("n".equals(identity.get(0))) {
            unmet.add("table " + table + " has replica identity NOTHING, so its updates and deletes are not logged:"
                    + " ALTER TABLE " + table.qualified() + " REPLICA IDENTITY DEFAULT;");
        } else if (keyColumns(settings, connection, table).isEmpty()) {
            unmet.add("table " + table + " has no primary key or replica identity index, so its changes cannot be"
                    + " matched to rows: ALTER TABLE " + table.qualified() + " ADD PRIMARY KEY (<key columns>);");
        }
        unmet.addAll(publicationProblems(settings, connection, table, publication, version));
        return unmet;
    }

    private static List<String> publicationProblems(PostgresConnectionSettings settings, Connection connection,
            PostgresTableName table, String publication, int version) throws SQLException {
        if (strings(settings, connection, "select pubname::text from pg_publication where pubname = ?", publication)
                .isEmpty()) {
            return List.of("publication '" + publication + "' does not exist: CREATE PUBLICATION "
                    + PostgresSql.quote(publication) + " FOR TABLE " + table.qualified() + ";");
        }
        List<String> covered = strings(settings, connection, "select pubname::text from pg_publication_tables where"
                + " pubname = ? and schemaname = ? and tablename = ?", publication, table.schema(), table.table());
        if (covered.isEmpty()) {
            return List.of("publication '" + publication + "' does not cover table " + table + ": ALTER PUBLICATION "
                    + PostgresSql.quote(publication) + " ADD TABLE " + table.qualified() + ";");
        }
        if (version >= 150_000 && !strings(settings, connection, "select 1::text from pg_publication_tables p where"
                + " p.pubname = ? and p.schemaname = ? and p.tablename = ? and cardinality(p.attnames) < (select count(*)"
                + " from pg_attribute a where a.attrelid = to_regclass(?) and a.attnum > 0 and not a.attisdropped)",
                publication, table.schema(), table.table(), table.qualified()).isEmpty()) {
            return List.of("publication '" + publication + "' declares a column list for table " + table + ", so"
                    + " the other columns would arrive as nulls: ALTER PUBLICATION " + PostgresSql.quote(publication)
                    + " DROP TABLE " + table.qualified() + "; ALTER PUBLICATION " + PostgresSql.quote(publication)
                    + " ADD TABLE " + table.qualified() + ";");
        }
        return List.of();
    }

    /** The first column of every row of a query whose parameters are all text. */
    private static List<String> strings(PostgresConnectionSettings settings, Connection connection, String sql,
            String... parameters) throws SQLException {
        List<String> values = new ArrayList<>();
        try (PreparedStatement query = settings.prepare(connection, sql)) {
            for (int i = 0; i < parameters.length; i++) {
                query.setString(i + 1, parameters[i]);
            }
            try (ResultSet result = query.executeQuery()) {
                while (result.next()) {
                    values.add(result.getString(1));
                }
            }
        }
        return values;
    }
}
