package dev.pz.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Splicing connections.yml: only the block a change is about moves; every other byte stays. */
class ConnectionsFileTest {
    private static final String FILE = """
            # shared settings
            files:   # raw drops
              connector: localfiles
              entities:
                # the daily export
                "dbo.orders":
                  read:
                    path: data/orders.csv
                customers:
                  read: {path: data/customers.csv}

            # the lake
            lake:
              connector: localfiles
              root: out
            """;

    private static Map<String, Object> map(Object... pairs) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return map;
    }

    @Test
    void findsConnectionsAndQuotedEntitiesByIndentation() {
        ConnectionsFile file = ConnectionsFile.parse(FILE);
        ConnectionsFile.Block files = file.connection("files").orElseThrow();
        assertThat(file.entityNames(files)).containsExactly("dbo.orders", "customers");
        assertThat(file.connection("lake")).isPresent();
        assertThat(file.connection("connector")).isEmpty();
        assertThat(file.hasComment(file.entity(files, "dbo.orders").orElseThrow())).isFalse();
        assertThat(file.hasComment(files)).isTrue();
    }

    @Test
    void appendsAnEntityAtTheEndOfItsConnectionLeavingTheRestAlone() {
        ConnectionsFile file = ConnectionsFile.parse(FILE);
        file.appendEntity(file.connection("files").orElseThrow(), "items", map("read", map("path", "data/i.csv")));
        assertThat(file.text()).isEqualTo(FILE.replace("    read: {path: data/customers.csv}\n",
                "    read: {path: data/customers.csv}\n    items:\n      read:\n        path: data/i.csv\n"));
    }

    @Test
    void addsEntitiesToAConnectionWithout() {
        ConnectionsFile file = ConnectionsFile.parse(FILE);
        file.appendEntity(file.connection("lake").orElseThrow(), "totals", map("write", map("format", "parquet")));
        assertThat(file.text()).endsWith("  root: out\n  entities:\n    totals:\n      write:\n        format: parquet\n");
    }

    @Test
    void replacesAndRemovesOnlyTheirBlock() {
        ConnectionsFile file = ConnectionsFile.parse(FILE);
        ConnectionsFile.Block orders = file.entity(file.connection("files").orElseThrow(), "dbo.orders").orElseThrow();
        file.replace(orders, ConnectionsFile.entityLines("dbo.orders", map("read", map("path", "data/o2.csv"))));
        assertThat(file.text()).isEqualTo(FILE.replace("    \"dbo.orders\":\n      read:\n        path: data/orders.csv\n",
                "    dbo.orders:\n      read:\n        path: data/o2.csv\n"));

        ConnectionsFile removed = ConnectionsFile.parse(FILE);
        removed.remove(removed.connection("lake").orElseThrow());
        assertThat(removed.text()).isEqualTo(FILE.substring(0, FILE.indexOf("lake:")));
    }

    @Test
    void removingTheLastEntityRemovesItsEntitiesKey() {
        ConnectionsFile file = ConnectionsFile.parse("lake:\n  connector: localfiles\n  entities:\n    t:\n"
                + "      write: {format: csv}\n  root: out\n");
        file.removeEntity("lake", "t");
        assertThat(file.text()).isEqualTo("lake:\n  connector: localfiles\n  root: out\n");
    }

    @Test
    void appendsAConnectionAfterABlankLine() {
        ConnectionsFile file = ConnectionsFile.parse(FILE);
        file.appendConnection("pg", map("connector", "postgres", "password", "${PG_PASSWORD}", "port", 5432));
        assertThat(file.text()).isEqualTo(FILE + "\npg:\n  connector: postgres\n  password: \"${PG_PASSWORD}\"\n  port: 5432\n");
    }
}
