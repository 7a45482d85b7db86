package dev.pz.connectors.sqlserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The fail_on_change comparison with an existing table and the staging table's types. */
class SqlServerTargetTest {

    private static final SqlServerTableName TARGET = new SqlServerTableName("dbo", "t");
    private static final List<String> COLUMNS = List.of("id", "note", "amount");

    private static SqlServerColumnTypes.Resolved resolved(Set<String> declared, String noteType) {
        return new SqlServerColumnTypes.Resolved(Map.of("id", "bigint", "note", noteType, "amount", "decimal(38,9)"),
                declared);
    }

    @Test
    void matchingColumnsPass() {
        assertThat(SqlServerTarget.mismatches(TARGET, COLUMNS, resolved(Set.of(), "nvarchar(32)"),
                Map.of("id", "bigint", "note", "nvarchar(32)", "amount", "decimal(38,9)", "extra", "int"))).isEmpty();
    }

    @Test
    void anUndeclaredTextColumnAcceptsAnyVarcharOrNvarcharWidth() {
        for (String actual : List.of("nvarchar(50)", "nvarchar(max)", "varchar(10)", "varchar(max)")) {
            assertThat(SqlServerTarget.mismatches(TARGET, COLUMNS, resolved(Set.of(), "nvarchar(32)"),
                    Map.of("id", "bigint", "note", actual, "amount", "decimal(38,9)"))).as(actual).isEmpty();
        }
        assertThat(SqlServerTarget.mismatches(TARGET, COLUMNS, resolved(Set.of(), "nvarchar(32)"),
                Map.of("id", "bigint", "note", "nchar(10)", "amount", "decimal(38,9)")))
                .containsExactly("target column 'note' in dbo.t has type 'nchar(10)', expected 'nvarchar(32)'");
    }

    @Test
    void aDeclaredColumnMustMatchExactly() {
        assertThat(SqlServerTarget.mismatches(TARGET, COLUMNS, resolved(Set.of("note"), "nvarchar(20)"),
                Map.of("id", "bigint", "note", "nvarchar(50)", "amount", "decimal(38,9)")))
                .containsExactly("target column 'note' in dbo.t has type 'nvarchar(50)', expected 'nvarchar(20)'");
    }

    @Test
    void everyMissingOrDifferentColumnIsReported() {
        assertThat(SqlServerTarget.mismatches(TARGET, COLUMNS, resolved(Set.of(), "nvarchar(32)"),
                Map.of("id", "int", "amount", "decimal(18,2)"))).containsExactly(
                        "target column 'id' in dbo.t has type 'int', expected 'bigint'",
                        "target column 'note' is missing from dbo.t (expected 'nvarchar(32)')",
                        "target column 'amount' in dbo.t has type 'decimal(18,2)', expected 'decimal(38,9)'");
    }

    @Test
    void stagingMirrorsAnExistingTargetsTextTypesAndOtherwiseTheResolvedOnes() {
        assertThat(SqlServerTarget.stagingTypes(COLUMNS, resolved(Set.of(), "nvarchar(4000)"),
                Map.of("id", "bigint", "note", "nvarchar(50)", "amount", "decimal(38,9)")))
                .containsExactly(Map.entry("id", "bigint"), Map.entry("note", "nvarchar(50)"),
                        Map.entry("amount", "decimal(38,9)"));
        assertThat(SqlServerTarget.stagingTypes(COLUMNS, resolved(Set.of(), "nvarchar(32)"), null))
                .containsEntry("note", "nvarchar(32)");
        assertThat(SqlServerTarget.stagingTypes(List.of("note"), resolved(Set.of("note"), "nvarchar(20)"),
                Map.of("note", "nvarchar(20)"))).containsEntry("note", "nvarchar(20)");
    }

    @Test
    void softDeletesNeedADatetime2StampColumnThatTheSinkNeverAdds() {
        assertThat(SqlServerTarget.softDeleteColumnProblem(TARGET, Map.of("id", "int"))).contains("target column"
                + " '_pz_deleted_at' that on_delete: soft stamps is missing from " + TARGET + " (add it: alter table "
                + TARGET.qualified() + " add [_pz_deleted_at] datetime2(6) null)");
        assertThat(SqlServerTarget.softDeleteColumnProblem(TARGET, Map.of("_pz_deleted_at", "date"))).contains(
                "target column '_pz_deleted_at' in " + TARGET + " has type 'date', expected 'datetime2(n)'");
        assertThat(SqlServerTarget.softDeleteColumnProblem(TARGET, Map.of("_pz_deleted_at", "datetime2(7)"))).isEmpty();
    }
}
