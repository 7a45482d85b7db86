package dev.pz.connectors.sqlserver;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The T-SQL of SQL Server change capture for one table: the snapshot a first run reads, the
 * changes since a stored token, the checks of its prerequisites with the statements that fix them,
 * the capture's key columns, the statement that disables capture, and the application of deleted
 * keys to a merge target. A token is {@code <lsn>-<seqval>}, each 20 upper-case hex digits; a read
 * resumes after the token's {@code <lsn>}.
 */
final class SqlServerCdcSql {
    /** The position of a first-run snapshot row: before every change. */
    static final String SNAPSHOT_POSITION = "00000000000000000000-00000000000000000000";
    private static final String ZERO_LSN = "00000000000000000000";

    private static final String POSITION = "convert(varchar(20), [__$start_lsn], 2) + '-' + convert(varchar(20),"
            + " [__$seqval], 2)";

    private SqlServerCdcSql() {
    }

    /** The capture instance: the one named, else {@code <schema>_<table>} as {@code sp_cdc_enable_table} names it. */
    static String captureInstance(SqlServerTableName table, String named) {
        return named != null ? named : table.schema() + "_" + table.table();
    }

    /**
     * Every row of the table as an {@code insert}. The read's token is the capture's maximum
     * position taken just before ({@link #maxLsn}): changes committed while the snapshot is read come
     * again in the next read, where a merge absorbs them.
     */
    static String snapshot(SqlServerTableName table, List<String> columns) {
        return "select cast(N'insert' as nvarchar(6)) as [_pz_op], cast('" + SNAPSHOT_POSITION + "' as varchar(41))"
                + " as [_pz_lsn], cast(null as datetime2(6)) as [_pz_changed_at], " + tableColumns(columns) + " from "
                + table.qualified() + " t";
    }

    /** The capture's current maximum position, 20 hex digits; null while nothing has been captured. */
    static String maxLsn() {
        return "select convert(varchar(20), nullif(sys.fn_cdc_get_max_lsn(), 0x00000000000000000000), 2)";
    }

    /** The token of a read whose changes end at {@code lsn}: the next read starts after it. */
    static String token(String lsn) {
        return lsn(lsn) + "-" + ZERO_LSN;
    }

    /**
     * The changes after {@code token} up to {@code upperLsn} (the {@link #maxLsn} taken when the read
     * started), one row per insert, delete and update (its new values), in the order they happened;
     * none when nothing changed since. Fails when the capture's cleanup already removed changes
     * after the token.
     */
    static String changes(String instance, String token, String upperLsn, List<String> columns) {
        String startLsn = startLsn(token);
        String function = "cdc." + SqlServerSql.quote("fn_cdc_get_all_changes_" + instance);
        return "set nocount on;\n"
                + "declare @from binary(10) = sys.fn_cdc_increment_lsn(0x" + startLsn + ");\n"
                + "declare @to binary(10) = 0x" + lsn(upperLsn) + ";\n"
                + "if @from < sys.fn_cdc_get_min_lsn(" + SqlServerSql.unicodeLiteral(instance) + ")\n"
                + "    throw 50000, 'the changes after the stored token were removed by the capture''s cleanup;"
                + " run with --full-refresh', 1;\n"
                + "select case [__$operation] when 1 then N'delete' when 2 then N'insert' else N'update' end as [_pz_op],"
                + " " + POSITION + " as [_pz_lsn], cast(sys.fn_cdc_map_lsn_to_time([__$start_lsn]) as datetime2(6)) as"
                + " [_pz_changed_at], " + SqlServerSql.quoteAll(columns) + "\nfrom " + function + "(@from, @to, N'all')"
                + "\nwhere @from <= @to\norder by [__$start_lsn], [__$seqval]";
    }

    /**
     * Whether the changes after {@code token} are still held: 1 when the capture's cleanup removed
     * some of them, or the capture instance is gone; else 0.
     */
    static String tokenExpired(String instance, String token) {
        String minLsn = "sys.fn_cdc_get_min_lsn(" + SqlServerSql.unicodeLiteral(instance) + ")";
        return "select case when " + minLsn + " = 0x" + ZERO_LSN + " or sys.fn_cdc_increment_lsn(0x" + startLsn(token)
                + ") < " + minLsn + " then 1 else 0 end";
    }

    /**
     * The columns that identify a row in the capture: those of the index {@code sp_cdc_enable_table}
     * recorded (the primary key, or its {@code @index_name}), in key order; none without one.
     */
    static String keyColumns(String instance) {
        return "select ic.column_name from cdc.index_columns ic join cdc.change_tables ct on ct.object_id ="
                + " ic.object_id where ct.capture_instance = " + SqlServerSql.unicodeLiteral(instance)
                + " order by ic.index_ordinal";
    }

    /** The start position of a token, checked to be 20 hex digits. */
    static String startLsn(String token) {
        if (token == null || !token.matches("[0-9A-Fa-f]{20}-[0-9A-Fa-f]{20}")) {
            throw new IllegalArgumentException("not a sqlserver change capture token: '" + token + "'");
        }
        return token.substring(0, 20).toUpperCase(java.util.Locale.ROOT);
    }

    /** A position, checked to be 20 hex digits. */
    private static String lsn(String lsn) {
        if (lsn == null || !lsn.matches("[0-9A-Fa-f]{20}")) {
            throw new IllegalArgumentException("not a sqlserver log sequence number: '" + lsn + "'");
        }
        return lsn.toUpperCase(java.util.Locale.ROOT);
    }

    /**
     * One row per unmet prerequisite: its {@code problem} and the {@code fix} to run; none when
     * change capture is enabled for the database and the table and the SQL Server Agent runs (the
     * Agent check needs VIEW SERVER STATE; where it cannot be seen, it is not reported).
     */
    static String prerequisites(SqlServerTableName table, String instance) {
        String enableTable = "EXEC sys.sp_cdc_enable_table @source_schema = " + SqlServerSql.unicodeLiteral(table.schema())
                + ", @source_name = " + SqlServerSql.unicodeLiteral(table.table()) + ", @role_name = NULL;";
        return "select problem, fix from (\n"
                + "select N'change capture is not enabled for this database' as problem, N'EXEC sys.sp_cdc_enable_db;' as fix"
                + " where (select is_cdc_enabled from sys.databases where name = db_name()) = 0\n"
                + "union all select N'capture instance " + instance.replace("'", "''") + " does not exist for table "
                + table.toString().replace("'", "''") + "', " + SqlServerSql.unicodeLiteral(enableTable)
                + " where not exists (select 1 from cdc.change_tables where capture_instance = "
                + SqlServerSql.unicodeLiteral(instance) + ")\n"
                + "union all select N'the SQL Server Agent, which captures the changes, is not running',"
                + " N'start the SQL Server Agent service' where exists (select 1 from sys.dm_server_services where"
                + " servicename like N'SQL Server Agent%' and status_desc <> N'Running')\n"
                + ") p";
    }

    /** What {@code pz cdc drop} prints: pz never disables change capture on the server itself. */
    static String disableStatement(SqlServerTableName table, String instance) {
        return "EXEC sys.sp_cdc_disable_table @source_schema = " + SqlServerSql.unicodeLiteral(table.schema())
                + ", @source_name = " + SqlServerSql.unicodeLiteral(table.table()) + ", @capture_instance = "
                + SqlServerSql.unicodeLiteral(instance) + ";";
    }

    /**
     * Applies the deleted keys in {@code keysTable} to the target after the merge: a join-based
     * {@code delete}, or for a soft delete an {@code update} stamping {@code _pz_deleted_at} (not a
     * MERGE, which refuses a key that appears twice).
     */
    static String applyDeletes(SqlServerTableName target, String keysTable, List<String> keys, boolean soft) {
        String join = keys.stream().map(key -> "t." + SqlServerSql.quote(key) + " = d." + SqlServerSql.quote(key))
                .collect(Collectors.joining(" and "));
        String from = " from " + target.qualified() + " t join " + SqlServerSql.quote(keysTable) + " d on " + join;
        return soft ? "update t set t.[_pz_deleted_at] = sysutcdatetime()" + from : "delete t" + from;
    }

    private static String tableColumns(List<String> columns) {
        return columns.isEmpty() ? "t.*" : columns.stream().map(column -> "t." + SqlServerSql.quote(column))
                .collect(Collectors.joining(", "));
    }
}
