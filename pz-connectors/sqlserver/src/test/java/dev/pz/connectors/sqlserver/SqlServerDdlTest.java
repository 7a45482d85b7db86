package dev.pz.connectors.sqlserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every statement the sink sends, as text. */
class SqlServerDdlTest {

    private static final SqlServerTableName TARGET = new SqlServerTableName("dbo", "t");
    private static final List<String> COLUMNS = List.of("id", "name", "amount", "flag", "d", "ts", "n", "x");
    private static final Map<String, String> TYPES = new LinkedHashMap<>();

    static {
        TYPES.put("id", "bigint");
        TYPES.put("name", "nvarchar(64)");
        TYPES.put("amount", "decimal(38,9)");
        TYPES.put("flag", "bit");
        TYPES.put("d", "date");
        TYPES.put("ts", "datetime2(6)");
        TYPES.put("n", "int");
        TYPES.put("x", "float");
    }

    @Test
    void anAppendOrReplaceTargetIsAHeapWithTheResolvedTypes() {
        assertThat(SqlServerDdl.createTable(TARGET, COLUMNS, TYPES, false, List.of(), false)).isEqualTo(
                "create table [dbo].[t] ([id] bigint, [name] nvarchar(64), [amount] decimal(38,9), [flag] bit, [d] date, "
                        + "[ts] datetime2(6), [n] int, [x] float)");
    }

    @Test
    void aMergeTargetHasNotNullKeysAndAClusteredPrimaryKey() {
        assertThat(SqlServerDdl.createTable(TARGET, COLUMNS, TYPES, true, List.of("id", "n"), false)).isEqualTo(
                "create table [dbo].[t] ([id] bigint not null, [name] nvarchar(64), [amount] decimal(38,9), [flag] bit, "
                        + "[d] date, [ts] datetime2(6), [n] int not null, [x] float, "
                        + "constraint [pk_t] primary key clustered ([id], [n]))");
        assertThat(SqlServerDdl.createTable(new SqlServerTableName("s]x", "t]y"), List.of("k"), Map.of("k", "int"), true,
                List.of("k"), false)).isEqualTo("create table [s]]x].[t]]y] ([k] int not null, "
                        + "constraint [pk_t]]y] primary key clustered ([k]))");
    }

    @Test
    void stagingTablesAreTempTablesAndMergeStagingCarriesTheArrivalOrdinal() {
        assertThat(SqlServerDdl.createStaging("#pz_tmp_0000abcd", List.of("id", "name"), TYPES, false))
                .isEqualTo("create table [#pz_tmp_0000abcd] ([id] bigint, [name] nvarchar(64))");
        assertThat(SqlServerDdl.createStaging("#pz_tmp_0000abcd", List.of("id", "name"), TYPES, true))
                .isEqualTo("create table [#pz_tmp_0000abcd] ([id] bigint, [name] nvarchar(64), "
                        + "[__pz_seq] bigint identity(1,1))");
        assertThat(SqlServerDdl.stagingIndex("#pz_tmp_0000abcd", List.of("id", "n")))
                .isEqualTo("create clustered index [cx_keys] on [#pz_tmp_0000abcd] ([id], [n], [__pz_seq])");
    }

    @Test
    void mergeUpdatesNonKeysAndInsertsEveryColumnFromTheLastStagedRowPerKey() {
        assertThat(SqlServerDdl.merge(TARGET, "#tmp", COLUMNS, List.of("id"), false)).isEqualTo(
                "merge [dbo].[t] with (holdlock) as t using "
                        + "(select [id], [name], [amount], [flag], [d], [ts], [n], [x] from "
                        + "(select [id], [name], [amount], [flag], [d], [ts], [n], [x], row_number() over "
                        + "(partition by [id] order by [__pz_seq] desc) as [__pz_rn] from [#tmp]) as d "
                        + "where [__pz_rn] = 1) as s on t.[id] = s.[id] "
                        + "when matched then update set t.[name] = s.[name], t.[amount] = s.[amount], "
                        + "t.[flag] = s.[flag], t.[d] = s.[d], t.[ts] = s.[ts], t.[n] = s.[n], t.[x] = s.[x] "
                        + "when not matched then insert ([id], [name], [amount], [flag], [d], [ts], [n], [x]) "
                        + "values (s.[id], s.[name], s.[amount], s.[flag], s.[d], s.[ts], s.[n], s.[x]);");
    }

    @Test
    void mergeOnCompositeKeysMatchesOnEveryKey() {
        String sql = SqlServerDdl.merge(TARGET, "#tmp", COLUMNS, List.of("id", "n"), false);
        assertThat(sql).contains("row_number() over (partition by [id], [n] order by [__pz_seq] desc) as [__pz_rn]")
                .contains("where [__pz_rn] = 1").contains("on t.[id] = s.[id] and t.[n] = s.[n] ")
                .doesNotContain("t.[n] = s.[n],").doesNotContain("t.[id] = s.[id],");
    }

    @Test
    void mergeWithOnlyKeyColumnsOnlyInserts() {
        String sql = SqlServerDdl.merge(TARGET, "#tmp", List.of("id"), List.of("id"), false);
        assertThat(sql).doesNotContain("when matched").endsWith("when not matched then insert ([id]) values (s.[id]);");
    }

    @Test
    void softDeletesAddTheStampToACreatedTableAndAnUpsertClearsIt() {
        assertThat(SqlServerDdl.createTable(TARGET, List.of("id", "name"), TYPES, true, List.of("id"), true)).isEqualTo(
                "create table [dbo].[t] ([id] bigint not null, [name] nvarchar(64), [_pz_deleted_at] datetime2(6), "
                        + "constraint [pk_t] primary key clustered ([id]))");
        assertThat(SqlServerDdl.merge(TARGET, "#tmp", List.of("id", "name"), List.of("id"), true)).contains(
                "when matched then update set t.[name] = s.[name], t.[_pz_deleted_at] = null when not matched then"
                        + " insert ([id], [name]) values (s.[id], s.[name]);");
        assertThat(SqlServerDdl.merge(TARGET, "#tmp", List.of("id"), List.of("id"), true))
                .as("a key-only output still revives a soft-deleted row")
                .contains("when matched then update set t.[_pz_deleted_at] = null when not matched");
    }

    @Test
    void deletedKeysLandInATempTableTypedAsTheKeys() {
        assertThat(SqlServerDdl.createDeletedKeys("#pz_del_0000abcd", List.of("id", "n"), TYPES))
                .isEqualTo("create table [#pz_del_0000abcd] ([id] bigint, [n] int)");
    }

    @Test
    void replaceClearsWithTruncateOrDeleteThenMovesTheStagedRows() {
        assertThat(SqlServerDdl.clear(TARGET, false)).isEqualTo("truncate table [dbo].[t]");
        assertThat(SqlServerDdl.clear(TARGET, true)).isEqualTo("delete from [dbo].[t]");
        assertThat(SqlServerDdl.insertFromStaging(TARGET, "#tmp", List.of("id", "name"), true))
                .isEqualTo("insert into [dbo].[t] with (tablock) ([id], [name]) select [id], [name] from [#tmp]");
        assertThat(SqlServerDdl.insertFromStaging(TARGET, "#tmp", List.of("id"), false))
                .isEqualTo("insert into [dbo].[t] ([id]) select [id] from [#tmp]");
        assertThat(SqlServerDdl.CLEAR_WITH_DELETE_PROBE).isEqualTo("select case when exists (select 1 from "
                + "sys.foreign_keys where referenced_object_id = object_id(?)) or isnull(has_perms_by_name(?, 'OBJECT', "
                + "'ALTER'), 0) = 0 then 1 else 0 end");
    }

    @Test
    void catalogRowsBecomeCanonicalTypes() {
        assertThat(SqlServerDdl.canonicalType("decimal", 17, 38, 9)).isEqualTo("decimal(38,9)");
        assertThat(SqlServerDdl.canonicalType("numeric", 9, 18, 2)).isEqualTo("decimal(18,2)");
        assertThat(SqlServerDdl.canonicalType("datetime2", 8, 27, 6)).isEqualTo("datetime2(6)");
        assertThat(SqlServerDdl.canonicalType("datetimeoffset", 10, 34, 7)).isEqualTo("datetimeoffset(7)");
        assertThat(SqlServerDdl.canonicalType("nvarchar", 100, 0, 0)).isEqualTo("nvarchar(50)");
        assertThat(SqlServerDdl.canonicalType("nvarchar", -1, 0, 0)).isEqualTo("nvarchar(max)");
        assertThat(SqlServerDdl.canonicalType("nchar", 20, 0, 0)).isEqualTo("nchar(10)");
        assertThat(SqlServerDdl.canonicalType("varchar", 200, 0, 0)).isEqualTo("varchar(200)");
        assertThat(SqlServerDdl.canonicalType("varchar", -1, 0, 0)).isEqualTo("varchar(max)");
        assertThat(SqlServerDdl.canonicalType("char", 10, 0, 0)).isEqualTo("char(10)");
        assertThat(SqlServerDdl.canonicalType("varbinary", -1, 0, 0)).isEqualTo("varbinary(max)");
        assertThat(SqlServerDdl.canonicalType("int", 4, 10, 0)).isEqualTo("int");
        assertThat(SqlServerDdl.canonicalType("bit", 1, 1, 0)).isEqualTo("bit");
    }

    @Test
    void catalogQueriesAreParameterized() {
        assertThat(SqlServerDdl.TABLE_EXISTS).contains("s.name = ? and t.name = ?");
        assertThat(SqlServerDdl.EXISTING_COLUMNS).contains("c.max_length, c.precision, c.scale")
                .contains("s.name = ? and t.name = ?");
        assertThat(SqlServerDdl.UNIQUE_INDEX_COLUMNS).contains("i.is_unique = 1 and i.has_filter = 0")
                .contains("ic.is_included_column = 0");
    }
}
