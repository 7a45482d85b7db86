package dev.pz.connectors.sqlserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** tablock and batch_size: defaults, accepted spellings, refusals. */
class SqlServerWriteOptionsTest {

    private static SqlServerWriteOptions options(Map<String, Object> values) {
        return SqlServerWriteOptions.of(new OutputSpec("ms", "dbo.t", WriteStrategy.APPEND, SchemaPolicy.FAIL_ON_CHANGE, values,
                List.of(), null));
    }

    @Test
    void defaultsTakeATableLockAndSendEachArrowBatchAsOneBulkBatch() {
        assertThat(options(Map.of())).isEqualTo(new SqlServerWriteOptions(true, 0));
    }

    @Test
    void valuesAreTaken() {
        assertThat(options(Map.of("tablock", false, "batch_size", 50_000L)))
                .isEqualTo(new SqlServerWriteOptions(false, 50_000));
        assertThat(options(Map.of("tablock", "FALSE", "batch_size", 10L))).isEqualTo(new SqlServerWriteOptions(false, 10));
    }

    @Test
    void badValuesAreRefusedNamingTheOutputAndTheValue() {
        assertThatThrownBy(() -> options(Map.of("tablock", "sideways"))).isInstanceOf(PzConnectorException.class)
                .hasMessage("output 'dbo.t': 'tablock' must be true or false (got 'sideways')");
        assertThatThrownBy(() -> options(Map.of("batch_size", -1L)))
                .hasMessage("output 'dbo.t': 'batch_size' must be a whole number of rows (0 = one batch per Arrow batch) "
                        + "(got -1)");
        assertThatThrownBy(() -> options(Map.of("batch_size", "many"))).hasMessageContaining("(got 'many')");
        assertThatThrownBy(() -> options(Map.of("batch_size", "10"))).as("a quoted number is text")
                .hasMessage("output 'dbo.t': 'batch_size' must be an integer (got '10')");
    }
}
