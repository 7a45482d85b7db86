package dev.pz.connectors.sqlserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The T-SQL of SQL Server change capture, text for text (no server can run here). */
class SqlServerCdcSqlTest {
    private static final SqlServerTableName ORDERS = SqlServerTableName.parse("sales.orders");
    private static final String TOKEN = "0000002A000001F80003-0000002A000001F80002";

    @Test
    void theCaptureInstanceDefaultsToSchemaUnderscoreTable() {
        assertThat(SqlServerCdcSql.captureInstance(ORDERS, null)).isEqualTo("sales_orders");
        assertThat(SqlServerCdcSql.captureInstance(ORDERS, "orders_v2")).isEqualTo("orders_v2");
    }

    @Test
    void theSnapshotReadsEveryRowAsAnInsertBeforeEveryChange() {
        assertThat(SqlServerCdcSql.snapshot(ORDERS, List.of("id", "name"))).isEqualTo("select cast(N'insert' as"
                + " nvarchar(6)) as [_pz_op], cast('00000000000000000000-00000000000000000000' as varchar(41)) as"
                + " [_pz_lsn], cast(null as datetime2(6)) as [_pz_changed_at], t.[id], t.[name] from [sales].[orders] t");
        assertThat(SqlServerCdcSql.snapshot(ORDERS, List.of())).contains(", t.* from [sales].[orders] t");
        assertThat(SqlServerCdcSql.maxLsn()).isEqualTo("select convert(varchar(20), nullif(sys.fn_cdc_get_max_lsn(),"
                + " 0x00000000000000000000), 2)");
        assertThat(SqlServerCdcSql.token("0000002a000001f80003")).isEqualTo("0000002A000001F80003-00000000000000000000");
    }

    @Test
    void changesStartAfterTheTokenAndComeInCommitOrder() {
        assertThat(SqlServerCdcSql.changes("sales_orders", TOKEN, "0000002b00000010000a", List.of("id", "name")))
                .isEqualTo("set nocount on;\n"
                        + "declare @from binary(10) = sys.fn_cdc_increment_lsn(0x0000002A000001F80003);\n"
                        + "declare @to binary(10) = 0x0000002B00000010000A;\n"
                        + "if @from < sys.fn_cdc_get_min_lsn(N'sales_orders')\n"
                        + "    throw 50000, 'the changes after the stored token were removed by the capture''s cleanup;"
                        + " run with --full-refresh', 1;\n"
                        + "select case [__$operation] when 1 then N'delete' when 2 then N'insert' else N'update' end as"
                        + " [_pz_op], convert(varchar(20), [__$start_lsn], 2) + '-' + convert(varchar(20), [__$seqval], 2)"
                        + " as [_pz_lsn], cast(sys.fn_cdc_map_lsn_to_time([__$start_lsn]) as datetime2(6)) as"
                        + " [_pz_changed_at], [id], [name]\n"
                        + "from cdc.[fn_cdc_get_all_changes_sales_orders](@from, @to, N'all')\n"
                        + "where @from <= @to\n"
                        + "order by [__$start_lsn], [__$seqval]");
    }

    @Test
    void aTokenMustBeTwoTwentyDigitHexNumbers() {
        assertThat(SqlServerCdcSql.startLsn("0000002a000001f80003-0000002A000001F80002"))
                .isEqualTo("0000002A000001F80003");
        assertThatThrownBy(() -> SqlServerCdcSql.startLsn("0x0000002A000001F80003"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SqlServerCdcSql.changes("i", "00000000016B3C48", "0000002B00000010000A",
                List.of("id"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SqlServerCdcSql.changes("i", TOKEN, "0x2B", List.of("id")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SqlServerCdcSql.token("0000002A000001F80003-")).isInstanceOf(
                IllegalArgumentException.class);
    }

    @Test
    void anExpiredTokenIsOneTheCleanupPassedOrWhoseInstanceIsGone() {
        assertThat(SqlServerCdcSql.tokenExpired("sales_orders", TOKEN)).isEqualTo("select case when"
                + " sys.fn_cdc_get_min_lsn(N'sales_orders') = 0x00000000000000000000 or"
                + " sys.fn_cdc_increment_lsn(0x0000002A000001F80003) < sys.fn_cdc_get_min_lsn(N'sales_orders') then 1"
                + " else 0 end");
    }

    @Test
    void theKeyColumnsAreThoseOfTheIndexTheCaptureRecorded() {
        assertThat(SqlServerCdcSql.keyColumns("it's")).isEqualTo("select ic.column_name from cdc.index_columns ic"
                + " join cdc.change_tables ct on ct.object_id = ic.object_id where ct.capture_instance = N'it''s'"
                + " order by ic.index_ordinal");
    }

    @Test
    void prerequisitesNameTheStatementsThatFixThem() {
        String sql = SqlServerCdcSql.prerequisites(ORDERS, "sales_orders");
        assertThat(sql).contains("N'EXEC sys.sp_cdc_enable_db;'",
                "N'EXEC sys.sp_cdc_enable_table @source_schema = N''sales'', @source_name = N''orders'', @role_name"
                        + " = NULL;'",
                "from cdc.change_tables where capture_instance = N'sales_orders'",
                "servicename like N'SQL Server Agent%' and status_desc <> N'Running'");
    }

    @Test
    void dropPrintsTheDisableStatementInsteadOfRunningIt() {
        assertThat(SqlServerCdcSql.disableStatement(SqlServerTableName.parse("orders"), "dbo_orders")).isEqualTo(
                "EXEC sys.sp_cdc_disable_table @source_schema = N'dbo', @source_name = N'orders', @capture_instance"
                        + " = N'dbo_orders';");
    }

    @Test
    void deletedKeysJoinTheTargetRatherThanMerge() {
        assertThat(SqlServerCdcSql.applyDeletes(ORDERS, "#pz_del_0000abcd", List.of("id", "region"), false))
                .isEqualTo("delete t from [sales].[orders] t join [#pz_del_0000abcd] d on t.[id] = d.[id] and"
                        + " t.[region] = d.[region]");
        assertThat(SqlServerCdcSql.applyDeletes(ORDERS, "#pz_del_0000abcd", List.of("id"), true))
                .isEqualTo("update t set t.[_pz_deleted_at] = sysutcdatetime() from [sales].[orders] t join"
                        + " [#pz_del_0000abcd] d on t.[id] = d.[id]");
    }
}
