package dev.pz.engine.execute;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.duckdb.ArrowEgress;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The per-column longest text a TextLengthStats sink receives, measured by DuckDB on the staged relation. */
class TextLengthStatsTest {
    private static DuckSession session;
    private static DuckConnection connection;

    @BeforeAll
    static void open() {
        session = DuckSession.openInMemory(DuckSettings.defaults());
        connection = session.connect();
        connection.execute("create table t (id bigint, note varchar, \"odd \"\"name\" varchar, empty varchar, "
                + "nothing varchar)");
        connection.execute("insert into t values (1, 'hello', 'ab', '', null), (2, 'héllo wörld 🦆', null, '', null), "
                + "(3, null, 'abc', '', null)");
    }

    @AfterAll
    static void close() {
        connection.close();
        session.close();
    }

    @Test
    void measuresCharactersPerTextColumnAndLeavesAllNullColumnsOut() {
        Map<String, Long> lengths = TextLengthStats.measure(connection, "t", schemaOf("select * from t"));
        // 'héllo wörld 🦆' is 13 characters (16 bytes of UTF-8 more than that): length counts characters.
        assertThat(lengths).containsExactly(Map.entry("note", 13L), Map.entry("odd \"name", 3L), Map.entry("empty", 0L));
    }

    @Test
    void aRelationWithoutTextColumnsNeedsNoScan() {
        assertThat(TextLengthStats.measure(connection, "no_such_table", schemaOf("select 1::bigint as id")))
                .isEmpty();
    }

    private static Schema schemaOf(String sql) {
        try (BufferAllocator allocator = new RootAllocator()) {
            return ArrowEgress.schema(connection, sql, allocator);
        }
    }
}
