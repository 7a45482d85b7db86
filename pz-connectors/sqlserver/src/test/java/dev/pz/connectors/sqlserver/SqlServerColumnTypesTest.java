package dev.pz.connectors.sqlserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which SQL Server type each output column gets: declared, sized from the data, or the default. */
class SqlServerColumnTypesTest {

    private static OutputSpec spec(Map<String, Object> columns, Map<String, Long> lengths) {
        Map<String, Object> options = new LinkedHashMap<>();
        if (columns != null) {
            options.put("columns", columns);
        }
        return new OutputSpec("ms", "dbo.t", WriteStrategy.APPEND, SchemaPolicy.FAIL_ON_CHANGE, options, List.of(), null, lengths);
    }

    private static SqlServerColumnTypes.Resolved resolve(OutputSpec spec, Field... fields) {
        List<Field> list = List.of(fields);
        return SqlServerColumnTypes.resolve(spec, list, list.stream().map(f -> SqlServerWriteType.of("dbo.t", f))
                .toList());
    }

    private static Field text(String name) {
        return Field.nullable(name, ArrowType.Utf8.INSTANCE);
    }

    @Test
    void declaredBeatsMeasuredBeatsTheFallback() {
        SqlServerColumnTypes.Resolved resolved = resolve(spec(Map.of("a", "NVARCHAR(20)"), Map.of("a", 3000L, "b", 10L)),
                text("a"), text("b"), text("c"));
        assertThat(resolved.types()).containsExactly(Map.entry("a", "nvarchar(20)"), Map.entry("b", "nvarchar(32)"),
                Map.entry("c", "nvarchar(4000)"));
        assertThat(resolved.declared()).isEqualTo(Set.of("a"));
    }

    @ParameterizedTest
    @CsvSource({"0, nvarchar(16)", "8, nvarchar(16)", "9, nvarchar(32)", "16, nvarchar(32)", "17, nvarchar(64)",
        "128, nvarchar(256)", "256, nvarchar(512)", "257, nvarchar(1000)", "500, nvarchar(1000)", "501, nvarchar(2000)",
        "1000, nvarchar(2000)", "1500, nvarchar(4000)", "2000, nvarchar(4000)", "3000, nvarchar(4000)",
        "4000, nvarchar(4000)", "4001, nvarchar(max)", "1000000, nvarchar(max)"})
    void textIsSizedWithTwiceTheLongestValue(long observed, String expected) {
        assertThat(resolve(spec(null, Map.of("a", observed)), text("a")).types().get("a")).isEqualTo(expected);
        assertThat(SqlServerColumnTypes.sizedText(observed)).isEqualTo(expected);
    }

    @Test
    void withoutStatisticsEveryTextColumnIsNvarchar4000() {
        assertThat(resolve(spec(null, null), text("a")).types()).containsExactly(Map.entry("a", "nvarchar(4000)"));
        assertThat(SqlServerColumnTypes.sizedText(null)).isEqualTo("nvarchar(4000)");
    }

    @Test
    void otherColumnsKeepTheirDefaultUnlessDeclared() {
        Field id = Field.nullable("id", new ArrowType.Int(64, true));
        Field amount = Field.nullable("amount", new ArrowType.Decimal(18, 2, 128));
        assertThat(resolve(spec(null, null), id, amount).types())
                .containsExactly(Map.entry("id", "bigint"), Map.entry("amount", "decimal(38,9)"));
        assertThat(resolve(spec(Map.of("amount", "decimal(18,2)"), null), id, amount).types())
                .containsEntry("amount", "decimal(18,2)");
    }

    @Test
    void everyProblemIsReportedInOneMessageNamingTheOutput() {
        Field id = Field.nullable("id", new ArrowType.Int(64, true));
        assertThatThrownBy(() -> resolve(spec(Map.of("nope", "nvarchar(20)", "a", "text", "id", "nvarchar(10)"), null),
                text("a"), id))
                .isInstanceOf(PzConnectorException.class)
                .hasMessageStartingWith("output 'dbo.t': ")
                .hasMessageContaining("column 'nope' is declared in columns: but the output has no such column")
                .hasMessageContaining("column 'a': 'text' is not a type the sink declares")
                .hasMessageContaining("column 'id' is declared 'nvarchar(10)', which cannot hold its bigint values")
                .matches(e -> !((PzConnectorException) e).isTransient());
    }

    @Test
    void columnsMustBeAMapping() {
        Map<String, Object> options = Map.of("columns", "nvarchar(20)");
        OutputSpec spec = new OutputSpec("ms", "dbo.t", WriteStrategy.APPEND, SchemaPolicy.FAIL_ON_CHANGE, options, List.of(), null);
        assertThatThrownBy(() -> resolve(spec, text("a"))).isInstanceOf(PzConnectorException.class)
                .hasMessage("output 'dbo.t': 'columns' must be a mapping (got 'nvarchar(20)')");
    }
}
