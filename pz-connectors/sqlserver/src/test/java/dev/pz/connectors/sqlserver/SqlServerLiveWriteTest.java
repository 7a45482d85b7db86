package dev.pz.connectors.sqlserver;

import static dev.pz.connectors.sqlserver.SqlServerLive.count;
import static dev.pz.connectors.sqlserver.SqlServerLive.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.DeleteApplyingSession;
import dev.pz.connectors.api.OnDelete;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Writes against a live SQL Server (skipped where none runs, see {@link SqlServerTestServer}). */
class SqlServerLiveWriteTest {

    private static final Schema ID_NOTE = new Schema(List.of(Field.nullable("id", new ArrowType.Int(64, true)),
            Field.nullable("note", ArrowType.Utf8.INSTANCE)));

    private BufferAllocator allocator;
    private Sink sink;

    @BeforeEach
    void open() {
        allocator = new RootAllocator();
        sink = new SqlServerConnector().openSink(SqlServerTestServer.config()).orElseThrow();
    }

    @AfterEach
    void close() {
        if (sink != null) {
            sink.close();
        }
        allocator.close();
    }

    private static OutputSpec output(String table, WriteStrategy strategy, List<String> keys, Map<String, Object> options,
            Map<String, Long> lengths) {
        return new OutputSpec("ms", "dbo." + table, strategy, SchemaPolicy.FAIL_ON_CHANGE, options, keys, null, lengths);
    }

    private VectorSchemaRoot idNote(Object... idsAndNotes) {
        VectorSchemaRoot root = VectorSchemaRoot.create(ID_NOTE, allocator);
        int rows = idsAndNotes.length / 2;
        for (int i = 0; i < rows; i++) {
            Long id = (Long) idsAndNotes[2 * i];
            String note = (String) idsAndNotes[2 * i + 1];
            if (id == null) {
                ((BigIntVector) root.getVector(0)).setNull(i);
            } else {
                ((BigIntVector) root.getVector(0)).setSafe(i, id);
            }
            if (note == null) {
                ((VarCharVector) root.getVector(1)).setNull(i);
            } else {
                ((VarCharVector) root.getVector(1)).setSafe(i, note.getBytes(StandardCharsets.UTF_8));
            }
        }
        root.setRowCount(rows);
        return root;
    }

    private WriteResult write(OutputSpec spec, VectorSchemaRoot... batches) {
        try (WriteSession session = sink.beginWrite(spec, ID_NOTE)) {
            for (VectorSchemaRoot batch : batches) {
                try (batch) {
                    session.write(batch);
                }
            }
            return session.commit();
        }
    }

    private static String columnType(String table, String column) throws Exception {
        List<List<Object>> found = rows("select tp.name, c.max_length from sys.columns c join sys.types tp on "
                + "tp.user_type_id = c.user_type_id where c.object_id = object_id('dbo." + table + "') and c.name = '"
                + column + "'");
        return found.get(0).get(0) + "/" + found.get(0).get(1);
    }

    @Test
    void appendCreatesATableWithTextSizedFromTheDataAndReportsCounts() throws Exception {
        String table = SqlServerTestServer.uniqueTable("append");
        OutputSpec spec = output(table, WriteStrategy.APPEND, List.of(), Map.of(), Map.of("note", 12L));
        assertThat(write(spec, idNote(1L, "hello world!"), idNote(2L, null))).isEqualTo(new WriteResult(2, 2));
        assertThat(columnType(table, "note")).isEqualTo("nvarchar/64");
        assertThat(columnType(table, "id")).isEqualTo("bigint/8");
        write(spec, idNote(3L, "x"));
        assertThat(rows("select id, note from dbo." + table + " order by id")).containsExactly(
                List.of(1L, "hello world!"), java.util.Arrays.asList(2L, null), List.of(3L, "x"));
    }

    @Test
    void withoutStatisticsTextIsNvarchar4000AndADeclaredTypeWins() throws Exception {
        String fallback = SqlServerTestServer.uniqueTable("fallback");
        write(output(fallback, WriteStrategy.APPEND, List.of(), Map.of(), null), idNote(1L, "x"));
        assertThat(columnType(fallback, "note")).isEqualTo("nvarchar/8000");
        String declared = SqlServerTestServer.uniqueTable("declared");
        write(output(declared, WriteStrategy.APPEND, List.of(), Map.of("columns", Map.of("note", "nvarchar(20)")),
                Map.of("note", 3000L)), idNote(1L, "short"));
        assertThat(columnType(declared, "note")).isEqualTo("nvarchar/40");
    }

    @Test
    void aHandSizedOrUnboundedExistingTargetIsAcceptedAndNotAltered() throws Exception {
        for (String type : List.of("nvarchar(50)", "nvarchar(max)", "varchar(30)")) {
            String table = SqlServerTestServer.uniqueTable("presized");
            SqlServerTestServer.execute("create table dbo." + table + " (id bigint not null, note " + type + ")");
            assertThat(write(output(table, WriteStrategy.APPEND, List.of(), Map.of(), Map.of("note", 12L)),
                    idNote(1L, "hello"))).isEqualTo(new WriteResult(1, 1));
            assertThat(rows("select note from dbo." + table)).containsExactly(List.of("hello"));
        }
    }

    @Test
    void aDeclaredTypeTheTargetDoesNotHaveFailsBeforeAnyRowMoves() throws Exception {
        String table = SqlServerTestServer.uniqueTable("mismatch");
        SqlServerTestServer.execute("create table dbo." + table + " (id int not null, note nvarchar(50))");
        assertThatThrownBy(() -> sink.beginWrite(output(table, WriteStrategy.APPEND, List.of(),
                Map.of("columns", Map.of("note", "nvarchar(20)")), null), ID_NOTE))
                .isInstanceOf(PzConnectorException.class)
                .hasMessageContaining("target column 'id' in dbo." + table + " has type 'int', expected 'bigint'")
                .hasMessageContaining("has type 'nvarchar(50)', expected 'nvarchar(20)'")
                .matches(e -> !((PzConnectorException) e).isTransient());
    }

    @Test
    void aValueTooLongForAnExistingColumnFailsWithTheSizingHint() throws Exception {
        String table = SqlServerTestServer.uniqueTable("truncate");
        SqlServerTestServer.execute("create table dbo." + table + " (id bigint not null, note nvarchar(4))");
        try (WriteSession session = sink.beginWrite(output(table, WriteStrategy.APPEND, List.of(), Map.of(), null),
                ID_NOTE); VectorSchemaRoot batch = idNote(1L, "way too long")) {
            assertThatThrownBy(() -> session.write(batch)).isInstanceOf(PzConnectorException.class)
                    .hasMessageContaining("columns:");
        }
        assertThat(count("dbo." + table)).isZero();
    }

    @Test
    void replaceKeepsOtherReadersOnTheOldRowsUntilCommit() throws Exception {
        String table = SqlServerTestServer.uniqueTable("replace");
        write(output(table, WriteStrategy.APPEND, List.of(), Map.of(), null), idNote(1L, "old", 2L, "old"));
        try (Connection observer = SqlServerTestServer.jdbc();
                WriteSession session = sink.beginWrite(output(table, WriteStrategy.REPLACE, List.of(), Map.of(), null),
                        ID_NOTE);
                VectorSchemaRoot batch = idNote(10L, "new")) {
            session.write(batch);
            assertThat(countWith(observer, table)).isEqualTo(2);
            session.commit();
            assertThat(countWith(observer, table)).isEqualTo(1);
        }
        assertThat(rows("select id, note from dbo." + table)).containsExactly(List.of(10L, "new"));
    }

    @Test
    void replaceOfATableAForeignKeyReferencesClearsWithDelete() throws Exception {
        String parent = SqlServerTestServer.uniqueTable("parent");
        String child = SqlServerTestServer.uniqueTable("child");
        SqlServerTestServer.execute("create table dbo." + parent + " (id bigint not null primary key, note nvarchar(20))",
                "create table dbo." + child + " (pid bigint references dbo." + parent + "(id))",
                "insert into dbo." + parent + " values (1, N'a')");
        write(output(parent, WriteStrategy.REPLACE, List.of(), Map.of(), null), idNote(5L, "b"));
        assertThat(rows("select id, note from dbo." + parent)).containsExactly(List.of(5L, "b"));
    }

    @Test
    void mergeUpsertsAndTheLastStagedRowPerKeyWins() throws Exception {
        String table = SqlServerTestServer.uniqueTable("merge");
        OutputSpec spec = output(table, WriteStrategy.MERGE, List.of("id"), Map.of(), Map.of("note", 10L));
        write(spec, idNote(1L, "one", 2L, "two"));
        assertThat(rows("select count(*) from sys.key_constraints where parent_object_id = object_id('dbo." + table
                + "') and type = 'PK'")).containsExactly(List.of(1));
        WriteResult result = write(spec, idNote(2L, "first", 3L, "three"), idNote(2L, "last"));
        assertThat(result).isEqualTo(new WriteResult(3, 2));
        assertThat(rows("select id, note from dbo." + table + " order by id")).containsExactly(List.of(1L, "one"),
                List.of(2L, "last"), List.of(3L, "three"));
    }

    @Test
    void aMergeAppliesDeletedKeysAfterTheUpsertOrStampsThemWhenSoft() throws Exception {
        String table = SqlServerTestServer.uniqueTable("deletes");
        OutputSpec hard = output(table, WriteStrategy.MERGE, List.of("id"), Map.of(), null).withOnDelete(OnDelete.DELETE);
        write(hard, idNote(1L, "one", 2L, "two", 3L, "three"));
        Schema idOnly = new Schema(List.of(ID_NOTE.getFields().get(0)));
        try (WriteSession session = sink.beginWrite(hard, ID_NOTE); VectorSchemaRoot upsert = idNote(4L, "four");
                VectorSchemaRoot keys = VectorSchemaRoot.create(idOnly, allocator)) {
            session.write(upsert);
            ((BigIntVector) keys.getVector(0)).setSafe(0, 2L);
            ((BigIntVector) keys.getVector(0)).setSafe(1, 2L);
            keys.setRowCount(2);
            ((DeleteApplyingSession) session).deleteKeys(keys);
            session.commit();
        }
        assertThat(rows("select id from dbo." + table + " order by id")).containsExactly(List.of(1L), List.of(3L),
                List.of(4L));

        String soft = SqlServerTestServer.uniqueTable("soft");
        OutputSpec stamped = output(soft, WriteStrategy.MERGE, List.of("id"), Map.of(), null).withOnDelete(OnDelete.SOFT);
        write(stamped, idNote(1L, "one", 2L, "two"));
        try (WriteSession session = sink.beginWrite(stamped, ID_NOTE);
                VectorSchemaRoot keys = VectorSchemaRoot.create(idOnly, allocator)) {
            ((BigIntVector) keys.getVector(0)).setSafe(0, 1L);
            keys.setRowCount(1);
            ((DeleteApplyingSession) session).deleteKeys(keys);
            session.commit();
        }
        assertThat(rows("select id, case when _pz_deleted_at is null then 0 else 1 end from dbo." + soft
                + " order by id")).containsExactly(List.of(1L, 1), List.of(2L, 0));
        write(stamped, idNote(1L, "back"));
        assertThat(rows("select count(*) from dbo." + soft + " where _pz_deleted_at is not null"))
                .as("an upsert revives the row").containsExactly(List.of(0));
    }

    @Test
    void mergeIntoASizedExistingTargetNeedsAUniqueIndexOnExactlyTheKeys() throws Exception {
        String table = SqlServerTestServer.uniqueTable("mergeidx");
        SqlServerTestServer.execute("create table dbo." + table + " (id bigint not null, note nvarchar(50))");
        OutputSpec spec = output(table, WriteStrategy.MERGE, List.of("id"), Map.of(), null);
        assertThatThrownBy(() -> sink.beginWrite(spec, ID_NOTE)).isInstanceOf(PzConnectorException.class)
                .hasMessageContaining("merge requires a unique index or primary key on exactly [id]");
        SqlServerTestServer.execute("create unique index ux_" + table + " on dbo." + table + " (id)",
                "insert into dbo." + table + " values (1, N'old')");
        write(spec, idNote(1L, "updated", 2L, "new"));
        assertThat(rows("select id, note from dbo." + table + " order by id")).containsExactly(List.of(1L, "updated"),
                List.of(2L, "new"));
        assertThat(columnType(table, "note")).isEqualTo("nvarchar/100");
    }

    @Test
    void aNullMergeKeyIsPz0521AndNothingIsWritten() throws Exception {
        String table = SqlServerTestServer.uniqueTable("nullkey");
        try (WriteSession session = sink.beginWrite(output(table, WriteStrategy.MERGE, List.of("id"), Map.of(), null),
                ID_NOTE); VectorSchemaRoot batch = idNote(1L, "a", null, "b")) {
            assertThatThrownBy(() -> session.write(batch)).isInstanceOf(PzConnectorException.class)
                    .matches(e -> ((PzConnectorException) e).code().orElseThrow() == PzCode.MERGE_KEY_NULL)
                    .hasMessage("output 'dbo." + table + "': merge key column 'id' is null in 1 row(s) -- every merge "
                            + "key must be non-null");
        }
        assertThat(rows("select object_id('dbo." + table + "')")).containsExactly(java.util.Arrays.asList((Object) null));
    }

    @Test
    void abortRollsBackTheRowsAndATableTheSessionCreated() throws Exception {
        String table = SqlServerTestServer.uniqueTable("abort");
        try (WriteSession session = sink.beginWrite(output(table, WriteStrategy.APPEND, List.of(), Map.of(), null),
                ID_NOTE); VectorSchemaRoot batch = idNote(1L, "a")) {
            session.write(batch);
            session.abort();
        }
        assertThat(rows("select object_id('dbo." + table + "')")).containsExactly(java.util.Arrays.asList((Object) null));
    }

    @Test
    void withoutATableLockAndInSmallBulkBatchesTheRowsStillLand() throws Exception {
        String table = SqlServerTestServer.uniqueTable("notablock");
        Object[] values = new Object[2_000];
        for (int i = 0; i < 1_000; i++) {
            values[2 * i] = (long) i;
            values[2 * i + 1] = "n" + i;
        }
        write(output(table, WriteStrategy.APPEND, List.of(), Map.of("tablock", false, "batch_size", 100L), null),
                idNote(values));
        assertThat(count("dbo." + table)).isEqualTo(1_000);
    }

    @Test
    void everyWrittenTypeLandsWithItsValueAndNull() throws Exception {
        String table = SqlServerTestServer.uniqueTable("types");
        Schema schema = new Schema(List.of(Field.nullable("i", new ArrowType.Int(32, true)),
                Field.nullable("b", new ArrowType.Int(64, true)),
                Field.nullable("f", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                Field.nullable("d", new ArrowType.Decimal(18, 2, 128)), Field.nullable("t", ArrowType.Utf8.INSTANCE),
                Field.nullable("flag", ArrowType.Bool.INSTANCE), Field.nullable("day", new ArrowType.Date(DateUnit.DAY)),
                Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "+00:00")),
                Field.nullable("bin", ArrowType.Binary.INSTANCE)));
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
            root.allocateNew();
            ((IntVector) root.getVector("i")).setSafe(0, 42);
            ((BigIntVector) root.getVector("b")).setSafe(0, 9_000_000_000L);
            ((Float8Vector) root.getVector("f")).setSafe(0, 1.5);
            ((DecimalVector) root.getVector("d")).setSafe(0, new BigDecimal("-12.34"));
            ((VarCharVector) root.getVector("t")).setSafe(0, "日本語 🦆".getBytes(StandardCharsets.UTF_8));
            ((BitVector) root.getVector("flag")).setSafe(0, 1);
            ((DateDayVector) root.getVector("day")).setSafe(0, (int) LocalDate.of(2026, 3, 27).toEpochDay());
            ((TimeStampMicroTZVector) root.getVector("ts")).setSafe(0,
                    TemporalText.epochMicros(LocalDateTime.of(2026, 3, 27, 10, 30, 0, 123_456_000)));
            ((VarBinaryVector) root.getVector("bin")).setSafe(0, new byte[] {(byte) 0xAA, 0x00});
            root.getFieldVectors().forEach(vector -> vector.setNull(1));
            root.setRowCount(2);
            OutputSpec spec = new OutputSpec("ms", "dbo." + table, WriteStrategy.APPEND, SchemaPolicy.FAIL_ON_CHANGE, Map.of(),
                    List.of(), null, Map.of("t", 6L));
            try (WriteSession session = sink.beginWrite(spec, schema)) {
                session.write(root);
                session.commit();
            }
        }
        List<String> types = new ArrayList<>();
        for (String column : List.of("i", "b", "f", "d", "t", "flag", "day", "ts", "bin")) {
            types.add(columnType(table, column));
        }
        assertThat(types).containsExactly("int/4", "bigint/8", "float/8", "decimal/17", "nvarchar/32", "bit/1", "date/3",
                "datetime2/8", "varbinary/-1");
        try (Connection connection = SqlServerTestServer.jdbc(); Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("select i, b, f, d, t, flag, day, "
                        + "convert(varchar(30), ts, 126), bin from dbo." + table + " order by i desc")) {
            assertThat(result.next()).isTrue();
            assertThat(result.getInt(1)).isEqualTo(42);
            assertThat(result.getLong(2)).isEqualTo(9_000_000_000L);
            assertThat(result.getDouble(3)).isEqualTo(1.5);
            assertThat(result.getBigDecimal(4)).isEqualByComparingTo("-12.34");
            assertThat(result.getString(5)).isEqualTo("日本語 🦆");
            assertThat(result.getBoolean(6)).isTrue();
            assertThat(result.getObject(7, LocalDate.class)).isEqualTo(LocalDate.of(2026, 3, 27));
            assertThat(result.getString(8)).isEqualTo("2026-03-27T10:30:00.123456");
            assertThat(result.getBytes(9)).containsExactly(0xAA, 0x00);
            assertThat(result.next()).isTrue();
            for (int i = 1; i <= 9; i++) {
                result.getObject(i);
                assertThat(result.wasNull()).as("column %d", i).isTrue();
            }
        }
    }

    private static int countWith(Connection connection, String table) throws Exception {
        try (Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("select count(*) from dbo." + table)) {
            result.next();
            return result.getInt(1);
        }
    }
}
