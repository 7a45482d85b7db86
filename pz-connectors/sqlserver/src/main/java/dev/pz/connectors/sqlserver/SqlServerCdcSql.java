package dev.pz.connectors.sqlserver;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The T-SQL of SQL Server change capture for one table: the snapshot a first run reads, the
 * changes since a stored token, the checks of its prerequisites with the statements that fix them,
 * the statement that disables capture, and the application of deleted keys to a merge target.
 *
 * <p>Not wired into reads yet: the connector declares neither ChangeCapture nor ApplyDeletes, so
 * pz refuses {@code sync: {mode: cdc}} on it (PZ0338) and {@code on_delete: delete|soft} into it
 * (PZ0339); see docs/cdc.md. A token is {@code <start lsn>-<seqval>}, each 20 upper-case hex digits.
 */
final class SqlServerCdcSql {
    /** The position of a first-run snapshot row: before every change. */
    static final String SNAPSHOT_POSITION = "00000000000000000000-00000000000000000000";

    private static final String POSITION = "convert(varchar(20), [__$start_lsn], 2) + '-' + convert(varchar(20),"
            + " [__$seqval], 2)";

    private SqlServerCdcSql() {
    }

    /** The capture instance: the one named, else {@code <schema>_<table>} as {@code sp_cdc_enable_table} names it. */
    static String captureInstance(SqlServerTableName table, String named) {
        return named != null ? named : table.schema() + "_" + table.table();
    }

    /**
     * Every row of the table as an {@code insert}, preceded by the capture's current maximum position,
     * which becomes the token: changes committed while the snapshot is read come again in the next
     * read, where a merge absorbs them.
     */
    static String snapshot(SqlServerTableName table, List<String> columns) {
        return "select cast(N'insert' as nvarchar(6)) as [_pz_op], cast('" + SNAPSHOT_POSITION + "' as varchar(41))"
                + " as [_pz_lsn], cast(null as datetime2(6)) as [_pz_changed_at], " + tableColumns(columns) + " from "
                + table.qualified() + " t";
    }

    /** The token a snapshot stores: the capture's maximum position, with a zero sequence. */
    static String snapshotToken() {
        return "select convert(varchar(20), sys.fn_cdc_get_max_lsn(), 2) + '-00000000000000000000'";
    }

    /**
     * The changes after {@code token}, up to the capture's current maximum position, one row per
     * insert, delete and update (its new values), in the order they happened; none when nothing
     * changed since. Fails when the capture's cleanup already removed changes after the token.
     */
    static String changes(String instance, String token, List<String> columns) {
        String startLsn = startLsn(token);
        String function = "cdc." + SqlServerSql.quote("fn_cdc_get_all_changes_" + instance);
        return "declare @from binary(10) = sys.fn_cdc_increment_lsn(0x" + startLsn + ");\n"
                + "declare @to binary(10) = sys.fn_cdc_get_max_lsn();\n"
                + "if @from < sys.fn_cdc_get_min_lsn(" + SqlServerSql.unicodeLiteral(instance) + ")\n"
                + "    throw 50000, 'the changes after the stored token were removed by the capture''s cleanup;"
                + " run with --full-refresh', 1;\n"
                + "select case [__$operation] when 1 then N'delete' when 2 then N'insert' else N'update' end as [_pz_op],"
                + " " + POSITION + " as [_pz_lsn], cast(sys.fn_cdc_map_lsn_to_time([__$start_lsn]) as datetime2(6)) as"
                + " [_pz_changed_at], " + SqlServerSql.quoteAll(columns) + "\nfrom " + function + "(@from, @to, N'all')"
                + "\nwhere @from <= @to\norder by [__$start_lsn], [__$seqval]";
    }

    /** The start position of a token, checked to be 20 hex digits. */
    static String startLsn(String token) {
        if (token == null || !token.matches("[0-9A-Fa-f]{20}-[0-9A-Fa-f]{20}")) {
            throw new IllegalArgumentException("not a sqlserver change capture token: '" + token + "'");
        }
        return token.substring(0, 20).toUpperCase(java.util.Locale.ROOT);
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
