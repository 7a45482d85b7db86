package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ReadPartition;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/** Helpers shared by the live tests: rows of a query, and rows read through partitions. */
final class SqlServerLive {

    private SqlServerLive() {
    }

    /** Every row of {@code sql} as a list of JDBC objects. */
    static List<List<Object>> rows(String sql) throws Exception {
        try (Connection connection = SqlServerTestServer.jdbc(); Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(sql)) {
            List<List<Object>> rows = new ArrayList<>();
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= columns; i++) {
                    row.add(result.getObject(i));
                }
                rows.add(row);
            }
            return rows;
        }
    }

    static long count(String table) throws Exception {
        return ((Number) rows("select count_big(*) from " + table).get(0).get(0)).longValue();
    }

    /** Every row of every partition, as Arrow's own value objects. */
    static List<List<Object>> read(List<ReadPartition> partitions, BufferAllocator allocator) throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        for (ReadPartition partition : partitions) {
            try (ArrowReader reader = partition.open(allocator, BatchOptions.defaults())) {
                while (reader.loadNextBatch()) {
                    VectorSchemaRoot root = reader.getVectorSchemaRoot();
                    for (int i = 0; i < root.getRowCount(); i++) {
                        List<Object> row = new ArrayList<>();
                        for (FieldVector vector : root.getFieldVectors()) {
                            row.add(vector.getObject(i));
                        }
                        rows.add(row);
                    }
                }
            }
        }
        return rows;
    }
}
