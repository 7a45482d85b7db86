package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteStrategy;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds specs over a project directory and runs the emitted SQL on a real in-memory DuckDB. */
final class LocalFilesTestSupport implements AutoCloseable {

    final Path projectDir;
    final Connection duck;

    LocalFilesTestSupport(Path projectDir) throws SQLException {
        this.projectDir = projectDir;
        this.duck = DriverManager.getConnection("jdbc:duckdb:");
    }

    static ConnectorConfig config(Path projectDir, String root) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put(ConnectorConfig.BASE_DIR, projectDir.toString());
        if (root != null) {
            values.put("root", root);
        }
        return new ConnectorConfig("files", values);
    }

    LocalFilesSource source(String root) {
        return (LocalFilesSource) new LocalFilesConnector().openSource(config(projectDir, root)).orElseThrow();
    }

    LocalFilesSink sink(String root) {
        return (LocalFilesSink) new LocalFilesConnector().openSink(config(projectDir, root)).orElseThrow();
    }

    static DatasetSpec dataset(String entity, Map<String, Object> options, Map<String, String> columns) {
        return DatasetSpec.of("files", entity, options, columns);
    }

    static OutputSpec output(String entity, WriteStrategy strategy, Map<String, Object> options) {
        return new OutputSpec("lake", entity, strategy, SchemaPolicy.FAIL_ON_CHANGE, options, List.of(),
                new OutputSpec.WriteAttempt("run", "lake." + entity, 1));
    }

    static Map<String, Object> options(Object... keysAndValues) {
        Map<String, Object> options = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            options.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return options;
    }

    static Map<String, String> columns(String... namesAndTypes) {
        Map<String, String> columns = new LinkedHashMap<>();
        for (int i = 0; i < namesAndTypes.length; i += 2) {
            columns.put(namesAndTypes[i], namesAndTypes[i + 1]);
        }
        return columns;
    }

    /** Lands a scan the way the engine does and returns the staged rows in order. */
    List<List<Object>> land(NativeScan scan) throws SQLException {
        execute("create or replace table t as select * from " + scan.sqlFragment());
        return rows("select * from t");
    }

    void execute(String sql) throws SQLException {
        try (Statement statement = duck.createStatement()) {
            statement.execute(sql);
        }
    }

    List<List<Object>> rows(String sql) throws SQLException {
        try (Statement statement = duck.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
            int width = rows.getMetaData().getColumnCount();
            List<List<Object>> result = new ArrayList<>();
            while (rows.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= width; i++) {
                    row.add(rows.getObject(i));
                }
                result.add(row);
            }
            return result;
        }
    }

    @Override
    public void close() throws SQLException {
        duck.close();
    }
}
