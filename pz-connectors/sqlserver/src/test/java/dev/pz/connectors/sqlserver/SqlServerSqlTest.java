package dev.pz.connectors.sqlserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.error.PzConnectorException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Identifier and literal quoting, and how an entity names its table. */
class SqlServerSqlTest {

    @Test
    void identifiersAreBracketedWithClosingBracketsDoubled() {
        assertThat(SqlServerSql.quote("plain")).isEqualTo("[plain]");
        assertThat(SqlServerSql.quote("weird]name")).isEqualTo("[weird]]name]");
        assertThat(SqlServerSql.quote("a[b")).isEqualTo("[a[b]");
        assertThat(SqlServerSql.quote("with space")).isEqualTo("[with space]");
        assertThat(SqlServerSql.quoteAll(List.of("a", "b]", "c"))).isEqualTo("[a], [b]]], [c]");
    }

    @Test
    void literalsDoubleSingleQuotes() {
        assertThat(SqlServerSql.literal("o'brien")).isEqualTo("'o''brien'");
        assertThat(SqlServerSql.unicodeLiteral("ça'va")).isEqualTo("N'ça''va'");
    }

    @Test
    void aQueryLosesTrailingSemicolonsAndWhitespaceSoItCanBeWrapped() {
        assertThat(SqlServerSql.wrappable("select 1 as x ; \n;  ")).isEqualTo("select 1 as x");
        assertThat(SqlServerSql.wrappable("select ';' as x")).isEqualTo("select ';' as x");
    }

    @Test
    void anUnqualifiedEntityIsInSchemaDbo() {
        SqlServerTableName name = SqlServerTableName.parse("orders");
        assertThat(name).isEqualTo(new SqlServerTableName("dbo", "orders"));
        assertThat(name.qualified()).isEqualTo("[dbo].[orders]");
        assertThat(name).hasToString("dbo.orders");
    }

    @Test
    void aDottedEntityNamesItsSchemaWithBracketsEscaped() {
        assertThat(SqlServerTableName.parse("sales]x.t").qualified()).isEqualTo("[sales]]x].[t]");
    }

    @Test
    void threePartsOrEmptyPartsAreRefusedRatherThanQuotedAsOneName() {
        for (String entity : List.of("db.sales.orders", ".orders", "sales.", "")) {
            assertThatThrownBy(() -> SqlServerTableName.parse(entity)).isInstanceOf(PzConnectorException.class)
                    .hasMessage("entity '" + entity + "': expected '<table>' or '<schema>.<table>'")
                    .matches(e -> !((PzConnectorException) e).isTransient());
        }
    }
}
