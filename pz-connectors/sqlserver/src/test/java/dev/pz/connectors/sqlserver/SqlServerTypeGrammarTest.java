package dev.pz.connectors.sqlserver;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Declared output types: accepted in one canonical spelling, or refused naming the grammar. */
class SqlServerTypeGrammarTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "nvarchar(20)|nvarchar(20)", "NVARCHAR(MAX)|nvarchar(max)", "nvarchar( 4000 )|nvarchar(4000)",
        "varchar(8000)|varchar(8000)", "varchar(max)|varchar(max)", "varbinary(16)|varbinary(16)",
        "varbinary(max)|varbinary(max)", "decimal(38,9)|decimal(38,9)", "Decimal(18, 2)|decimal(18,2)",
        "numeric(10,0)|decimal(10,0)", "datetime2(0)|datetime2(0)", "datetime2(7)|datetime2(7)", "int|int",
        "BIGINT|bigint", "smallint|smallint", "float|float", "real|real", "bit|bit", " date |date",
        "nvarchar(007)|nvarchar(7)"})
    void acceptsAndCanonicalizes(String declared, String canonical) {
        SqlServerTypeGrammar.Parsed parsed = SqlServerTypeGrammar.parse(declared);
        assertThat(parsed.ok()).isTrue();
        assertThat(parsed.canonical()).isEqualTo(canonical);
        assertThat(parsed.error()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"nvarchar", "nvarchar(0)", "nvarchar(4001)", "varchar(8001)", "varbinary(0)",
        "decimal(39,0)", "decimal(10,11)", "decimal(10)", "decimal(0,0)", "datetime2(8)", "datetime2", "text", "ntext",
        "datetime", "int(4)", "nvarchar(20); drop table x--", "nvarchar(20)) as (select 1", "nvarchar(-1)",
        "nvarchar(max,1)", "", "   "})
    void refusesEverythingOutsideTheGrammar(String declared) {
        SqlServerTypeGrammar.Parsed parsed = SqlServerTypeGrammar.parse(declared);
        assertThat(parsed.ok()).isFalse();
        assertThat(parsed.error()).startsWith("'" + declared + "' is not a type the sink declares (accepted: int, ")
                .contains("nvarchar(1..4000|max)");
    }
}
