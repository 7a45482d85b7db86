package dev.pz.engine.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Identifier rules and rename suggestions and near-miss hints. */
class IdentifierLoadTest {

    @ParameterizedTest
    @ValueSource(strings = {"orders", "stg_orders", "_private", "a1", "A", "order"})
    void validIdentifiers(String name) {
        assertThat(Identifiers.isIdentifier(name)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"01_load", "daily-orders", "my.pipeline", "my pipeline", "café", "", "1"})
    void invalidIdentifiers(String name) {
        assertThat(Identifiers.isIdentifier(name)).isFalse();
    }

    @ParameterizedTest
    @CsvSource({"01_load,load_01", "daily-orders,daily_orders", "my.pipeline,my_pipeline", "'my pipeline',my_pipeline",
            "café,caf", "my__conn,my_conn", "123,_123", "orders-,orders"})
    void suggestions(String name, String suggestion) {
        assertThat(Identifiers.suggestRename(name)).isEqualTo(suggestion);
        assertThat(Identifiers.isIdentifier(Identifiers.suggestRename(name))).isTrue();
    }

    @Test
    void nearMiss() {
        List<String> keys = List.of("threads", "batch_bytes", "duckdb");
        assertThat(NearMiss.suggest("thread", keys)).contains("threads");
        assertThat(NearMiss.suggest("THREADS", keys)).contains("threads");
        assertThat(NearMiss.suggest("dukcdb", keys)).contains("duckdb");
        assertThat(NearMiss.suggest("banana", keys)).isEmpty();
        assertThat(NearMiss.suggest("threads", keys)).isEmpty();
        assertThat(NearMiss.suggest("aditive", List.of("fail_on_change", "additive", "evolve"))).contains("additive");
    }
}
