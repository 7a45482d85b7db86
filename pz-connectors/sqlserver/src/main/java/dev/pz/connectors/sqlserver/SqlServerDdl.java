package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.OnDelete;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The T-SQL the sink sends, built as text from quoted identifiers and canonical types only.
 *
 * <p>Replace and merge first bulk-load a session-private {@code #temp} table; the target is touched
 * only at commit, so other sessions keep reading the old rows while the data streams in. Merge
 * orders the staged rows by a trailing identity column, {@value #SEQUENCE}, and keeps the last row
 * per key, so duplicate keys in one write collapse to the row written last instead of failing the
 * {@code MERGE}.
 */
final class SqlServerDdl {

    /** The merge staging table's arrival ordinal; an output column of that name is refused. */
    static final String SEQUENCE = "__pz_seq";

    /** The type of {@code _pz_deleted_at} in a table the sink creates. */
    static final String DELETED_AT_TYPE = "datetime2(6)";

    /** 1 when the target must be cleared with DELETE: referenced by a foreign key, or no ALTER permission. */
    static final String CLEAR_WITH_DELETE_PROBE = "select case when exists (select 1 from sys.foreign_keys where "
            + "referenced_object_id = object_id(?)) or isnull(has_perms_by_name(?, 'OBJECT', 'ALTER'), 0) = 0 "
            + "then 1 else 0 end";

    static final String TABLE_EXISTS = "select 1 from sys.tables t join sys.schemas s on t.schema_id = s.schema_id "
            + "where s.name = ? and t.name = ?";

    /** Name, type name, max_length (bytes, -1 for max), precision and scale of a table's columns. */
    static final String EXISTING_COLUMNS = "select c.name, tp.name, c.max_length, c.precision, c.scale "
            + "from sys.columns c join sys.types tp on c.user_type_id = tp.user_type_id "
            + "join sys.tables t on c.object_id = t.object_id join sys.schemas s on t.schema_id = s.schema_id "
            + "where s.name = ? and t.name = ?";

    /** Index id and key column name of every unfiltered unique index (primary keys included). */
    static final String UNIQUE_INDEX_COLUMNS = "select i.index_id, c.name from sys.indexes i "
            + "join sys.index_columns ic on i.object_id = ic.object_id and i.index_id = ic.index_id "
            + "and ic.is_included_column = 0 "
            + "join sys.columns c on ic.object_id = c.object_id and ic.column_id = c.column_id "
            + "join sys.tables t on i.object_id = t.object_id join sys.schemas s on t.schema_id = s.schema_id "
            + "where s.name = ? and t.name = ? and i.is_unique = 1 and i.has_filter = 0";

    private SqlServerDdl() {
    }

    /** {@code [c1] type1, [c2] type2, …} in the order of {@code columns}. */
    static String columnList(List<String> columns, Map<String, String> types) {
        List<String> definitions = new ArrayList<>();
        for (String column : columns) {
            definitions.add(SqlServerSql.quote(column) + " " + types.get(column));
        }
        return String.join(", ", definitions);
    }

    /**
     * A missing target: a heap for append and replace; for merge the keys are {@code not null} and
     * form the clustered primary key {@code pk_<table>}. A soft-deleting merge adds
     * {@code _pz_deleted_at}.
     */
    static String createTable(SqlServerTableName target, List<String> columns, Map<String, String> types,
            boolean merge, List<String> keys, boolean softDelete) {
        Set<String> keySet = new HashSet<>(keys);
        List<String> definitions = new ArrayList<>();
        for (String column : columns) {
            definitions.add(SqlServerSql.quote(column) + " " + types.get(column)
                    + (merge && keySet.contains(column) ? " not null" : ""));
        }
        if (softDelete) {
            definitions.add(SqlServerSql.quote(OnDelete.DELETED_AT) + " " + DELETED_AT_TYPE);
        }
        String primaryKey = merge && !keys.isEmpty() ? ", constraint " + SqlServerSql.quote("pk_" + target.table())
                + " primary key clustered (" + SqlServerSql.quoteAll(keys) + ")" : "";
        return "create table " + target.qualified() + " (" + String.join(", ", definitions) + primaryKey + ")";
    }

    /** The session's staging table; merge staging carries the arrival ordinal. */
    static String createStaging(String staging, List<String> columns, Map<String, String> types, boolean sequence) {
        return "create table " + SqlServerSql.quote(staging) + " (" + columnList(columns, types)
                + (sequence ? ", " + SqlServerSql.quote(SEQUENCE) + " bigint identity(1,1)" : "") + ")";
    }

    /** The session's table of deleted keys, typed as the target's keys. */
    static String createDeletedKeys(String table, List<String> keys, Map<String, String> types) {
        return "create table " + SqlServerSql.quote(table) + " (" + columnList(keys, types) + ")";
    }

    /** Sorts the staged rows once, after the load, so the merge's per-key dedup needs no sort. */
    static String stagingIndex(String staging, List<String> keys) {
        List<String> indexed = new ArrayList<>(keys);
        indexed.add(SEQUENCE);
        return "create clustered index [cx_keys] on " + SqlServerSql.quote(staging) + " ("
                + SqlServerSql.quoteAll(indexed) + ")";
    }

    /** {@code truncate table} (minimal logging), or {@code delete from} where truncate is not allowed. */
    static String clear(SqlServerTableName target, boolean withDelete) {
        return (withDelete ? "delete from " : "truncate table ") + target.qualified();
    }

    /** Moves the staged rows of a replace into the cleared target. */
    static String insertFromStaging(SqlServerTableName target, String staging, List<String> columns, boolean tablock) {
        String columnList = SqlServerSql.quoteAll(columns);
        return "insert into " + target.qualified() + (tablock ? " with (tablock)" : "") + " (" + columnList + ") select "
                + columnList + " from " + SqlServerSql.quote(staging);
    }

    /**
     * One set-based upsert: the staged rows deduplicated per key (last arrival wins), matched on the
     * keys under {@code holdlock} so a concurrent writer cannot insert the same key in between;
     * matched rows take every non-key column, the rest are inserted. With soft deletes an upserted
     * row is live again: its {@code _pz_deleted_at} goes back to null.
     */
    static String merge(SqlServerTableName target, String staging, List<String> columns, List<String> keys,
            boolean softDelete) {
        Set<String> keySet = new HashSet<>(keys);
        String columnList = SqlServerSql.quoteAll(columns);
        String source = "(select " + columnList + " from (select " + columnList + ", row_number() over (partition by "
                + SqlServerSql.quoteAll(keys) + " order by " + SqlServerSql.quote(SEQUENCE) + " desc) as [__pz_rn] from "
                + SqlServerSql.quote(staging) + ") as d where [__pz_rn] = 1)";
        List<String> on = new ArrayList<>();
        for (String key : keys) {
            on.add("t." + SqlServerSql.quote(key) + " = s." + SqlServerSql.quote(key));
        }
        List<String> updates = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (String column : columns) {
            if (!keySet.contains(column)) {
                updates.add("t." + SqlServerSql.quote(column) + " = s." + SqlServerSql.quote(column));
            }
            values.add("s." + SqlServerSql.quote(column));
        }
        if (softDelete) {
            updates.add("t." + SqlServerSql.quote(OnDelete.DELETED_AT) + " = null");
        }
        String matched = updates.isEmpty() ? "" : "when matched then update set " + String.join(", ", updates) + " ";
        return "merge " + target.qualified() + " with (holdlock) as t using " + source + " as s on "
                + String.join(" and ", on) + " " + matched + "when not matched then insert (" + columnList
                + ") values (" + String.join(", ", values) + ");";
    }

    /**
     * A column's type as {@link SqlServerTypeGrammar} spells it, from its {@code sys.columns} and
     * {@code sys.types} row: {@code decimal(p,s)}, {@code datetime2(n)}, {@code nvarchar(n|max)}
     * (max_length counts bytes, two per character), {@code varchar(n|max)}, … and the bare name
     * otherwise.
     */
    static String canonicalType(String typeName, int maxLength, int precision, int scale) {
        return switch (typeName) {
            case "decimal", "numeric" -> "decimal(" + precision + "," + scale + ")";
            case "datetime2", "datetimeoffset", "time" -> typeName + "(" + scale + ")";
            case "nvarchar", "nchar" -> typeName + "(" + (maxLength == -1 ? "max" : Integer.toString(maxLength / 2)) + ")";
            case "varchar", "char", "varbinary", "binary" -> typeName + "("
                    + (maxLength == -1 ? "max" : Integer.toString(maxLength)) + ")";
            default -> typeName;
        };
    }
}
