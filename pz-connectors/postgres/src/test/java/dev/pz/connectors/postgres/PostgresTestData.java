package dev.pz.connectors.postgres;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.WriteStrategy;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/** Builders for specs and Arrow batches, and readers that turn Arrow and SQL results into plain rows. */
final class PostgresTestData {

    static final ArrowType INT = new ArrowType.Int(32, true);
    static final ArrowType BIGINT = new ArrowType.Int(64, true);
    static final ArrowType DOUBLE = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
    static final ArrowType DECIMAL = new ArrowType.Decimal(38, 9, 128);
    static final ArrowType VARCHAR = ArrowType.Utf8.INSTANCE;
    static final ArrowType BOOLEAN = ArrowType.Bool.INSTANCE;
    static final ArrowType DATE = new ArrowType.Date(DateUnit.DAY);
    static final ArrowType TIMESTAMP = new ArrowType.Timestamp(TimeUnit.MICROSECOND, "+00:00");

    private static final AtomicInteger TABLE_COUNTER = new AtomicInteger();

    private PostgresTestData() {
    }

    /** A table name no other test uses in this JVM or an earlier run against the same server. */
    static String uniqueTable(String stem) {
        return stem + "_" + Long.toHexString(System.nanoTime() & 0xFFFFFFL) + "_" + TABLE_COUNTER.incrementAndGet();
    }

    static Schema schema(Object... namesAndTypes) {
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < namesAndTypes.length; i += 2) {
            fields.add(Field.nullable((String) namesAndTypes[i], (ArrowType) namesAndTypes[i + 1]));
        }
        return new Schema(fields);
    }

    static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }

    static Map<String, Object> options(Object... keysAndValues) {
        Map<String, Object> options = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            options.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return options;
    }

    static DatasetSpec dataset(String entity, Map<String, Object> options) {
        return DatasetSpec.of(PostgresTestServer.CONNECTION, entity, options, null);
    }

    static OutputSpec output(String entity, WriteStrategy strategy, String... keys) {
        return new OutputSpec(PostgresTestServer.CONNECTION, entity, strategy, SchemaPolicy.FAIL_ON_CHANGE, Map.of(),
                List.of(keys), new OutputSpec.WriteAttempt("run", "pg." + entity, 1));
    }

    /**
     * A batch holding {@code rows}; the caller owns and closes it. Values: Integer, Long, Double,
     * BigDecimal, String, Boolean, LocalDate, Instant, or null.
     */
    static VectorSchemaRoot batch(BufferAllocator allocator, Schema schema, List<List<Object>> rows) {
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        root.allocateNew();
        for (int column = 0; column < schema.getFields().size(); column++) {
            FieldVector vector = root.getVector(column);
            for (int row = 0; row < rows.size(); row++) {
                Object value = rows.get(row).get(column);
                if (value == null) {
                    vector.setNull(row);
                } else if (vector instanceof IntVector v) {
                    v.setSafe(row, (Integer) value);
                } else if (vector instanceof BigIntVector v) {
                    v.setSafe(row, (Long) value);
                } else if (vector instanceof Float8Vector v) {
                    v.setSafe(row, (Double) value);
                } else if (vector instanceof DecimalVector v) {
                    v.setSafe(row, ((BigDecimal) value).setScale(v.getScale()));
                } else if (vector instanceof VarCharVector v) {
                    v.setSafe(row, ((String) value).getBytes(StandardCharsets.UTF_8));
                } else if (vector instanceof BitVector v) {
                    v.setSafe(row, (Boolean) value ? 1 : 0);
                } else if (vector instanceof DateDayVector v) {
                    v.setSafe(row, (int) ((LocalDate) value).toEpochDay());
                } else if (vector instanceof TimeStampVector v) {
                    Instant instant = (Instant) value;
                    v.setSafe(row, Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L),
                            instant.getNano() / 1_000));
                } else {
                    throw new IllegalArgumentException("no test builder for " + vector.getField());
                }
            }
        }
        root.setRowCount(rows.size());
        return root;
    }

    /** One Arrow value as the plain Java value {@link #batch} accepts. */
    static Object value(FieldVector vector, int row) {
        if (vector.isNull(row)) {
            return null;
        }
        if (vector instanceof VarCharVector v) {
            return new String(v.get(row), StandardCharsets.UTF_8);
        }
        if (vector instanceof DateDayVector v) {
            return LocalDate.ofEpochDay(v.get(row));
        }
        if (vector instanceof TimeStampVector v) {
            return Instant.EPOCH.plus(v.get(row), ChronoUnit.MICROS);
        }
        if (vector instanceof DecimalVector v) {
            return v.getObject(row);
        }
        return vector.getObject(row);
    }

    /** Every row of every partition, in partition order, checking each batch against the source's schema. */
    static List<List<Object>> readAll(Source source, DatasetSpec spec, ReadHints hints, BufferAllocator allocator,
            BatchOptions options) throws IOException {
        return readAll(source.planRead(spec, hints), allocator, options);
    }

    /** Every row of {@code partitions}, in order. */
    static List<List<Object>> readAll(List<ReadPartition> partitions, BufferAllocator allocator, BatchOptions options)
            throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        for (ReadPartition partition : partitions) {
            try (ArrowReader reader = partition.open(allocator, options)) {
                while (reader.loadNextBatch()) {
                    VectorSchemaRoot root = reader.getVectorSchemaRoot();
                    for (int row = 0; row < root.getRowCount(); row++) {
                        List<Object> values = new ArrayList<>();
                        for (FieldVector vector : root.getFieldVectors()) {
                            values.add(value(vector, row));
                        }
                        rows.add(values);
                    }
                }
            }
        }
        return rows;
    }

    static List<List<Object>> readAll(Source source, DatasetSpec spec, ReadHints hints, BufferAllocator allocator)
            throws IOException {
        return readAll(source, spec, hints, allocator, BatchOptions.defaults());
    }

    /** Rows of a SQL query on a fresh session, as JDBC returns them. */
    static List<List<Object>> query(String sql) throws SQLException {
        try (Connection connection = PostgresTestServer.jdbc()) {
            return query(connection, sql);
        }
    }

    static List<List<Object>> query(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
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

    static void execute(String... statements) throws SQLException {
        try (Connection connection = PostgresTestServer.jdbc(); Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }

    static long count(String table) throws SQLException {
        return ((Number) query("select count(*) from " + table).get(0).get(0)).longValue();
    }
}
